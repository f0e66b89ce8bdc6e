-- The SECURITY DEFINER functions that read or write the caller's own rows bypass row-level
-- security, so the restrictive policies of 20261125001100 do not reach them: each starts with the
-- same guard. Bodies otherwise as before (20261122000400, 20261122000500).

create or replace function public.create_short_link(
  url text,
  alias text default null,
  expires_at timestamptz default null,
  max_clicks integer default null
)
returns public.shortened_urls
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target text;
  wanted text := nullif(trim(alias), '');
  created public.shortened_urls;
begin
  perform public.require_mfa_satisfied();
  target := public.normalize_link_target(url);
  if create_short_link.expires_at is not null and create_short_link.expires_at <= now() then
    raise exception 'The expiry date must be in the future' using errcode = '22023';
  end if;
  if create_short_link.max_clicks is not null and create_short_link.max_clicks < 1 then
    raise exception 'The click limit must be at least 1' using errcode = '22023';
  end if;

  if wanted is not null then
    if wanted !~ '^[A-Za-z0-9_-]{3,64}$' then
      raise exception 'An alias is 3 to 64 letters, digits, - or _' using errcode = '22023';
    end if;
    if lower(wanted) = any (public.short_link_reserved_words()) then
      raise exception 'The alias "%" is reserved', wanted using errcode = '22023';
    end if;
    begin
      insert into public.shortened_urls (original_url, short_code, expires_at, max_clicks, user_id)
      values (target, wanted, create_short_link.expires_at, create_short_link.max_clicks, auth.uid())
      returning * into created;
    exception when unique_violation then
      raise exception 'The alias "%" is already taken', wanted using errcode = '23505';
    end;
    return created;
  end if;

  -- 55^7 ≈ 1.5 × 10^12 codes: a collision is rare, several in a row practically impossible.
  for attempt in 1 .. 10 loop
    begin
      insert into public.shortened_urls (original_url, short_code, expires_at, max_clicks, user_id)
      values (target, public.random_code(7), create_short_link.expires_at, create_short_link.max_clicks, auth.uid())
      returning * into created;
      return created;
    exception when unique_violation then
      null;  -- try another code
    end;
  end loop;
  raise exception 'Could not find a free short code' using errcode = '55000';
end;
$$;

create or replace function public.create_paste(
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
  perform public.require_mfa_satisfied();
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

create or replace function public.view_paste(paste_id text)
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
  perform public.require_mfa_satisfied();
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

-- Covers update_paste_with_token and delete_paste_with_token, which both start here.
create or replace function public.paste_for_token(paste_id text, edit_token text)
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
  perform public.require_mfa_satisfied();
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

-- Covers like_paste and unlike_paste.
create or replace function public.set_paste_like(paste_id text, liked boolean)
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
  perform public.require_mfa_satisfied();
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

create or replace function public.duplicate_paste(paste_id text)
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
  perform public.require_mfa_satisfied();
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
