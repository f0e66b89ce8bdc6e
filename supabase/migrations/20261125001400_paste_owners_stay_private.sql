-- Who wrote a paste is nobody else's business: public reads (a paste by id, the recent list) no
-- longer carry the owner's user_id. A caller sees user_id only on their own pastes; anon and
-- authenticated lose the column privilege, so a direct select (PostgREST) cannot list it either.
-- Row-level security keeps deciding with the column: policies do not need the caller's privilege.

revoke select (user_id) on table public.pastes from anon, authenticated;

-- What callers see of a paste: everything but the token hash, and the owner only to the owner.
create or replace function public.paste_json(p public.pastes)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select (to_jsonb(p) - 'edit_token_hash')
         || jsonb_build_object('user_id', case when p.user_id = auth.uid() then p.user_id end);
$$;

-- The two paste lists, newest first, `page_size` rows from just before the keyset cursor
-- (before_created_at, before_id): 'recent', the live public pastes (not burn-after-read ones),
-- and 'mine', the caller's live pastes of every privacy. A preview instead of the whole text.
create function public.list_pastes(
  scope text default 'recent',
  page_size integer default 10,
  before_created_at timestamptz default null,
  before_id text default null
)
returns table (
  id text,
  title text,
  language text,
  privacy text,
  user_id uuid,
  created_at timestamptz,
  updated_at timestamptz,
  expires_at timestamptz,
  burn_after_read boolean,
  views bigint,
  likes bigint,
  preview text,
  size integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  after_all boolean := before_created_at is null;
begin
  perform public.require_mfa_satisfied();
  if scope is null or scope not in ('recent', 'mine') then
    raise exception 'scope must be recent or mine' using errcode = '22023';
  end if;
  if page_size is null or page_size < 1 or page_size > 200 then
    raise exception 'page_size must be 1–200' using errcode = '22023';
  end if;
  if (before_created_at is null) <> (before_id is null) then
    raise exception 'A cursor needs both before_created_at and before_id' using errcode = '22023';
  end if;
  if scope = 'mine' then
    if caller is null then
      raise exception 'Sign in to list your pastes' using errcode = '42501';
    end if;
    return query
      select p.id, p.title, p.language, p.privacy, p.user_id, p.created_at, p.updated_at, p.expires_at,
             p.burn_after_read, p.views, p.likes, left(p.content, 280), char_length(p.content)
        from public.pastes p
       where p.user_id = caller and (p.expires_at is null or p.expires_at > now())
         and (after_all or (p.created_at, p.id) < (before_created_at, before_id))
       order by p.created_at desc, p.id desc
       limit page_size;
    return;
  end if;
  return query
    select p.id, p.title, p.language, p.privacy, case when p.user_id = caller then p.user_id end,
           p.created_at, p.updated_at, p.expires_at, p.burn_after_read, p.views, p.likes,
           left(p.content, 280), char_length(p.content)
      from public.pastes p
     where p.privacy = 'public' and not p.burn_after_read and (p.expires_at is null or p.expires_at > now())
       and (after_all or (p.created_at, p.id) < (before_created_at, before_id))
     order by p.created_at desc, p.id desc
     limit page_size;
end;
$$;

revoke all on function public.list_pastes(text, integer, timestamptz, text) from public, anon, authenticated;
grant execute on function public.list_pastes(text, integer, timestamptz, text) to anon, authenticated, service_role;
