-- Personal API tokens carry the assurance level of the session that made them (issue 35): until now
-- every token said aal2, so a token made with a password alone kept working after its owner turned on
-- two-step verification. Now a token made at aal1 by an account that has (or later gets) a verified
-- factor is refused until it is made again at aal2; the refusals of a banned owner and of a token
-- that is out of date say so (42501 with the hint the BFF answers with), instead of "unknown".

alter table public.api_tokens
  add column minted_aal text not null default 'aal1' check (minted_aal in ('aal1', 'aal2'));

-- Tokens made before this column: create_api_token required aal2 from an account with a verified
-- factor, so a factor verified before the token was made means the token was made at aal2.
update public.api_tokens t set minted_aal = 'aal2'
 where exists (select 1 from auth.mfa_factors f
                where f.user_id = t.user_id and f.status = 'verified' and f.created_at <= t.created_at);

-- As in 20261126002100, but only a session of the account itself (credential_allows('account'):
-- never an API token, an OAuth client, an anonymous or a banned user) makes tokens, and the token
-- remembers the session's assurance level.
create or replace function public.create_api_token(name text, scopes text[], expires_at timestamptz default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  wanted text[];
  token text;
  created public.api_tokens;
begin
  if caller is null then
    raise exception 'Sign in to create API tokens' using errcode = '42501';
  end if;
  perform public.require_credential('account');
  perform public.require_mfa_satisfied();
  name := btrim(coalesce(name, ''));
  if char_length(name) not between 1 and 100 then
    raise exception 'Give the token a name of 1 to 100 characters' using errcode = '22023';
  end if;
  select coalesce(array_agg(distinct s order by s), '{}') into wanted from unnest(scopes) s;
  if cardinality(wanted) = 0 or not wanted <@ array['pastes', 'links'] then
    raise exception 'Scopes are pastes, links or both' using errcode = '22023';
  end if;
  if create_api_token.expires_at is not null and create_api_token.expires_at <= now() then
    raise exception 'The expiry date must be in the future' using errcode = '22023';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('api_tokens:' || caller::text, 0));  -- one creation at a time per user
  if (select count(*) from public.api_tokens t where t.user_id = caller) >= 20 then
    raise exception 'You have 20 API tokens: revoke one before making another' using errcode = '22023';
  end if;
  token := 'tkp_' || rtrim(translate(encode(extensions.gen_random_bytes(32), 'base64'), '+/', '-_'), '=');
  insert into public.api_tokens (user_id, name, token_prefix, token_hash, scopes, expires_at, minted_aal)
  values (caller, name, left(token, 8), encode(extensions.digest(token, 'sha256'), 'hex'), wanted,
          create_api_token.expires_at,
          case when auth.jwt() ->> 'aal' = 'aal2' then 'aal2' else 'aal1' end)
  returning * into created;
  return (to_jsonb(created) - 'token_hash') || jsonb_build_object('token', token);
end;
$$;

-- The BFF's question for a request that carries a token: the claims it acts with (its own aal among
-- them, so mfa_satisfied() judges it like a session), or null for an unknown, revoked or expired
-- token or one whose owner is gone; 42501 `user_banned` for a banned owner's and
-- `token_reissue_required` for a token made at aal1 by an account that now has a verified factor.
-- Marks the token used (at most once a minute, so a busy script does not write on every call).
create or replace function public.api_token_claims(token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  found_token public.api_tokens;
  owner_user auth.users;
begin
  if token is null or token !~ '^tkp_[A-Za-z0-9_-]{43}$' then
    return null;
  end if;
  select t.* into found_token
    from public.api_tokens t
   where t.token_hash = encode(extensions.digest(api_token_claims.token, 'sha256'), 'hex')
     and (t.expires_at is null or t.expires_at > now());
  select u.* into owner_user from auth.users u where u.id = found_token.user_id and u.deleted_at is null;
  if found_token.id is null or owner_user.id is null then
    return null;
  end if;
  if owner_user.banned_until is not null and owner_user.banned_until > now() then
    raise exception 'This account is banned: its API tokens are refused' using errcode = '42501', hint = 'user_banned';
  end if;
  if found_token.minted_aal <> 'aal2'
     and exists (select 1 from auth.mfa_factors f where f.user_id = owner_user.id and f.status = 'verified') then
    raise exception 'This API token was made before two-step verification was turned on: make a new one in your account'
      using errcode = '42501', hint = 'token_reissue_required';
  end if;
  update public.api_tokens t set last_used_at = now()
   where t.id = found_token.id and (t.last_used_at is null or t.last_used_at < now() - interval '1 minute');
  return jsonb_build_object(
    'sub', found_token.user_id, 'role', 'authenticated', 'aud', 'authenticated', 'email', owner_user.email,
    'aal', found_token.minted_aal, 'amr', jsonb_build_array(jsonb_build_object('method', 'api_token')),
    'token_id', found_token.id, 'token_scopes', to_jsonb(found_token.scopes));
end;
$$;
