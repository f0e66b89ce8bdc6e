-- Admin status. Only the functions below change it for API callers; service_role (scripts,
-- Studio) may insert the first admin directly.
create table public.user_roles (
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null default 'admin' check (role = 'admin'),
  granted_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (user_id, role)
);
alter table public.user_roles enable row level security;

revoke all on table public.user_roles from anon, authenticated;
grant select on table public.user_roles to authenticated;
grant all on table public.user_roles to service_role;

-- SECURITY DEFINER so policies on other tables (and on this one) can ask without recursion.
create function public.is_admin(user_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.user_roles r where r.user_id = is_admin.user_id and r.role = 'admin'
  );
$$;

create policy "user_roles: users read their own row, admins read all"
  on public.user_roles for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin((select auth.uid()))));

create function public.grant_admin(user_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
begin
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

create function public.revoke_admin(user_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
begin
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

revoke all on function public.is_admin(uuid) from public, anon, authenticated;
revoke all on function public.grant_admin(uuid) from public, anon, authenticated;
revoke all on function public.revoke_admin(uuid) from public, anon, authenticated;
grant execute on function public.is_admin(uuid) to anon, authenticated, service_role;
grant execute on function public.grant_admin(uuid) to authenticated;
grant execute on function public.revoke_admin(uuid) to authenticated;
