-- Admin powers need aal2 once the admin has a verified factor, and admin status is no longer
-- public: each admin function starts with require_mfa_satisfied(), and is_admin(uuid) answers API
-- callers about themselves only (admins, with their second step done, about anyone).

-- Internal callers (policies asking about auth.uid(), triggers, SECURITY DEFINER functions acting
-- for an admin, service_role, the Auth server) get the plain answer. An API caller asking about
-- someone else must be an admin, so no visitor or user can list who the admins are.
create or replace function public.is_admin(user_id uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
begin
  if is_admin.user_id is distinct from caller and coalesce(auth.role(), '') in ('anon', 'authenticated')
     and not (caller is not null and public.mfa_satisfied()
              and exists (select 1 from public.user_roles r where r.user_id = caller and r.role = 'admin')) then
    raise exception 'Only administrators can ask whether another user is an administrator' using errcode = '42501';
  end if;
  return exists (
    select 1 from public.user_roles r where r.user_id = is_admin.user_id and r.role = 'admin'
  );
end;
$$;

-- The caller's admin powers right now: an admin, and aal2 if they have a verified factor. For the
-- app and the BFF's checks (disabled pages, /api/me); false for anonymous callers.
create function public.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select public.is_admin(auth.uid()) and public.mfa_satisfied();
$$;

-- is_admin(uuid) was granted to anon after its revoke (20261122000200); closed now. Signed-in
-- callers keep it: the policies that ask it run as them.
revoke all on function public.is_admin(uuid) from public, anon;
grant execute on function public.is_admin(uuid) to authenticated, service_role;
revoke all on function public.is_admin() from public, anon, authenticated;
grant execute on function public.is_admin() to anon, authenticated, service_role;

-- profile.role mirrors user_roles; read directly, so the trigger never depends on who is asking.
create or replace function public.sync_profile_role()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profile p
     set role = case when exists (select 1 from public.user_roles r where r.user_id = p.id and r.role = 'admin')
                     then 'admin' else 'user' end
   where p.id in (new.user_id, old.user_id);  -- one of them is null on insert or delete
  return null;
end;
$$;

create or replace function public.grant_admin(user_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
begin
  perform public.require_mfa_satisfied();
  if caller is null or not public.is_admin(caller) then
    raise exception 'Only administrators can grant admin rights' using errcode = '42501';
  end if;
  if grant_admin.user_id = caller then
    raise exception 'You cannot grant admin rights to yourself' using errcode = '42501';
  end if;
  if not exists (select 1 from auth.users u where u.id = grant_admin.user_id) then
    raise exception 'No user has this id' using errcode = 'P0002';
  end if;
  insert into public.user_roles (user_id, role, granted_by)
  values (grant_admin.user_id, 'admin', caller)
  on conflict do nothing;
end;
$$;

create or replace function public.revoke_admin(user_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
begin
  perform public.require_mfa_satisfied();
  if caller is null or not public.is_admin(caller) then
    raise exception 'Only administrators can revoke admin rights' using errcode = '42501';
  end if;
  -- Lock every admin row, so two admins revoking each other at once cannot both succeed; then
  -- check again, since the caller may have lost the right while waiting.
  perform 1 from public.user_roles r where r.role = 'admin' for update;
  if not public.is_admin(caller) then
    raise exception 'Only administrators can revoke admin rights' using errcode = '42501';
  end if;
  if not public.is_admin(revoke_admin.user_id) then
    raise exception 'This user is not an administrator' using errcode = 'P0002';
  end if;
  if (select count(*) from public.user_roles r where r.role = 'admin') <= 1 then
    raise exception 'The last administrator cannot be revoked' using errcode = 'PT409';
  end if;
  delete from public.user_roles r where r.user_id = revoke_admin.user_id and r.role = 'admin';
end;
$$;

create or replace function public.admin_list_users(search text default null, page_size integer default 50, page_offset integer default 0)
returns table (
  id uuid,
  email text,
  nickname text,
  created_at timestamptz,
  last_sign_in_at timestamptz,
  is_admin boolean,
  total bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  -- The search text is matched literally: LIKE wildcards in it are escaped.
  pattern text := '%' || replace(replace(replace(coalesce(search, ''), '\', '\\'), '%', '\%'), '_', '\_') || '%';
begin
  perform public.require_mfa_satisfied();
  if not public.is_admin(auth.uid()) then
    raise exception 'Only administrators can list users' using errcode = '42501';
  end if;
  if page_size is null or page_size < 1 or page_size > 200 or page_offset is null or page_offset < 0 then
    raise exception 'page_size must be 1–200 and page_offset at least 0' using errcode = '22023';
  end if;
  -- Admin status straight from user_roles: is_admin(uuid) would re-check the caller on every row.
  return query
    select u.id, u.email::text, p.nickname, u.created_at, u.last_sign_in_at,
           exists (select 1 from public.user_roles r where r.user_id = u.id and r.role = 'admin'),
           count(*) over ()
      from auth.users u
      left join public.profile p on p.id = u.id
     where search is null or search = ''
        or u.email ilike pattern or p.nickname ilike pattern
     order by u.created_at desc, u.id
     limit page_size offset page_offset;
end;
$$;

-- Every moderation function (lists and deletes) starts with this check.
create or replace function public.admin_require_moderator()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  perform public.require_mfa_satisfied();
  if not public.is_admin(auth.uid()) then
    raise exception 'Only administrators can moderate' using errcode = '42501';
  end if;
end;
$$;
