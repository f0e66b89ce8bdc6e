-- What each credential may reach, decided from the request's claims (issue 35). A signed-in
-- request is one of: a session of a permanent user (everything its owner may do), a personal API
-- token (`token_scopes`: only the areas it was made for), an OAuth 2.1 client's token (`client_id`:
-- only what its OIDC scopes name, which is the profile at most), an anonymous user (`is_anonymous`:
-- what a visitor may do, following Supabase's documented pattern), or a banned or deleted user
-- (nothing). Restrictive policies and the guards of SECURITY DEFINER functions ask the question below,
-- so a new BFF route (or PostgREST) cannot widen what a credential reaches.
--
-- Areas: 'pastes', 'links' (the caller's pastes and links, and the writes that name an owner),
-- 'profile' (reading the caller's profile), 'account' (changing it, roles, API tokens), 'admin'.

-- Why the caller may not reach `area`, as the stable code the BFF answers with; null when it may.
-- Callers without a user (anon, service_role, the database's own jobs) are left to their grants.
-- SECURITY DEFINER: API roles cannot read auth.users.
create function public.credential_refusal(area text)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  claims jsonb := coalesce(auth.jwt(), '{}'::jsonb);
  caller uuid := auth.uid();
  found_user auth.users;
begin
  if caller is null then
    return null;
  end if;
  select * into found_user from auth.users u where u.id = caller;
  if found_user.id is null or found_user.deleted_at is not null then
    return 'session_not_found';
  end if;
  if found_user.banned_until is not null and found_user.banned_until > now() then
    return 'user_banned';
  end if;
  if claims ? 'token_scopes' then
    return case when coalesce((claims -> 'token_scopes') ? area, false) then null else 'token_scope' end;
  end if;
  if claims ? 'client_id' then
    -- The OIDC scopes govern identity data only (Supabase: "scopes control OIDC data, not database
    -- access"): with `profile` the client reads the profile, and nothing else here.
    return case when area = 'profile' and 'profile' = any (string_to_array(coalesce(claims ->> 'scope', ''), ' '))
                then null else 'client_scope' end;
  end if;
  if coalesce(claims -> 'is_anonymous' = 'true'::jsonb, false) then
    return case when area in ('pastes', 'links') then null else 'anonymous_user' end;
  end if;
  return null;
end;
$$;

-- The question restrictive policies ask (once per statement: `(select public.credential_allows(…))`).
create function public.credential_allows(area text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select public.credential_refusal(area) is null;
$$;

-- The guard SECURITY DEFINER functions start with (they bypass the restrictive policies): 42501,
-- with the refusal's code as the hint (PostgREST shows it; the BFF answers with it).
create function public.require_credential(area text)
returns void
language plpgsql
stable
set search_path = ''
as $$
declare
  refusal text := public.credential_refusal(area);
begin
  if refusal is null then
    return;
  end if;
  raise exception '%', case refusal
      when 'session_not_found' then 'This account no longer exists'
      when 'user_banned' then 'This account is banned'
      when 'token_scope' then format('This API token may not use %s (its scopes: %s)', area,
                                     (select string_agg(s, ', ') from jsonb_array_elements_text(auth.jwt() -> 'token_scopes') s))
      when 'client_scope' then 'An OAuth client''s token may not do this: sign in to Toolkit itself'
      when 'anonymous_user' then 'Sign up with an e-mail address first: an anonymous sign-in may not do this'
    end using errcode = '42501', hint = refusal;
end;
$$;

-- Who owns what the caller creates: an anonymous user owns nothing (their pastes and links are a
-- visitor's, with an edit token and without an owner), so a fresh anonymous sign-in never gets an
-- account's powers or limits.
create function public.account_uid()
returns uuid
language sql
stable
set search_path = ''
as $$
  select case when coalesce(auth.jwt() -> 'is_anonymous' = 'true'::jsonb, false) then null else auth.uid() end;
$$;

-- Kept for policies and functions written before credential_allows: now the same question, so an
-- OAuth client, an anonymous user or a banned user meets it too.
create or replace function public.api_token_allows(scope text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select public.credential_allows(scope);
$$;

-- The caller's admin powers now: an admin, with the second step done if they have a factor, and a
-- credential that carries admin powers (a session; never an API token, an OAuth client, an anonymous
-- or a banned user).
create or replace function public.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select auth.uid() is not null
     and exists (select 1 from public.user_roles r where r.user_id = auth.uid() and r.role = 'admin')
     and public.mfa_satisfied()
     and public.credential_allows('admin');
$$;

-- As in 20261125001200, and an API caller asking about themselves with a credential that carries no
-- admin powers is told no: every admin function asks is_admin(auth.uid()), so each refuses them.
create or replace function public.is_admin(user_id uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  api_caller boolean := coalesce(auth.role(), '') in ('anon', 'authenticated');
begin
  if api_caller and is_admin.user_id is distinct from caller and not public.is_admin() then
    raise exception 'Only administrators can ask whether another user is an administrator' using errcode = '42501';
  end if;
  if api_caller and is_admin.user_id = caller and not public.credential_allows('admin') then
    return false;
  end if;
  return exists (
    select 1 from public.user_roles r where r.user_id = is_admin.user_id and r.role = 'admin'
  );
end;
$$;

-- Another user's link statistics (the destination of a protected link among them) are for an admin's
-- session with its second step done: aal2, whether or not the admin has a factor yet.
create function public.is_admin_at_aal2()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'aal', '') = 'aal2' and public.is_admin();
$$;

-- As in 20261125001000, and a banned user's token is 'banned' (Auth refuses them new tokens, but an
-- access token lives until it expires).
create or replace function public.session_state()
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  session_text text := auth.jwt() ->> 'session_id';
begin
  if caller is null then
    return null;
  end if;
  if not exists (select 1 from auth.users u where u.id = caller and u.deleted_at is null) then
    return 'ended';
  end if;
  if exists (select 1 from auth.users u where u.id = caller and u.banned_until > now()) then
    return 'banned';
  end if;
  if session_text is not null and (
       session_text !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
       or not exists (select 1 from auth.sessions s
                       where s.id = session_text::uuid and s.user_id = caller
                         and (s.not_after is null or s.not_after > now()))) then
    return 'ended';
  end if;
  if not public.mfa_satisfied() then
    return 'mfa_required';
  end if;
  return 'active';
end;
$$;

revoke all on function public.credential_refusal(text) from public, anon, authenticated;
revoke all on function public.credential_allows(text) from public, anon, authenticated;
revoke all on function public.require_credential(text) from public, anon, authenticated;
revoke all on function public.account_uid() from public, anon, authenticated;
revoke all on function public.is_admin_at_aal2() from public, anon, authenticated;
-- Policies run as the caller, so the roles they apply to may execute the questions they ask.
grant execute on function public.credential_refusal(text) to authenticated, service_role;
grant execute on function public.credential_allows(text) to authenticated, service_role;
grant execute on function public.is_admin_at_aal2() to authenticated, service_role;
