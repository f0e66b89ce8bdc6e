-- Issue 27: an admin can see who has an authenticator app and remove it for a user who lost the
-- device. Auth's admin API does the removal (the BFF holds the service-role key); the rule of who
-- may ask lives here, like every admin rule: an admin, whose own second step is done (aal2).

-- The user list gains has_authenticator (a verified factor). The return type changes, so the
-- function is dropped and made again, with the same checks and grants as 20261125001200.
drop function public.admin_list_users(text, integer, integer);

create function public.admin_list_users(search text default null, page_size integer default 50, page_offset integer default 0)
returns table (
  id uuid,
  email text,
  nickname text,
  created_at timestamptz,
  last_sign_in_at timestamptz,
  is_admin boolean,
  has_authenticator boolean,
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
  return query
    select u.id, u.email::text, p.nickname, u.created_at, u.last_sign_in_at,
           exists (select 1 from public.user_roles r where r.user_id = u.id and r.role = 'admin'),
           exists (select 1 from auth.mfa_factors f where f.user_id = u.id and f.status = 'verified'),
           count(*) over ()
      from auth.users u
      left join public.profile p on p.id = u.id
     where search is null or search = ''
        or u.email ilike pattern or p.nickname ilike pattern
     order by u.created_at desc, u.id
     limit page_size offset page_offset;
end;
$$;

revoke all on function public.admin_list_users(text, integer, integer) from public, anon, authenticated;
grant execute on function public.admin_list_users(text, integer, integer) to authenticated;

-- Asked by the BFF before it removes a user's factors through Auth's admin API: refuses anyone but an
-- admin at aal2 (42501), and an unknown user (P0002). Returns how many verified factors the user has.
create function public.admin_authenticator_removal(target uuid)
returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_mfa_satisfied();
  if not public.is_admin(auth.uid()) then
    raise exception 'Only administrators can remove a user''s authenticator' using errcode = '42501';
  end if;
  if not exists (select 1 from auth.users u where u.id = target) then
    raise exception 'No such user' using errcode = 'P0002';
  end if;
  return (select count(*) from auth.mfa_factors f where f.user_id = target and f.status = 'verified');
end;
$$;

revoke all on function public.admin_authenticator_removal(uuid) from public, anon, authenticated;
grant execute on function public.admin_authenticator_removal(uuid) to authenticated;
