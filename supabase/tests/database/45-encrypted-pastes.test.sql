-- Encrypted pastes (20261126002300): the server stores the browser's ciphertext and a flag, and
-- refuses anything that is not ciphertext under the flag — so no plaintext is ever stored for
-- them; reads return the ciphertext and the flag; no list shows it; burn-after-read still burns.
begin;
select plan(19);

do $$ begin perform tests.create_user('enc-owner@example.test'); end $$;

-- What the browser sends: tk1.<12-byte IV>.<AES-GCM ciphertext and tag>, both base64url.
create function pg_temp.envelope() returns text language sql immutable as
  $$ select 'tk1.q83vEjRWeJCrze8S.' || repeat('Zm9vYmFy', 6) $$;

create temp table made (k text primary key, v jsonb not null);
grant all on made to public;
create function pg_temp.made(name text) returns jsonb language sql stable as $$ select v from made where k = name $$;

select tests.act_as_anon();
insert into made values ('anon', public.create_encrypted_paste(pg_temp.envelope()));
select is(pg_temp.made('anon') ->> 'encrypted', 'true', 'an anonymous visitor creates an encrypted paste; it comes back flagged');
select is(pg_temp.made('anon') ->> 'content', pg_temp.envelope(), 'holding exactly the ciphertext sent');
select ok(pg_temp.made('anon') ? 'edit_token', 'with its edit token, shown once');
select is(pg_temp.made('anon') ->> 'privacy', 'unlisted', 'unlisted by default');

select tests.clear_authentication();
select results_eq($$ select content, title, language, encrypted from public.pastes where id = pg_temp.made('anon') ->> 'id' $$,
  $$ values (pg_temp.envelope(), '', 'plaintext', true) $$, 'the row holds the ciphertext, no title, no language');

-- ── What the server refuses under the flag ─────────────────────────────────────────────────────
select tests.act_as_anon();
select throws_ok($$ select public.create_encrypted_paste('my bank password is hunter2') $$,
  '22023', 'An encrypted paste holds only the ciphertext made in the browser', 'plaintext is refused');
select throws_ok($$ select public.create_encrypted_paste('tk1.short.x') $$,
  '22023', 'An encrypted paste holds only the ciphertext made in the browser', 'a truncated envelope is refused');
select throws_ok($$ select public.create_encrypted_paste(pg_temp.envelope(), 'public') $$,
  '22023', 'An encrypted paste is unlisted or private: only its link carries the key', 'an encrypted paste is never public');
select throws_ok($$ select public.create_encrypted_paste(pg_temp.envelope(), 'private') $$,
  '22023', 'Sign in to create private pastes', 'the rules of create_paste hold (private needs an account)');
select tests.clear_authentication();
select is((select count(*)::int from public.pastes where content = 'my bank password is hunter2' or content like 'tk1.short%'),
  0, 'nothing of the refused attempts is left behind');

select tests.authenticate_as('enc-owner@example.test');
insert into made values ('mine', public.create_encrypted_paste(pg_temp.envelope(), 'private', burn_after_read => false));
select throws_ok(format($$ update public.pastes set content = 'now in clear' where id = %L $$, pg_temp.made('mine') ->> 'id'),
  '22023', 'An encrypted paste holds only the ciphertext made in the browser', 'the owner cannot put plaintext under the flag');
select throws_ok(format($$ update public.pastes set title = 'Leaky title' where id = %L $$, pg_temp.made('mine') ->> 'id'),
  '22023', 'An encrypted paste keeps its title and language inside the ciphertext', 'nor a title beside the ciphertext');
select throws_ok(format($$ update public.pastes set privacy = 'public' where id = %L $$, pg_temp.made('mine') ->> 'id'),
  '22023', 'An encrypted paste is unlisted or private: only its link carries the key', 'nor make it public');
select throws_ok(format($$ update public.pastes set encrypted = false where id = %L $$, pg_temp.made('mine') ->> 'id'),
  '42501', null, 'the flag is not the owner''s to change');
select throws_ok(format($$ select public.duplicate_paste(%L) $$, pg_temp.made('mine') ->> 'id'),
  '22023', 'An encrypted paste cannot be copied on the server: only your browser can read it', 'it is not duplicated on the server');

-- ── Reading ────────────────────────────────────────────────────────────────────────────────────
select is((select preview || '|' || encrypted::text from public.list_pastes('mine') where id = pg_temp.made('mine') ->> 'id'),
  '|true', 'the owner''s list flags it and shows no preview of ciphertext');
select tests.act_as_anon();
select is(public.view_paste(pg_temp.made('anon') ->> 'id') ->> 'encrypted', 'true', 'reading it by id returns the flag');
select tests.authenticate_as('enc-owner@example.test');
insert into made values ('burn', public.create_encrypted_paste(pg_temp.envelope(), burn_after_read => true));
select tests.act_as_anon();
select is(public.view_paste(pg_temp.made('burn') ->> 'id') ->> 'content', pg_temp.envelope(), 'a burn-after-read one is read once …');
select is(public.view_paste(pg_temp.made('burn') ->> 'id'), null, '… and then gone');

select * from finish();
rollback;
