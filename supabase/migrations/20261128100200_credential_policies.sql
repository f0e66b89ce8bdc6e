-- Every table's restrictive policy asks credential_allows (20261128100000) instead of the API-token
-- question alone, so OAuth clients, anonymous users and banned users are held to what they may reach
-- too. The policies they replace asked the same of API tokens; their new names say what they hold.

drop policy "api_tokens: never through an API token" on public.api_tokens;
drop policy "profile: never through an API token" on public.profile;
drop policy "user_roles: never through an API token" on public.user_roles;
drop policy "shortened_urls: API tokens need the links scope" on public.shortened_urls;
drop policy "short_link_daily_stats: API tokens need the links scope" on public.short_link_daily_stats;
drop policy "pastes: API tokens need the pastes scope" on public.pastes;
drop policy "paste_likes: API tokens need the pastes scope" on public.paste_likes;

create policy "api_tokens: only the account's own session"
  on public.api_tokens as restrictive for all to authenticated
  using ((select public.credential_allows('account')))
  with check ((select public.credential_allows('account')));

-- An OAuth client granted `profile` reads it; only the account's own session changes it.
create policy "profile: read only by a credential that may see it"
  on public.profile as restrictive for select to authenticated
  using ((select public.credential_allows('profile')));

create policy "profile: changed only by the account's own session"
  on public.profile as restrictive for update to authenticated
  using ((select public.credential_allows('account')))
  with check ((select public.credential_allows('account')));

create policy "user_roles: only the account's own session"
  on public.user_roles as restrictive for all to authenticated
  using ((select public.credential_allows('account')))
  with check ((select public.credential_allows('account')));

create policy "shortened_urls: each credential within its scopes"
  on public.shortened_urls as restrictive for all to authenticated
  using ((select public.credential_allows('links')))
  with check ((select public.credential_allows('links')));

create policy "short_link_daily_stats: each credential within its scopes"
  on public.short_link_daily_stats as restrictive for all to authenticated
  using ((select public.credential_allows('links')))
  with check ((select public.credential_allows('links')));

create policy "pastes: each credential within its scopes"
  on public.pastes as restrictive for all to authenticated
  using ((select public.credential_allows('pastes')))
  with check ((select public.credential_allows('pastes')));

create policy "paste_likes: each credential within its scopes"
  on public.paste_likes as restrictive for all to authenticated
  using ((select public.credential_allows('pastes')))
  with check ((select public.credential_allows('pastes')));

create policy "page_settings: updated only by an admin's session"
  on public.page_settings as restrictive for update to authenticated
  using ((select public.credential_allows('admin')))
  with check ((select public.credential_allows('admin')));

-- Statistics of someone else's link: an admin's session at aal2 (is_admin() alone let an admin's
-- API token, made with aal2 claims, read them).
drop policy "short_link_daily_stats: owners of the link and admins read" on public.short_link_daily_stats;
create policy "short_link_daily_stats: owners of the link, and admins at aal2, read"
  on public.short_link_daily_stats for select to authenticated
  using (
    exists (select 1 from public.shortened_urls s where s.id = link_id and s.user_id = (select auth.uid()))
    or (select public.is_admin_at_aal2())
  );
