-- The app re-checks admin status and disabled pages when these tables change (SPEC §6). The
-- publication exists on Supabase; the local stack has no Realtime server, so it is optional here.
do $$
begin
  if exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    alter publication supabase_realtime add table public.user_roles, public.page_settings;
  end if;
end;
$$;
