-- Server-side pastes. Public pastes are readable by everyone; unlisted ones by whoever has the id
-- (through view_paste, so they cannot be listed); private ones by their owner only. Owners change
-- and delete through RLS; anonymous authors through their edit token (only its hash is stored).
create table public.pastes (
  id text primary key default public.random_code(10) check (id ~ '^[A-Za-z0-9]{6,32}$'),
  title text not null default '' check (char_length(title) <= 200),
  content text not null check (octet_length(content) between 1 and 524288),
  language text not null default 'plaintext' check (language ~ '^[a-z0-9][a-z0-9+#._-]{0,31}$'),
  privacy text not null default 'public' check (privacy in ('public', 'unlisted', 'private')),
  user_id uuid references auth.users (id) on delete cascade,
  edit_token_hash text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  expires_at timestamptz,
  burn_after_read boolean not null default false,
  views bigint not null default 0 check (views >= 0),
  likes bigint not null default 0 check (likes >= 0),
  constraint pastes_private_needs_owner check (privacy <> 'private' or user_id is not null),
  constraint pastes_anonymous_needs_edit_token check (user_id is not null or edit_token_hash is not null)
);
create index pastes_public_recent_idx on public.pastes (created_at desc) where privacy = 'public';
create index pastes_user_id_created_at_idx on public.pastes (user_id, created_at desc);
create index pastes_expires_at_idx on public.pastes (expires_at) where expires_at is not null;
alter table public.pastes enable row level security;

revoke all on table public.pastes from anon, authenticated;
-- Every column but edit_token_hash.
grant select (id, title, content, language, privacy, user_id, created_at, updated_at, expires_at,
              burn_after_read, views, likes)
  on table public.pastes to anon, authenticated;
grant update (title, content, language, privacy, expires_at, burn_after_read) on table public.pastes to authenticated;
grant delete on table public.pastes to authenticated;
grant all on table public.pastes to service_role;

-- Burn-after-read pastes are left out so nobody reads one without burning it (view_paste).
create policy "pastes: everyone reads live public pastes, owners read their own"
  on public.pastes for select to anon, authenticated
  using (
    (expires_at is null or expires_at > now())
    and ((privacy = 'public' and not burn_after_read) or user_id = (select auth.uid()))
  );

create policy "pastes: owners update their live pastes"
  on public.pastes for update to authenticated
  using (user_id = (select auth.uid()) and (expires_at is null or expires_at > now()))
  with check (user_id = (select auth.uid()));

create policy "pastes: owners delete their pastes"
  on public.pastes for delete to authenticated
  using (user_id = (select auth.uid()));

-- updated_at moves on edits only, not when views or likes are counted; a new expiry lies ahead.
create function public.pastes_touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.expires_at is distinct from old.expires_at and new.expires_at <= now() then
    raise exception 'The expiry date must be in the future' using errcode = '22023';
  end if;
  if (new.title, new.content, new.language, new.privacy, new.expires_at, new.burn_after_read)
     is distinct from (old.title, old.content, old.language, old.privacy, old.expires_at, old.burn_after_read) then
    new.updated_at := now();
  end if;
  return new;
end;
$$;

create trigger pastes_touch_updated_at
  before update on public.pastes
  for each row execute function public.pastes_touch_updated_at();

