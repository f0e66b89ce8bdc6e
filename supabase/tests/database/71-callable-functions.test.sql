-- Every function anon or authenticated may execute in `public`, the schema PostgREST exposes
-- (supabase/config.toml [api]; graphql_public is pg_graphql's own), and why each may be called
-- directly: in production anyone holding the public key calls them at /rest/v1/rpc/<name> with any
-- arguments, not only the BFF. A new grant, or a new function left executable by default, fails the
-- first test until it is listed here with its reason; a listed one that is no longer executable fails
-- its own line, so the list stays exact.
begin;

create temp table allowed (signature text, role text, reason text) on commit drop;
insert into allowed (signature, role, reason) values
  -- The caller's own status: questions about themselves (and, for admins, about anyone).
  ('public.is_admin()', 'anon', 'the caller''s own admin powers now: false for anon and for every credential but an admin''s session'),
  ('public.is_admin()', 'authenticated', 'the caller''s own admin powers now: false for API tokens, OAuth clients, anonymous and banned users'),
  ('public.is_admin(uuid)', 'authenticated', 'about the caller, or as an admin about anyone (42501 otherwise); the policies that ask it run as the caller'),
  ('public.mfa_satisfied()', 'authenticated', 'the question every restrictive policy asks, about the caller''s own factor and token'),
  ('public.session_state()', 'authenticated', 'the state of the caller''s own token (ended, banned, mfa_required, active): nothing about anyone else'),
  ('public.credential_refusal(text)', 'authenticated', 'what the caller''s own credential may not reach: asked by credential_allows under the caller''s role'),
  ('public.credential_allows(text)', 'authenticated', 'the question every restrictive policy asks about the caller''s own credential'),
  ('public.api_token_allows(text)', 'authenticated', 'the same question under its older name, for policies and functions written before credential_allows'),
  ('public.is_admin_at_aal2()', 'authenticated', 'the statistics policy''s question: is the caller an admin''s session at aal2'),
  -- What visitors may do (SPEC): anyone shortens links and pastes; the functions decide the rest.
  ('public.nickname_taken(text)', 'anon', 'whether a nickname is taken, as the username checker shows anyone; profiles stay private'),
  ('public.nickname_taken(text)', 'authenticated', 'whether a nickname is taken, as the username checker shows anyone; profiles stay private'),
  ('public.create_short_link(text,text,timestamp with time zone,integer)', 'anon', 'anyone shortens a link; every rule (scheme, alias, our own /s/) is checked inside'),
  ('public.create_short_link(text,text,timestamp with time zone,integer)', 'authenticated', 'the same, owned by an account (account_uid), within the credential''s links scope'),
  ('public.resolve_short_link(text,boolean)', 'anon', 'following a link is public (its code is the key); a protected link never resolves here'),
  ('public.resolve_short_link(text,boolean)', 'authenticated', 'the same as for anon: no credential learns more through it'),
  ('public.short_link_state(text)', 'anon', 'why a code leads nowhere (expired, exhausted, protected): no more than /s/{code} itself says'),
  ('public.short_link_state(text)', 'authenticated', 'the same as for anon'),
  ('public.create_paste(text,text,text,text,timestamp with time zone,boolean)', 'anon', 'anyone pastes; a visitor''s paste gets an edit token, private needs an account'),
  ('public.create_paste(text,text,text,text,timestamp with time zone,boolean)', 'authenticated', 'the same, owned by an account, within the credential''s pastes scope'),
  ('public.create_encrypted_paste(text,text,timestamp with time zone,boolean)', 'anon', 'a paste sealed in the browser: create_paste''s rules, and only ciphertext'),
  ('public.create_encrypted_paste(text,text,timestamp with time zone,boolean)', 'authenticated', 'the same for accounts'),
  ('public.view_paste(text)', 'anon', 'a paste by its id: public and unlisted to whoever has the id, counting the view (burn-after-read burns)'),
  ('public.view_paste(text)', 'authenticated', 'the same, and the caller''s own private pastes'),
  ('public.list_pastes(text,integer,timestamp with time zone,text)', 'anon', 'the recent public pastes; ''mine'' needs an account'),
  ('public.list_pastes(text,integer,timestamp with time zone,text)', 'authenticated', 'the recent public pastes, and the caller''s own'),
  ('public.update_paste_with_token(text,text,jsonb)', 'anon', 'an anonymous author edits with the edit token only they were given'),
  ('public.update_paste_with_token(text,text,jsonb)', 'authenticated', 'the same, or the owner their own'),
  ('public.delete_paste_with_token(text,text)', 'anon', 'an anonymous author deletes with their edit token'),
  ('public.delete_paste_with_token(text,text)', 'authenticated', 'the same, or the owner their own'),
  ('public.duplicate_paste(text)', 'anon', 'a copy of a paste the caller may read (never a burn-after-read or encrypted one)'),
  ('public.duplicate_paste(text)', 'authenticated', 'the same; the copy belongs to the caller''s account'),
  -- What needs an account's session (require_credential, is_admin).
  ('public.like_paste(text)', 'authenticated', 'one like per account and paste (never an anonymous sign-in)'),
  ('public.unlike_paste(text)', 'authenticated', 'taking one''s own like back'),
  ('public.short_link_stats(uuid,integer)', 'authenticated', 'the owner''s own link, or an admin''s session at aal2; everyone else learns nothing'),
  ('public.create_api_token(text,text[],timestamp with time zone)', 'authenticated', 'the account''s own session only: never an API token, an OAuth client, an anonymous or banned user'),
  ('public.grant_admin(uuid)', 'authenticated', 'admins only (is_admin: a session, at aal2 once they have a factor), never themselves'),
  ('public.revoke_admin(uuid)', 'authenticated', 'admins only, never the last admin'),
  ('public.admin_list_users(text,integer,integer)', 'authenticated', 'admins only'),
  ('public.admin_recent_pastes(text,integer,integer)', 'authenticated', 'admins only (moderation)'),
  ('public.admin_recent_short_links(text,integer,integer)', 'authenticated', 'admins only (moderation)'),
  ('public.admin_delete_paste(text)', 'authenticated', 'admins only (moderation)'),
  ('public.admin_delete_short_link(text)', 'authenticated', 'admins only (moderation)'),
  ('public.admin_authenticator_removal(uuid)', 'authenticated', 'admins only: asked before the BFF removes a user''s factor');

select plan(1 + (select count(*)::int from allowed));

select is_empty($$
  select p.oid::regprocedure::text as signature, r.role
    from pg_proc p cross join unnest(array['anon', 'authenticated']) r(role)
   where p.pronamespace = 'public'::regnamespace and has_function_privilege(r.role, p.oid, 'EXECUTE')
  except
  select replace(signature, ',', ', ')::regprocedure::text, role from allowed $$,
  'anon and authenticated may execute no function in public that is not listed here with its reason');

select ok(has_function_privilege(a.role, replace(a.signature, ',', ', ')::regprocedure, 'EXECUTE'),
          format('%s may call %s: %s', a.role, a.signature, a.reason))
  from allowed a
 order by a.signature, a.role;

select * from finish();
rollback;
