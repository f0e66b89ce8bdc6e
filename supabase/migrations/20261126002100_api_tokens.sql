-- Personal API tokens (issue 32): a signed-in user makes one for scripts (`curl`), sees it once,
-- and revokes it whenever they like. Only a SHA-256 hash of the token is kept (tokens are 256
-- random bits, so a fast hash is enough: nothing to guess from it). A token reaches only what its
-- scopes name — 'pastes', 'links' — and never the account itself (profile, roles, tokens).
--
-- The BFF turns a token into request claims with api_token_claims (service_role only): the owner
-- as `sub`, `token_id`, `token_scopes`, and aal2 (a token is made with aal2 once the account has a
-- factor, so it stands for a completed sign-in). The restrictive policies below keep a token's
-- requests to its scopes in every table; the BFF refuses other endpoints before any work.

create table public.api_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 100 and name = btrim(name)),
  token_prefix text not null check (token_prefix ~ '^tkp_[A-Za-z0-9_-]{4}$'),
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  scopes text[] not null check (cardinality(scopes) between 1 and 2 and scopes <@ array['pastes', 'links']),
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  expires_at timestamptz
);
create index api_tokens_user_id_created_at_idx on public.api_tokens (user_id, created_at desc);
alter table public.api_tokens enable row level security;

revoke all on table public.api_tokens from anon, authenticated;
grant select (id, user_id, name, token_prefix, scopes, created_at, last_used_at, expires_at)
  on table public.api_tokens to authenticated;
grant delete on table public.api_tokens to authenticated;
grant all on table public.api_tokens to service_role;

-- Does the request's credential allow `scope`? Always, for sessions (their claims carry no
-- token_scopes); for an API token, only the scopes it was made with.
create function public.api_token_allows(scope text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select not coalesce(auth.jwt() ? 'token_scopes', false)
      or coalesce((auth.jwt() -> 'token_scopes') ? scope, false);
$$;

create policy "api_tokens: owners read their tokens"
  on public.api_tokens for select to authenticated
  using (user_id = (select auth.uid()));

create policy "api_tokens: owners revoke their tokens"
  on public.api_tokens for delete to authenticated
  using (user_id = (select auth.uid()));

create policy "api_tokens: accounts with a verified factor need aal2"
  on public.api_tokens as restrictive for all to authenticated
  using ((select public.mfa_satisfied()))
  with check ((select public.mfa_satisfied()));

-- 'account' is a scope no token has: tokens never reach the account's own tables.
create policy "api_tokens: never through an API token"
  on public.api_tokens as restrictive for all to authenticated
  using ((select public.api_token_allows('account')))
  with check ((select public.api_token_allows('account')));

create policy "profile: never through an API token"
  on public.profile as restrictive for all to authenticated
  using ((select public.api_token_allows('account')))
  with check ((select public.api_token_allows('account')));

create policy "user_roles: never through an API token"
  on public.user_roles as restrictive for all to authenticated
  using ((select public.api_token_allows('account')))
  with check ((select public.api_token_allows('account')));

create policy "shortened_urls: API tokens need the links scope"
  on public.shortened_urls as restrictive for all to authenticated
  using ((select public.api_token_allows('links')))
  with check ((select public.api_token_allows('links')));

create policy "pastes: API tokens need the pastes scope"
  on public.pastes as restrictive for all to authenticated
  using ((select public.api_token_allows('pastes')))
  with check ((select public.api_token_allows('pastes')));

create policy "paste_likes: API tokens need the pastes scope"
  on public.paste_likes as restrictive for all to authenticated
  using ((select public.api_token_allows('pastes')))
  with check ((select public.api_token_allows('pastes')));

-- Makes a token for the caller and returns it with its row: the only time the token is shown.
create function public.create_api_token(name text, scopes text[], expires_at timestamptz default null)
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
  perform public.require_mfa_satisfied();
  if not public.api_token_allows('account') then
    raise exception 'An API token cannot create API tokens' using errcode = '42501';
  end if;
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
  insert into public.api_tokens (user_id, name, token_prefix, token_hash, scopes, expires_at)
  values (caller, name, left(token, 8), encode(extensions.digest(token, 'sha256'), 'hex'), wanted,
          create_api_token.expires_at)
  returning * into created;
  return (to_jsonb(created) - 'token_hash') || jsonb_build_object('token', token);
end;
$$;

-- The BFF's question for a request that carries a token: the claims it acts with, or null for an
-- unknown, revoked or expired token, or one whose owner is gone or banned. Marks the token used
-- (at most once a minute, so a busy script does not write on every call).
create function public.api_token_claims(token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  found_token public.api_tokens;
  owner_email text;
begin
  if token is null or token !~ '^tkp_[A-Za-z0-9_-]{43}$' then
    return null;
  end if;
  select t.* into found_token
    from public.api_tokens t
    join auth.users u on u.id = t.user_id
   where t.token_hash = encode(extensions.digest(api_token_claims.token, 'sha256'), 'hex')
     and (t.expires_at is null or t.expires_at > now())
     and u.deleted_at is null
     and (u.banned_until is null or u.banned_until <= now());
  if found_token.id is null then
    return null;
  end if;
  update public.api_tokens t set last_used_at = now()
   where t.id = found_token.id and (t.last_used_at is null or t.last_used_at < now() - interval '1 minute');
  select u.email into owner_email from auth.users u where u.id = found_token.user_id;
  return jsonb_build_object(
    'sub', found_token.user_id, 'role', 'authenticated', 'aud', 'authenticated', 'email', owner_email,
    'aal', 'aal2', 'amr', jsonb_build_array(jsonb_build_object('method', 'api_token')),
    'token_id', found_token.id, 'token_scopes', to_jsonb(found_token.scopes));
end;
$$;

revoke all on function public.api_token_allows(text) from public, anon, authenticated;
revoke all on function public.create_api_token(text, text[], timestamptz) from public, anon, authenticated;
revoke all on function public.api_token_claims(text) from public, anon, authenticated;
-- Policies run as the caller, so the roles they apply to may execute the question they ask.
grant execute on function public.api_token_allows(text) to authenticated, service_role;
grant execute on function public.create_api_token(text, text[], timestamptz) to authenticated;
grant execute on function public.api_token_claims(text) to service_role;
