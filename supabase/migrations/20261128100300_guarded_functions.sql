-- Every SECURITY DEFINER function a credential can reach with its caller's claims asks what that
-- credential may reach (require_credential, 20261128100000) before anything else, as the restrictive
-- policies do for direct reads: a personal API token only its scopes, an OAuth client nothing here, a
-- banned user nothing. And what they create or read as "theirs" belongs to account_uid(): an anonymous
-- user is served as a visitor (their pastes get an edit token, their links no owner, nothing private).
-- Bodies otherwise as before (20261125001300, 20261126002200, 20261126002300); like_paste,
-- unlike_paste, update_paste_with_token, delete_paste_with_token, create_encrypted_paste and
-- create_short_link_with_password start in the functions below. The admin functions ask
-- is_admin(auth.uid()), which says no to every credential but a session (20261128100000).
-- resolve_short_link, short_link_state and nickname_taken stay as they are: they give anyone what they
-- give anon, so no credential can reach more through them.

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
  perform public.require_credential('links');
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
      values (target, wanted, create_short_link.expires_at, create_short_link.max_clicks, public.account_uid())
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
      values (target, public.random_code(7), create_short_link.expires_at, create_short_link.max_clicks, public.account_uid())
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
  caller uuid := public.account_uid();
  token text;
  created public.pastes;
begin
  perform public.require_credential('pastes');
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
  caller uuid := public.account_uid();
  seen public.pastes;
begin
  perform public.require_credential('pastes');
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

create or replace function public.paste_for_token(paste_id text, edit_token text)
returns public.pastes
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := public.account_uid();
  found_paste public.pastes;
begin
  perform public.require_credential('pastes');
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

create or replace function public.set_paste_like(paste_id text, liked boolean)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := public.account_uid();
  changed boolean;
  total bigint;
begin
  perform public.require_credential('pastes');
  if caller is null and auth.uid() is not null then  -- an anonymous user: one like per account, not per sign-in
    raise exception 'Sign up with an e-mail address to like pastes' using errcode = '42501', hint = 'anonymous_user';
  end if;
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
  caller uuid := public.account_uid();
  source public.pastes;
begin
  perform public.require_credential('pastes');
  perform public.require_mfa_satisfied();
  select * into source from public.pastes p
   where p.id = duplicate_paste.paste_id
     and public.paste_readable_by_id(p, caller)
     and (not p.burn_after_read or p.user_id = caller);
  if source.id is null then
    raise exception 'No paste has this id' using errcode = 'P0002';
  end if;
  if source.encrypted then
    raise exception 'An encrypted paste cannot be copied on the server: only your browser can read it' using errcode = '22023';
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

create or replace function public.list_pastes(
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
  size integer,
  encrypted boolean
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := public.account_uid();
  after_all boolean := before_created_at is null;
begin
  perform public.require_credential('pastes');
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
             p.burn_after_read, p.views, p.likes, case when p.encrypted then '' else left(p.content, 280) end,
             char_length(p.content), p.encrypted
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
           left(p.content, 280), char_length(p.content), p.encrypted
      from public.pastes p
     where p.privacy = 'public' and not p.burn_after_read and (p.expires_at is null or p.expires_at > now())
       and (after_all or (p.created_at, p.id) < (before_created_at, before_id))
     order by p.created_at desc, p.id desc
     limit page_size;
end;
$$;

-- Someone else's link: only an admin's session at aal2 (an admin without it is told why).
create or replace function public.short_link_stats(link_id uuid, days integer default 30)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  link public.shortened_urls;
  first_day date := (now() at time zone 'utc')::date - (days - 1);
begin
  perform public.require_credential('links');
  perform public.require_mfa_satisfied();
  if days is null or days < 1 or days > 366 then
    raise exception 'days must be 1–366' using errcode = '22023';
  end if;
  select * into link from public.shortened_urls s where s.id = short_link_stats.link_id;
  if link.id is not null and link.user_id is distinct from public.account_uid() and public.is_admin()
     and not public.is_admin_at_aal2() then
    raise exception 'Another user''s link statistics need your second step (aal2): turn on two-step verification and enter its code'
      using errcode = '42501', hint = 'aal2_required';
  end if;
  if link.id is null or (link.user_id is distinct from public.account_uid() and not public.is_admin_at_aal2()) then
    raise exception 'No link of yours has this id' using errcode = 'P0002';
  end if;
  return jsonb_build_object(
    'link_id', link.id,
    'short_code', link.short_code,
    'original_url', link.original_url,
    'protected', link.password_hash is not null,
    'days', days,
    'total_clicks', link.clicks,
    'daily', (select jsonb_agg(jsonb_build_object('day', d.day::date, 'clicks', coalesce(c.clicks, 0)) order by d.day)
                from generate_series(first_day, first_day + (days - 1), interval '1 day') as d(day)
                left join (select st.day, sum(st.clicks) as clicks from public.short_link_daily_stats st
                            where st.link_id = link.id and st.day >= first_day group by st.day) c
                       on c.day = d.day::date),
    'referrers', coalesce((select jsonb_agg(jsonb_build_object('host', r.host, 'clicks', r.clicks) order by r.clicks desc, r.host)
                             from (select nullif(st.referrer_host, '') as host, sum(st.clicks) as clicks
                                     from public.short_link_daily_stats st
                                    where st.link_id = link.id and st.day >= first_day
                                    group by st.referrer_host order by 2 desc, 1 limit 10) r), '[]'),
    'browsers', coalesce((select jsonb_agg(jsonb_build_object('browser', b.browser, 'clicks', b.clicks) order by b.clicks desc, b.browser)
                            from (select st.browser, sum(st.clicks) as clicks from public.short_link_daily_stats st
                                   where st.link_id = link.id and st.day >= first_day group by st.browser) b), '[]'),
    'devices', coalesce((select jsonb_agg(jsonb_build_object('device', v.device, 'clicks', v.clicks) order by v.clicks desc, v.device)
                           from (select st.device, sum(st.clicks) as clicks from public.short_link_daily_stats st
                                  where st.link_id = link.id and st.day >= first_day group by st.device) v), '[]')
  );
end;
$$;
