-- Restrictive policies: whatever the permissive ones allow a signed-in caller (their own rows, and
-- for admins everyone's), a caller with a verified factor reaches it only with an aal2 token.
-- `(select …)` makes Postgres ask once per statement, not once per row.

create policy "profile: accounts with a verified factor need aal2"
  on public.profile as restrictive for all to authenticated
  using ((select public.mfa_satisfied()))
  with check ((select public.mfa_satisfied()));

create policy "user_roles: accounts with a verified factor need aal2"
  on public.user_roles as restrictive for all to authenticated
  using ((select public.mfa_satisfied()))
  with check ((select public.mfa_satisfied()));

create policy "shortened_urls: accounts with a verified factor need aal2"
  on public.shortened_urls as restrictive for all to authenticated
  using ((select public.mfa_satisfied()))
  with check ((select public.mfa_satisfied()));

-- Public pastes included: an aal1 token of such an account reads no more than it could without
-- one (anon still reads public pastes); what it must not reach is the account's own.
create policy "pastes: accounts with a verified factor need aal2"
  on public.pastes as restrictive for all to authenticated
  using ((select public.mfa_satisfied()))
  with check ((select public.mfa_satisfied()));

create policy "paste_likes: accounts with a verified factor need aal2"
  on public.paste_likes as restrictive for all to authenticated
  using ((select public.mfa_satisfied()))
  with check ((select public.mfa_satisfied()));

-- page_settings are public to read; changing them is an admin power.
create policy "page_settings: updating needs aal2 with a verified factor"
  on public.page_settings as restrictive for update to authenticated
  using ((select public.mfa_satisfied()))
  with check ((select public.mfa_satisfied()));