create table public.paste_likes (
  paste_id text not null references public.pastes (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (paste_id, user_id)
);
create index paste_likes_user_id_idx on public.paste_likes (user_id);
alter table public.paste_likes enable row level security;

revoke all on table public.paste_likes from anon, authenticated;
grant select on table public.paste_likes to authenticated;
grant all on table public.paste_likes to service_role;

create policy "paste_likes: users read their own likes"
  on public.paste_likes for select to authenticated
  using (user_id = (select auth.uid()));

-- What callers see of a paste: everything but the token hash.
create function public.paste_json(p public.pastes)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select to_jsonb(p) - 'edit_token_hash';
$$;

-- Who may read a paste by its id: it is live, and public, unlisted or the caller's own.
create function public.paste_readable_by_id(p public.pastes, caller uuid)
returns boolean
language sql
stable
set search_path = ''
as $$
  select (p.expires_at is null or p.expires_at > now())
     and (p.privacy in ('public', 'unlisted') or p.user_id = caller);
$$;

create function public.hash_edit_token(token text)
returns text
language sql
immutable
set search_path = ''
as $$
  select encode(extensions.digest(convert_to(token, 'UTF8'), 'sha256'), 'hex');
$$;

-- Creates a paste for the caller. Anonymous pastes get an edit token, returned here only once.
create function public.create_paste(
  content text,
  title text default '',
  language text default 'plaintext',
  privacy text default 'public',
  expires_at timestamptz default null,
  burn_after_read boolean default false
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  token text;
  created public.pastes;
begin
  if create_paste.privacy = 'private' and caller is null then
    raise exception 'Sign in to create private pastes' using errcode = '22023';
  end if;
  if create_paste.expires_at is not null and create_paste.expires_at <= now() then
    raise exception 'The expiry date must be in the future' using errcode = '22023';
  end if;
  if caller is null then
    token := translate(encode(extensions.gen_random_bytes(24), 'base64'), '+/', '-_');
  end if;
  for attempt in 1 .. 10 loop
    begin
      insert into public.pastes (id, title, content, language, privacy, user_id, edit_token_hash,
                                 expires_at, burn_after_read)
      values (public.random_code(10), coalesce(create_paste.title, ''), create_paste.content,
              coalesce(create_paste.language, 'plaintext'), coalesce(create_paste.privacy, 'public'),
              caller, public.hash_edit_token(token), create_paste.expires_at,
              coalesce(create_paste.burn_after_read, false))
      returning * into created;
      exit;
    exception when unique_violation then
      null;  -- id taken: draw another
    end;
  end loop;
  if created.id is null then
    raise exception 'Could not find a free paste id' using errcode = '55000';
  end if;
  return public.paste_json(created) || case when token is null then '{}'::jsonb
                                            else jsonb_build_object('edit_token', token) end;
end;
$$;

-- Reads a paste by id, counting the view in the same statement. Burn-after-read pastes are
-- deleted by their first view (except the owner's own). Nothing for unknown, expired or
-- forbidden pastes: callers cannot tell a private paste from a missing one.
create function public.view_paste(paste_id text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  seen public.pastes;
begin
  update public.pastes p
     set views = p.views + 1
   where p.id = view_paste.paste_id
     and public.paste_readable_by_id(p, caller)
  returning * into seen;
  if seen.id is null then
    return null;
  end if;
  if seen.burn_after_read and (caller is null or seen.user_id is distinct from caller) then
    delete from public.pastes p where p.id = seen.id;
  end if;
  return public.paste_json(seen);
end;
$$;

-- The paste the caller may change without RLS: an anonymous paste whose edit token they hold, or
-- their own. Private pastes of others look missing, so a token cannot probe for them.
create function public.paste_for_token(paste_id text, edit_token text)
returns public.pastes
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  found_paste public.pastes;
begin
  select * into found_paste from public.pastes p
   where p.id = paste_for_token.paste_id and (p.expires_at is null or p.expires_at > now())
     and (p.privacy <> 'private' or p.user_id = caller)
   for update;
  if found_paste.id is null then
    raise exception 'No paste has this id' using errcode = 'P0002';
  end if;
  if caller is not null and found_paste.user_id = caller then
    return found_paste;
  end if;
  if found_paste.user_id is not null or found_paste.edit_token_hash is null
     or found_paste.edit_token_hash <> public.hash_edit_token(coalesce(edit_token, '')) then
    raise exception 'The edit token does not match this paste' using errcode = '42501';
  end if;
  return found_paste;
end;
$$;

-- Edits by an anonymous author (or the owner). Keys of `changes` that are absent keep their value.
create function public.update_paste_with_token(paste_id text, edit_token text, changes jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  current_paste public.pastes := public.paste_for_token(paste_id, edit_token);
  updated public.pastes;
begin
  if changes ? 'privacy' and changes ->> 'privacy' = 'private' and current_paste.user_id is null then
    raise exception 'Sign in to make a paste private' using errcode = '22023';
  end if;
  update public.pastes p set
    title = case when changes ? 'title' then coalesce(changes ->> 'title', '') else p.title end,
    content = case when changes ? 'content' then changes ->> 'content' else p.content end,
    language = case when changes ? 'language' then coalesce(changes ->> 'language', 'plaintext') else p.language end,
    privacy = case when changes ? 'privacy' then changes ->> 'privacy' else p.privacy end,
    expires_at = case when changes ? 'expires_at' then (changes ->> 'expires_at')::timestamptz else p.expires_at end,
    burn_after_read = case when changes ? 'burn_after_read' then coalesce((changes ->> 'burn_after_read')::boolean, false)
                           else p.burn_after_read end
   where p.id = current_paste.id
  returning * into updated;
  return public.paste_json(updated);
end;
$$;

create function public.delete_paste_with_token(paste_id text, edit_token text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  current_paste public.pastes := public.paste_for_token(paste_id, edit_token);
begin
  delete from public.pastes p where p.id = current_paste.id;
end;
$$;

-- One like per signed-in user and paste; the counter moves only when the like really changes.
create function public.set_paste_like(paste_id text, liked boolean)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  changed boolean;
  total bigint;
begin
  if caller is null then
    raise exception 'Sign in to like pastes' using errcode = '42501';
  end if;
  perform 1 from public.pastes p
   where p.id = set_paste_like.paste_id
     and public.paste_readable_by_id(p, caller)
   for update;
  if not found then
    raise exception 'No paste has this id' using errcode = 'P0002';
  end if;
  if liked then
    insert into public.paste_likes (paste_id, user_id) values (set_paste_like.paste_id, caller) on conflict do nothing;
  else
    delete from public.paste_likes l where l.paste_id = set_paste_like.paste_id and l.user_id = caller;
  end if;
  changed := found;
  update public.pastes p
     set likes = greatest(p.likes + case when not changed then 0 when liked then 1 else -1 end, 0)
   where p.id = set_paste_like.paste_id
  returning p.likes into total;
  return jsonb_build_object('likes', total, 'liked', liked, 'counted', changed);
end;
$$;

create function public.like_paste(paste_id text)
returns jsonb
language sql
volatile
security definer
set search_path = ''
as $$
  select public.set_paste_like(paste_id, true);
$$;

create function public.unlike_paste(paste_id text)
returns jsonb
language sql
volatile
security definer
set search_path = ''
as $$
  select public.set_paste_like(paste_id, false);
$$;

-- SPEC §4: a duplicate gets ' (Copy)' after the title and fresh counters; it belongs to the caller.
-- Burn-after-read pastes are not duplicated by others: that would read them without burning.
create function public.duplicate_paste(paste_id text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  source public.pastes;
begin
  select * into source from public.pastes p
   where p.id = duplicate_paste.paste_id
     and public.paste_readable_by_id(p, caller)
     and (not p.burn_after_read or p.user_id = caller);
  if source.id is null then
    raise exception 'No paste has this id' using errcode = 'P0002';
  end if;
  return public.create_paste(
    source.content,
    left(source.title, 193) || ' (Copy)',
    source.language,
    source.privacy,
    source.expires_at,
    false
  );
end;
$$;

-- Expired pastes are never returned; this removes them. Scheduled with pg_cron where the
-- extension exists; the BFF also calls it periodically.
create function public.purge_expired()
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  removed integer;
begin
  delete from public.pastes p where p.expires_at is not null and p.expires_at <= now();
  get diagnostics removed = row_count;
  return removed;
end;
$$;

do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('toolkit-purge-expired', '*/5 * * * *', 'select public.purge_expired()');
  end if;
end;
$$;

revoke all on function public.pastes_touch_updated_at() from public, anon, authenticated;
revoke all on function public.paste_json(public.pastes) from public, anon, authenticated;
revoke all on function public.paste_readable_by_id(public.pastes, uuid) from public, anon, authenticated;
revoke all on function public.hash_edit_token(text) from public, anon, authenticated;
revoke all on function public.paste_for_token(text, text) from public, anon, authenticated, service_role;
revoke all on function public.create_paste(text, text, text, text, timestamptz, boolean) from public, anon, authenticated;
revoke all on function public.view_paste(text) from public, anon, authenticated;
revoke all on function public.update_paste_with_token(text, text, jsonb) from public, anon, authenticated;
revoke all on function public.delete_paste_with_token(text, text) from public, anon, authenticated;
revoke all on function public.set_paste_like(text, boolean) from public, anon, authenticated, service_role;
revoke all on function public.like_paste(text) from public, anon, authenticated;
revoke all on function public.unlike_paste(text) from public, anon, authenticated;
revoke all on function public.duplicate_paste(text) from public, anon, authenticated;
revoke all on function public.purge_expired() from public, anon, authenticated;
grant execute on function public.create_paste(text, text, text, text, timestamptz, boolean) to anon, authenticated, service_role;
grant execute on function public.view_paste(text) to anon, authenticated, service_role;
grant execute on function public.update_paste_with_token(text, text, jsonb) to anon, authenticated, service_role;
grant execute on function public.delete_paste_with_token(text, text) to anon, authenticated, service_role;
grant execute on function public.like_paste(text) to authenticated;
grant execute on function public.unlike_paste(text) to authenticated;
grant execute on function public.duplicate_paste(text) to anon, authenticated, service_role;
grant execute on function public.purge_expired() to service_role;
