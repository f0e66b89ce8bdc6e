-- One admin check for the moderation functions (20261123000200_admin_moderation.sql) instead of
-- the same three lines in the paging check and both deletes. Commit e15a2bf made this change by
-- editing that landed migration; it is restored and the change lives here. `create or replace`
-- throughout, so a database that applied the edited text ends exactly like one that did not.

-- The one admin check every moderation function starts with.
create or replace function public.admin_require_moderator()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not public.is_admin(auth.uid()) then
    raise exception 'Only administrators can moderate' using errcode = '42501';
  end if;
end;
$$;
revoke all on function public.admin_require_moderator() from public, anon, authenticated;

-- The functions below keep their grants: `create or replace` leaves a function's privileges as they are.
create or replace function public.admin_check_paging(page_size integer, page_offset integer)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  perform public.admin_require_moderator();
  if page_size is null or page_size < 1 or page_size > 100 or page_offset is null or page_offset < 0 then
    raise exception 'page_size must be 1–100 and page_offset at least 0' using errcode = '22023';
  end if;
end;
$$;

create or replace function public.admin_delete_paste(paste_id text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.admin_require_moderator();
  delete from public.pastes where id = paste_id;
  if not found then
    raise exception 'No such paste' using errcode = 'P0002';
  end if;
end;
$$;

create or replace function public.admin_delete_short_link(code text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.admin_require_moderator();
  delete from public.shortened_urls where short_code = code;
  if not found then
    raise exception 'No such short link' using errcode = 'P0002';
  end if;
end;
$$;
