-- Personal API tokens (20261126002100): made by their owner (aal2 once there is a factor), shown
-- once, kept as a hash, read and revoked by their owner only (not by another user, anon or an
-- admin); api_token_claims turns a live token into claims for the BFF and nothing else into
-- anything; a token's claims reach only its scopes and never the account's own tables.
begin;
select plan(33);

do $$
begin
  perform tests.create_user('tok-owner@example.test');
  perform tests.create_user('tok-other@example.test');
  perform tests.create_user('tok-admin@example.test');
  perform tests.create_user('tok-mfa@example.test');
  perform tests.make_admin(tests.user_id('tok-admin@example.test'));
  insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
  values (gen_random_uuid(), tests.user_id('tok-mfa@example.test'), 'Phone', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP');
end $$;

create function pg_temp.act_as(email text, aal text) returns void language plpgsql as $$
begin
  perform set_config('role', 'authenticated', true);
  perform set_config('request.jwt.claims', jsonb_build_object('sub', tests.user_id(email), 'role', 'authenticated',
    'email', email, 'aud', 'authenticated', 'aal', aal)::text, true);
end $$;
-- Acting with the claims the BFF gets for a token (as the BFF sets them for the request).
create function pg_temp.act_with(claims jsonb) returns void language plpgsql as $$
begin
  perform set_config('role', 'authenticated', true);
  perform set_config('request.jwt.claims', claims::text, true);
end $$;

create temp table made (k text primary key, v jsonb not null);
grant all on made to public;
create function pg_temp.made(name text) returns jsonb language sql stable as $$ select v from made where k = name $$;

-- ── Making tokens ──────────────────────────────────────────────────────────────────────────────
select tests.authenticate_as('tok-owner@example.test');
insert into made values ('pastes', public.create_api_token('  Backup script ', array['pastes']));
insert into made values ('both', public.create_api_token('Everything', array['links', 'pastes', 'links']));
select matches(pg_temp.made('pastes') ->> 'token', '^tkp_[A-Za-z0-9_-]{43}$', 'the token is returned once: tkp_ and 256 random bits');
select is(pg_temp.made('pastes') ->> 'name', 'Backup script', 'with its name, trimmed');
select is(pg_temp.made('both') -> 'scopes', '["links", "pastes"]'::jsonb, 'scopes once each, in order');
select ok(not (pg_temp.made('pastes') ? 'token_hash'), 'the hash is never returned');
select throws_ok($$ select public.create_api_token('x', array['admin']) $$, '22023', 'Scopes are pastes, links or both',
  'an unknown scope is refused');
select throws_ok($$ select public.create_api_token('x', array[]::text[]) $$, '22023', 'Scopes are pastes, links or both',
  'a token without scopes is refused');
select throws_ok($$ select public.create_api_token('   ', array['links']) $$, '22023', 'Give the token a name of 1 to 100 characters',
  'a blank name is refused');
select throws_ok($$ select public.create_api_token('old', array['links'], now() - interval '1 day') $$, '22023',
  'The expiry date must be in the future', 'an expiry in the past is refused');

select tests.clear_authentication();
select is((select token_hash from public.api_tokens where id = (pg_temp.made('pastes') ->> 'id')::uuid),
  encode(extensions.digest(pg_temp.made('pastes') ->> 'token', 'sha256'), 'hex'), 'only the SHA-256 of the token is stored');
select is((select count(*)::int from public.api_tokens t where to_jsonb(t)::text like '%' || (pg_temp.made('pastes') ->> 'token') || '%'),
  0, 'the token itself is stored nowhere in its row');

select tests.act_as_anon();
select throws_ok($$ select public.create_api_token('x', array['links']) $$, '42501', null, 'anon cannot make tokens');
select throws_ok($$ select * from public.api_tokens $$, '42501', null, 'anon cannot read tokens');
select pg_temp.act_as('tok-mfa@example.test', 'aal1');
select throws_ok($$ select public.create_api_token('x', array['links']) $$, '42501',
  'Enter the code from your authenticator app first: this account uses two-step verification',
  'an aal1 token of an account with a factor cannot make one');
select pg_temp.act_as('tok-mfa@example.test', 'aal2');
select lives_ok($$ insert into made values ('mfa', public.create_api_token('Phone script', array['links'])) $$, 'with aal2 it can');
select pg_temp.act_as('tok-mfa@example.test', 'aal1');
select is((select count(*)::int from public.api_tokens), 0, 'and with aal1 it cannot even list its tokens');

-- ── Reading and revoking ───────────────────────────────────────────────────────────────────────
select tests.authenticate_as('tok-owner@example.test');
select is((select count(*)::int from public.api_tokens), 2, 'the owner lists their tokens');
select throws_ok($$ select token_hash from public.api_tokens $$, '42501', null, 'but never the hashes');
select tests.authenticate_as('tok-other@example.test');
select is((select count(*)::int from public.api_tokens), 0, 'another user sees none');
delete from public.api_tokens;
select tests.clear_authentication();
select is((select count(*)::int from public.api_tokens where user_id = tests.user_id('tok-owner@example.test')), 2,
  'and revokes none of the owner''s');
select tests.authenticate_as('tok-admin@example.test');
select is((select count(*)::int from public.api_tokens), 0, 'an admin sees no one else''s tokens either');

-- ── Claims for the BFF ─────────────────────────────────────────────────────────────────────────
select tests.authenticate_as('tok-owner@example.test');
select throws_ok(format($$ select public.api_token_claims(%L) $$, pg_temp.made('pastes') ->> 'token'), '42501', null,
  'only service_role (the BFF) turns tokens into claims');
select tests.act_as_service_role();
insert into made values ('claims', public.api_token_claims(pg_temp.made('pastes') ->> 'token'));
select is(pg_temp.made('claims') - 'amr' - 'token_id',
  jsonb_build_object('sub', tests.user_id('tok-owner@example.test'), 'role', 'authenticated', 'aud', 'authenticated',
                     'email', 'tok-owner@example.test', 'aal', 'aal1', 'token_scopes', jsonb_build_array('pastes')),
  'a live token gives its owner''s claims with its scopes, at the level of the session that made it');
select isnt((select last_used_at from public.api_tokens where id = (pg_temp.made('pastes') ->> 'id')::uuid), null,
  'and is marked used');
select is(public.api_token_claims('tkp_' || repeat('A', 43)), null, 'a forged token gives nothing');
select is(public.api_token_claims('eyJhbGciOiJIUzI1NiJ9.e30.x'), null, 'nor does anything else');
update public.api_tokens set expires_at = now() - interval '1 second' where id = (pg_temp.made('both') ->> 'id')::uuid;
select is(public.api_token_claims(pg_temp.made('both') ->> 'token'), null, 'an expired token gives nothing');

-- ── What a token's claims reach ────────────────────────────────────────────────────────────────
select pg_temp.act_with(pg_temp.made('claims'));
select lives_ok($$ select public.create_paste('from a script') $$, 'a pastes token makes pastes');
select is((select count(*)::int from public.pastes where content = 'from a script'), 1, 'and reads its owner''s pastes');
select is((select count(*)::int from public.api_tokens), 0, 'it never sees the tokens');
select is((select count(*)::int from public.profile), 0, 'nor the profile');
select throws_ok($$ select public.create_api_token('more', array['links']) $$, '42501', 'This API token may not use account (its scopes: pastes)',
  'nor makes more tokens');
select tests.clear_authentication();
insert into public.shortened_urls (original_url, short_code, user_id) values ('https://tok.example', 'tok-link', tests.user_id('tok-owner@example.test'));
select pg_temp.act_with(pg_temp.made('claims'));
select is((select count(*)::int from public.shortened_urls), 0, 'a pastes token does not see the owner''s links');

-- Revoking: the owner deletes the row, and the token is dead at once.
select tests.authenticate_as('tok-owner@example.test');
delete from public.api_tokens where id = (pg_temp.made('pastes') ->> 'id')::uuid;
select tests.act_as_service_role();
select is(public.api_token_claims(pg_temp.made('pastes') ->> 'token'), null, 'a revoked token gives nothing');

select * from finish();
rollback;
