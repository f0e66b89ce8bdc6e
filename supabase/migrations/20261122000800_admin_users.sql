-- The admin area's user list, read from auth.users by a function that checks the caller is an
-- admin, so the rule lives in SQL and the BFF needs no service-role key to list users.
create function public.admin_list_users(search text default null, page_size integer default 50, page_offset integer default 0)
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
  if not public.is_admin(auth.uid()) then
    raise exception 'Only administrators can list users' using errcode = '42501';
  end if;
  if page_size is null or page_size < 1 or page_size > 200 or page_offset is null or page_offset < 0 then
    raise exception 'page_size must be 1–200 and page_offset at least 0' using errcode = '22023';
  end if;
  return query
    select u.id, u.email::text, p.nickname, u.created_at, u.last_sign_in_at,
           public.is_admin(u.id), count(*) over ()
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
