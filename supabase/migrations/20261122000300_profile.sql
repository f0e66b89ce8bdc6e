-- One profile per Auth user, created when Auth inserts the user. Users read and edit their own
-- row (never id, email or role); admins read every row.
create table public.profile (
  id uuid primary key references auth.users (id) on delete cascade,
  nickname text unique check (nickname ~ '^[a-z0-9_]{3,32}$'),
  email text,
  full_name text not null default '' check (char_length(full_name) <= 100),
  bio text not null default '' check (char_length(bio) <= 500),
  avatar_url text check (char_length(avatar_url) <= 2048 and avatar_url ~ '^https://[^\s/?#]+[^\s]*$'),
  location text check (char_length(location) <= 100),
  role text not null default 'user' check (role in ('user', 'admin')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.profile enable row level security;

revoke all on table public.profile from anon, authenticated;
grant select on table public.profile to authenticated;
-- Column privileges are what make id, email and role unchangeable for users.
grant update (nickname, full_name, bio, avatar_url, location) on table public.profile to authenticated;
grant all on table public.profile to service_role;

create policy "profile: users read their own row, admins read all"
  on public.profile for select to authenticated
  using (id = (select auth.uid()) or (select public.is_admin((select auth.uid()))));

create policy "profile: users update their own row"
  on public.profile for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

create trigger profile_touch_updated_at
  before update on public.profile
  for each row execute function public.touch_updated_at();

-- A valid nickname from a username or an e-mail's local part: lower case, [a-z0-9_], 3–32 long.
create function public.nickname_base(source text)
returns text
language sql
immutable
set search_path = ''
as $$
  with cleaned as (
    select left(trim(both '_' from regexp_replace(lower(coalesce(source, '')), '[^a-z0-9_]+', '_', 'g')), 32) as base
  )
  select case
    when base = '' then 'user'
    when char_length(base) < 3 then 'user_' || base
    else base
  end
  from cleaned;
$$;

create function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  base text := public.nickname_base(coalesce(nullif(trim(meta ->> 'username'), ''), split_part(new.email, '@', 1)));
  candidate text := base;
  avatar text := meta ->> 'avatar_url';
  n integer := 1;
begin
  if avatar is not null and (char_length(avatar) > 2048 or avatar !~ '^https://[^\s/?#]+[^\s]*$') then
    avatar := null;
  end if;
  -- Sign-up must never fail on a taken nickname: try base, base_2, base_3, …
  loop
    insert into public.profile (id, nickname, email, full_name, avatar_url, location)
    values (
      new.id, candidate, new.email,
      left(coalesce(meta ->> 'full_name', meta ->> 'name', ''), 100),
      avatar,
      left(meta ->> 'location', 100)
    )
    on conflict do nothing;
    exit when found or exists (select 1 from public.profile p where p.id = new.id);
    n := n + 1;
    candidate := left(base, 32 - char_length(n::text) - 1) || '_' || n;
  end loop;
  return new;
end;
$$;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_new_user();

create function public.sync_profile_email()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profile set email = new.email where id = new.id;
  return new;
end;
$$;

create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row when (old.email is distinct from new.email)
  execute function public.sync_profile_email();

-- profile.role mirrors user_roles, so a profile read shows admin status without a second query.
create function public.sync_profile_role()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profile p
     set role = case when public.is_admin(p.id) then 'admin' else 'user' end
   where p.id in (new.user_id, old.user_id);  -- one of them is null on insert or delete
  return null;
end;
$$;

create trigger user_roles_sync_profile_role
  after insert or update or delete on public.user_roles
  for each row execute function public.sync_profile_role();

-- For the username checker: is a nickname taken here? Profiles themselves stay private.
create function public.nickname_taken(nickname text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.profile p where p.nickname = lower(nickname_taken.nickname));
$$;

revoke all on function public.nickname_base(text) from public, anon, authenticated;
revoke all on function public.handle_new_user() from public, anon, authenticated;
revoke all on function public.sync_profile_email() from public, anon, authenticated;
revoke all on function public.sync_profile_role() from public, anon, authenticated;
revoke all on function public.nickname_taken(text) from public, anon, authenticated;
grant execute on function public.nickname_taken(text) to anon, authenticated, service_role;
