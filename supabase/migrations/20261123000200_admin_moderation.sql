-- Moderation for the admin area: the most recent public pastes and live short links, and deleting
-- one. Functions that check the caller is an admin (as admin_list_users does) rather than admin
-- policies on the tables, so the owners' own lists and deletes keep exactly their current rules.

-- Like admin_list_users: the search text is matched literally, page_size is 1–100.
create function public.admin_like_pattern(search text)
returns text
language sql
immutable
set search_path = ''
as $$
  select '%' || replace(replace(replace(coalesce(search, ''), '\', '\\'), '%', '\%'), '_', '\_') || '%';
$$;
revoke all on function public.admin_like_pattern(text) from public, anon, authenticated;

create function public.admin_check_paging(page_size integer, page_offset integer)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not public.is_admin(auth.uid()) then
    raise exception 'Only administrators can moderate' using errcode = '42501';
  end if;
  if page_size is null or page_size < 1 or page_size > 100 or page_offset is null or page_offset < 0 then
    raise exception 'page_size must be 1–100 and page_offset at least 0' using errcode = '22023';
  end if;
end;
$$;
revoke all on function public.admin_check_paging(integer, integer) from public, anon, authenticated;

-- Live public pastes, newest first, with who wrote them and the start of the text. A
-- burn-after-read paste's text stays unread (null excerpt): only its one reader may see it.
create function public.admin_recent_pastes(search text default null, page_size integer default 20, page_offset integer default 0)
returns table (
  id text,
  title text,
  language text,
  excerpt text,
  author_email text,
  created_at timestamptz,
  expires_at timestamptz,
  burn_after_read boolean,
  views bigint,
  likes bigint,
  total bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  pattern text := public.admin_like_pattern(search);
begin
  perform public.admin_check_paging(page_size, page_offset);
  return query
    select p.id, p.title, p.language,
           case when p.burn_after_read then null else left(p.content, 200) end,
           u.email::text, p.created_at, p.expires_at, p.burn_after_read, p.views, p.likes,
           count(*) over ()
      from public.pastes p
      left join auth.users u on u.id = p.user_id
     where p.privacy = 'public' and (p.expires_at is null or p.expires_at > now())
       and (search is null or search = '' or p.id ilike pattern or p.title ilike pattern)
     order by p.created_at desc, p.id
     limit page_size offset page_offset;
end;
$$;
revoke all on function public.admin_recent_pastes(text, integer, integer) from public, anon, authenticated;
grant execute on function public.admin_recent_pastes(text, integer, integer) to authenticated;

-- Short links that still redirect, newest first (every link is public: its code is the only key).
create function public.admin_recent_short_links(search text default null, page_size integer default 20, page_offset integer default 0)
returns table (
  short_code text,
  original_url text,
  owner_email text,
  created_at timestamptz,
  expires_at timestamptz,
  clicks bigint,
  max_clicks integer,
  total bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  pattern text := public.admin_like_pattern(search);
begin
  perform public.admin_check_paging(page_size, page_offset);
  return query
    select s.short_code, s.original_url, u.email::text, s.created_at, s.expires_at, s.clicks, s.max_clicks,
           count(*) over ()
      from public.shortened_urls s
      left join auth.users u on u.id = s.user_id
     where (s.expires_at is null or s.expires_at > now())
       and (s.max_clicks is null or s.clicks < s.max_clicks)
       and (search is null or search = '' or s.short_code ilike pattern or s.original_url ilike pattern)
     order by s.created_at desc, s.short_code
     limit page_size offset page_offset;
end;
$$;
revoke all on function public.admin_recent_short_links(text, integer, integer) from public, anon, authenticated;
grant execute on function public.admin_recent_short_links(text, integer, integer) to authenticated;

-- Deleting: P0002 (not found) when there is no such row, so a second click says so. The short
-- link's delete trigger tells the redirect service's caches at once.
create function public.admin_delete_paste(paste_id text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not public.is_admin(auth.uid()) then
    raise exception 'Only administrators can moderate' using errcode = '42501';
  end if;
  delete from public.pastes where id = paste_id;
  if not found then
    raise exception 'No such paste' using errcode = 'P0002';
  end if;
end;
$$;
revoke all on function public.admin_delete_paste(text) from public, anon, authenticated;
grant execute on function public.admin_delete_paste(text) to authenticated;

create function public.admin_delete_short_link(code text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not public.is_admin(auth.uid()) then
    raise exception 'Only administrators can moderate' using errcode = '42501';
  end if;
  delete from public.shortened_urls where short_code = code;
  if not found then
    raise exception 'No such short link' using errcode = 'P0002';
  end if;
end;
$$;
revoke all on function public.admin_delete_short_link(text) from public, anon, authenticated;
grant execute on function public.admin_delete_short_link(text) to authenticated;
