-- The app re-checks admin status and disabled pages when these tables change (SPEC §6). The
-- publication exists on Supabase; the local stack has no Realtime server, so it is optional here.
-- Added one by one and only when missing, and not to a FOR ALL TABLES publication (which errors).
do $$
declare
  t text;
begin
  if exists (select 1 from pg_publication where pubname = 'supabase_realtime' and not puballtables) then
    foreach t in array array['user_roles', 'page_settings'] loop
      if not exists (select 1 from pg_publication_tables
                      where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = t) then
        execute format('alter publication supabase_realtime add table public.%I', t);
      end if;
    end loop;
  end if;
end;
$$;
