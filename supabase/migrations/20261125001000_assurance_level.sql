-- Assurance levels (MFA), enforced by the database. A password alone gives an access token with
-- aal = 'aal1'; the code of a verified factor raises the session to 'aal2'. An account with a
-- verified factor may use an aal1 token for nothing but its second step (which Auth serves), so
-- every private row and every admin function asks the question below, as Supabase documents it
-- ("Enforce for users that have MFA enabled"). Accounts without a factor keep working with aal1.

-- True unless the caller has a verified factor and a token without its second step. Anonymous and
-- internal callers (no `sub`) have no factor. SECURITY DEFINER: API roles cannot read auth.mfa_factors.
create function public.mfa_satisfied()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
      or not exists (
        select 1 from auth.mfa_factors f where f.user_id = auth.uid() and f.status = 'verified'
      );
$$;

-- The guard SECURITY DEFINER functions start with (they bypass the restrictive policies below).
-- 42501 like any refusal; the hint tells callers (PostgREST shows it, the BFF maps it) why.
create function public.require_mfa_satisfied()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not public.mfa_satisfied() then
    raise exception 'Enter the code from your authenticator app first: this account uses two-step verification'
      using errcode = '42501', hint = 'mfa_required';
  end if;
end;
$$;

-- The BFF's one question per signed-in request: 'active'; 'ended' when the token's session is gone
-- (signed out everywhere, expired by `not_after`) or its user was deleted; 'mfa_required' when the
-- token still owes its second step. A token without `session_id` (Auth always sets one) is judged
-- by its user alone. Null for callers that are not signed in.
create function public.session_state()
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

revoke all on function public.mfa_satisfied() from public, anon, authenticated;
revoke all on function public.require_mfa_satisfied() from public, anon, authenticated;
revoke all on function public.session_state() from public, anon, authenticated;
-- Policies run as the caller, so the roles they apply to may execute the question they ask.
grant execute on function public.mfa_satisfied() to authenticated, service_role;
grant execute on function public.session_state() to authenticated, service_role;
