-- Pastes: creation, who reads what (select policy and view_paste), burn-after-read, expiry, edits
-- and deletes by owners and by edit token, duplicates and the purge — for anon, an owner, another
-- user, an admin and service_role.
begin;
select plan(89);

do $$
begin
  perform tests.create_user('pa-owner@example.test');
  perform tests.create_user('pa-other@example.test');
  perform tests.create_user('pa-admin@example.test');
  perform tests.make_admin(tests.user_id('pa-admin@example.test'));
  -- A clean start for the purge test below: nothing expired but what this file creates.
  delete from public.pastes where expires_at <= now();
end $$;

-- What each create_paste call returned, by name; every role of this test may read it.
create temp table pa (k text primary key, j jsonb not null);
grant all on pa to public;
create function pg_temp.pid(name text) returns text language sql stable
  as $$ select j ->> 'id' from pa where k = name $$;
create function pg_temp.tok(name text) returns text language sql stable
  as $$ select j ->> 'edit_token' from pa where k = name $$;

-- ── Creating ───────────────────────────────────────────────────────────────────────────────────
select tests.authenticate_as('pa-owner@example.test');
insert into pa values
  ('pub', public.create_paste(content => 'public content', title => 'A public', language => 'python')),
  ('unl', public.create_paste(content => 'unlisted content', title => 'A unlisted', privacy => 'unlisted')),
  ('prv', public.create_paste(content => 'private content', title => 'A private', privacy => 'private')),
  ('burn', public.create_paste(content => 'burn content', title => 'A burn', burn_after_read => true)),
  ('later', public.create_paste(content => 'expiring content', title => 'A expiring',
                                expires_at => now() + interval '1 day'));

select is((select j ? 'edit_token' from pa where k = 'pub'), false,
  'a signed-in author gets no edit token');
select is((select (j ->> 'user_id')::uuid from pa where k = 'pub'), tests.user_id('pa-owner@example.test'),
  'a paste created by a signed-in user belongs to them');
select is((select j ? 'edit_token_hash' from pa where k = 'pub'), false,
  'the created paste is returned without the token hash');
select results_eq(
  $$ select (j ->> 'views')::int, (j ->> 'likes')::int, j ->> 'language', j ->> 'privacy' from pa where k = 'pub' $$,
  $$ values (0, 0, 'python', 'public') $$,
  'a new paste has 0 views, 0 likes and the language and privacy asked for');
select matches((select j ->> 'id' from pa where k = 'pub'), '^[23456789abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ]{10}$',
  'a paste id is 10 characters from the alphabet without look-alikes');
select throws_ok($$ select public.create_paste(content => 'x', expires_at => now() - interval '1 minute') $$,
  '22023', null, 'an expiry in the past is refused');
select throws_ok($$ select public.create_paste(content => '') $$,
  '23514', null, 'an empty paste is refused');
select throws_ok($$ select public.create_paste(content => 'x', privacy => 'secret') $$,
  '23514', null, 'an unknown privacy is refused');
select throws_ok(
  $$ insert into public.pastes (id, content, user_id) values ('PaDirect01', 'x', auth.uid()) $$,
  '42501', null, 'a signed-in user cannot insert a paste directly');

select tests.authenticate_as('pa-other@example.test');
insert into pa values
  ('bpub', public.create_paste(content => 'other public content', title => 'B public')),
  ('bprv', public.create_paste(content => 'other private content', title => 'B private', privacy => 'private')),
  ('bburn', public.create_paste(content => 'other burn content', title => 'B burn', burn_after_read => true)),
  ('bburn2', public.create_paste(content => 'other burn content 2', title => 'B burn 2', burn_after_read => true));

select tests.act_as_anon();
insert into pa values
  ('anon', public.create_paste(content => 'anonymous content', title => 'Anon public', language => 'sql')),
  ('anon2', public.create_paste(content => 'anonymous content 2', title => 'Anon second')),
  ('aburn', public.create_paste(content => 'anonymous burn', title => 'Anon burn', privacy => 'unlisted',
                                burn_after_read => true));

select ok((select char_length(j ->> 'edit_token') >= 32 from pa where k = 'anon'),
  'an anonymous author gets a long edit token once');
select is((select j ->> 'user_id' from pa where k = 'anon'), null, 'an anonymous paste has no owner');
select isnt((select j ->> 'edit_token' from pa where k = 'anon'), (select j ->> 'edit_token' from pa where k = 'anon2'),
  'every anonymous paste gets its own edit token');
select throws_ok($$ select public.create_paste(content => 'x', privacy => 'private') $$,
  '22023', null, 'an anonymous visitor cannot create a private paste');
select throws_ok($$ insert into public.pastes (id, content, edit_token_hash) values ('PaDirect02', 'x', 'h') $$,
  '42501', null, 'anon cannot insert a paste directly');

select tests.clear_authentication();
select results_eq(
  $$ select edit_token_hash = public.hash_edit_token(pg_temp.tok('anon')), edit_token_hash = pg_temp.tok('anon')
       from public.pastes where id = pg_temp.pid('anon') $$,
  $$ values (true, false) $$,
  'only the hash of the edit token is stored, not the token itself');

-- Expired pastes, written the way time would leave them.
insert into public.pastes (id, title, content, privacy, user_id, expires_at) values
  ('PaExpPub01', 'A expired public', 'expired public', 'public', tests.user_id('pa-owner@example.test'), now() - interval '1 minute'),
  ('PaExpPrv01', 'A expired private', 'expired private', 'private', tests.user_id('pa-owner@example.test'), now() - interval '1 minute');

-- ── Listing (the select policy) ────────────────────────────────────────────────────────────────
select tests.act_as_anon();
select results_eq(
  $$ select title from public.pastes where title ~ '^(A|B|Anon) ' order by title $$,
  array['A expiring', 'A public', 'Anon public', 'Anon second', 'B public'],
  'anon lists live public pastes only: no unlisted, private, burn-after-read or expired ones');
select is_empty($$ select id from public.pastes where id = pg_temp.pid('unl') $$,
  'anon cannot fetch an unlisted paste with select even knowing its id');
select is_empty($$ select id from public.pastes where id = pg_temp.pid('bburn') $$,
  'anon cannot read a burn-after-read paste with select, which would not burn it');
select throws_ok($$ select edit_token_hash from public.pastes $$, '42501', null,
  'anon cannot select edit_token_hash');
select throws_ok($$ select * from public.pastes $$, '42501', null,
  'anon cannot select every column, since that includes edit_token_hash');

select tests.authenticate_as('pa-other@example.test');
select results_eq(
  $$ select title from public.pastes where title ~ '^(A|B|Anon) ' order by title $$,
  array['A expiring', 'A public', 'Anon public', 'Anon second', 'B burn', 'B burn 2', 'B private', 'B public'],
  'another user lists live public pastes plus all of their own');
select is_empty($$ select id from public.pastes where id in (pg_temp.pid('unl'), pg_temp.pid('prv')) $$,
  'another user cannot select the owner''s unlisted or private paste');

select tests.authenticate_as('pa-owner@example.test');
select results_eq(
  $$ select title from public.pastes where title ~ '^(A|B|Anon) ' order by title $$,
  array['A burn', 'A expiring', 'A private', 'A public', 'A unlisted', 'Anon public', 'Anon second', 'B public'],
  'the owner lists all their live pastes, whatever the privacy, but not their expired ones');
select throws_ok($$ select edit_token_hash from public.pastes where id = pg_temp.pid('pub') $$, '42501', null,
  'a signed-in user cannot select edit_token_hash, not even of their own paste');

select tests.authenticate_as('pa-admin@example.test');
select is_empty($$ select id from public.pastes where id in (pg_temp.pid('unl'), pg_temp.pid('prv'), pg_temp.pid('bprv')) $$,
  'an admin cannot select other people''s unlisted or private pastes');

-- ── Reading one paste (view_paste) ─────────────────────────────────────────────────────────────
select tests.act_as_anon();
select is(public.view_paste(pg_temp.pid('unl')) ->> 'content', 'unlisted content',
  'anon reads an unlisted paste by its id');
select is(public.view_paste(pg_temp.pid('prv')), null, 'anon cannot read a private paste');
select is(public.view_paste('NoSuchPaste'), null, 'an unknown id reads as nothing');
select is(public.view_paste('PaExpPub01'), null, 'an expired public paste reads as nothing');
select is(public.view_paste(pg_temp.pid('anon')) ? 'edit_token_hash', false,
  'a viewed anonymous paste comes without its token hash');
select is((public.view_paste(pg_temp.pid('pub')) ->> 'views')::int, 1, 'the first view reads as view 1');
select is((public.view_paste(pg_temp.pid('pub')) ->> 'views')::int, 2, 'the second view reads as view 2');

select tests.authenticate_as('pa-other@example.test');
select is(public.view_paste(pg_temp.pid('unl')) ->> 'content', 'unlisted content',
  'another user reads an unlisted paste by its id');
select is(public.view_paste(pg_temp.pid('prv')), null, 'another user cannot read the owner''s private paste');
select is((public.view_paste(pg_temp.pid('pub')) ->> 'views')::int, 3, 'views count every reader');

select tests.authenticate_as('pa-admin@example.test');
select is(public.view_paste(pg_temp.pid('prv')), null, 'an admin cannot read someone else''s private paste');

select tests.authenticate_as('pa-owner@example.test');
select is(public.view_paste(pg_temp.pid('prv')) ->> 'content', 'private content', 'the owner reads their private paste');
select is(public.view_paste('PaExpPrv01'), null, 'the owner cannot read their own expired paste either');

select tests.clear_authentication();
select results_eq(
  $$ select id, views from public.pastes where id in (pg_temp.pid('pub'), pg_temp.pid('unl'), pg_temp.pid('prv'), 'PaExpPub01', 'PaExpPrv01')
      order by title $$,
  $$ values ('PaExpPrv01'::text, 0::bigint), ('PaExpPub01', 0), (pg_temp.pid('prv'), 1), (pg_temp.pid('pub'), 3), (pg_temp.pid('unl'), 2) $$,
  'views grow by exactly one per successful view; refused views of private or expired pastes add none');

-- ── Burn after read ────────────────────────────────────────────────────────────────────────────
select tests.authenticate_as('pa-owner@example.test');
select is(public.view_paste(pg_temp.pid('burn')) ->> 'content', 'burn content', 'the owner reads their burn-after-read paste');
select is(public.view_paste(pg_temp.pid('burn')) ->> 'content', 'burn content', 'the owner''s own reads do not burn it');

select tests.act_as_anon();
select is(public.view_paste(pg_temp.pid('bburn')) ->> 'content', 'other burn content',
  'the first reader of a burn-after-read paste gets its content');
select is(public.view_paste(pg_temp.pid('bburn')), null, 'the second reader gets nothing');
select is(public.view_paste(pg_temp.pid('aburn')) ->> 'content', 'anonymous burn',
  'an anonymous burn-after-read paste is read once');

select tests.authenticate_as('pa-other@example.test');
select is(public.view_paste(pg_temp.pid('burn')) ->> 'content', 'burn content', 'another user reads the owner''s burn paste once');

select tests.clear_authentication();
select is_empty(
  $$ select id from public.pastes where id in (pg_temp.pid('bburn'), pg_temp.pid('aburn'), pg_temp.pid('burn')) $$,
  'a burn-after-read paste is deleted by its first reader other than the owner');

-- ── Owners edit their pastes ───────────────────────────────────────────────────────────────────
update public.pastes set updated_at = now() - interval '1 hour' where id = pg_temp.pid('pub');
select tests.authenticate_as('pa-owner@example.test');
select results_eq(
  $$ update public.pastes set title = 'A public v2', content = 'public content v2' where id = pg_temp.pid('pub')
     returning title, content, updated_at = now() $$,
  $$ values ('A public v2'::text, 'public content v2'::text, true) $$,
  'the owner edits title and content, and updated_at moves to the time of the edit');
select throws_ok($$ update public.pastes set views = 0 where id = pg_temp.pid('pub') $$, '42501', null,
  'the owner cannot reset the view counter');
select throws_ok($$ update public.pastes set likes = 1000 where id = pg_temp.pid('pub') $$, '42501', null,
  'the owner cannot set the like counter');
select throws_ok($$ update public.pastes set user_id = tests.user_id('pa-other@example.test') where id = pg_temp.pid('pub') $$,
  '42501', null, 'the owner cannot hand the paste to someone else');
select throws_ok($$ update public.pastes set edit_token_hash = 'x' where id = pg_temp.pid('pub') $$, '42501', null,
  'the owner cannot set an edit token hash');
select throws_ok($$ update public.pastes set expires_at = now() - interval '1 minute' where id = pg_temp.pid('later') $$,
  '22023', null, 'the owner cannot move the expiry into the past');
select results_eq(
  $$ with u as (update public.pastes set title = 'revived' where id = 'PaExpPub01' returning 1) select count(*)::int from u $$,
  array[0], 'the owner cannot edit an expired paste');

select tests.clear_authentication();
update public.pastes set updated_at = now() - interval '1 hour' where id = pg_temp.pid('pub');
select tests.act_as_anon();
select isnt(public.view_paste(pg_temp.pid('pub')), null, 'the edited paste is still readable');
select tests.clear_authentication();
select is((select updated_at from public.pastes where id = pg_temp.pid('pub')), now() - interval '1 hour',
  'counting a view does not move updated_at');

select tests.authenticate_as('pa-other@example.test');
select results_eq(
  $$ with u as (update public.pastes set title = 'hijacked' where id = pg_temp.pid('pub') returning 1) select count(*)::int from u $$,
  array[0], 'another user''s edit of the owner''s paste affects no row');

select tests.authenticate_as('pa-admin@example.test');
select results_eq(
  $$ with u as (update public.pastes set title = 'moderated' where id = pg_temp.pid('bpub') returning 1) select count(*)::int from u $$,
  array[0], 'an admin''s edit of someone else''s paste affects no row');

select tests.act_as_anon();
select throws_ok($$ update public.pastes set title = 'vandalised' where id = pg_temp.pid('anon') $$, '42501', null,
  'anon cannot update pastes directly, not even anonymous ones');

select tests.clear_authentication();
select results_eq(
  $$ select title from public.pastes where id in (pg_temp.pid('pub'), pg_temp.pid('bpub'), pg_temp.pid('anon')) order by title $$,
  array['A public v2', 'Anon public', 'B public'],
  'pastes keep their titles after edits by people who may not make them');

-- ── Anonymous authors edit with their token ────────────────────────────────────────────────────
select tests.act_as_anon();
select results_eq(
  $$ select j ->> 'title', j ->> 'content', j ->> 'language'
       from public.update_paste_with_token(pg_temp.pid('anon'), pg_temp.tok('anon'),
                                           '{"title": "Anon public v2", "content": "anonymous content v2"}') as j $$,
  $$ values ('Anon public v2', 'anonymous content v2', 'sql') $$,
  'the right token changes the fields given and keeps the others');
select throws_ok(
  $$ select public.update_paste_with_token(pg_temp.pid('anon'), 'not-the-token', '{"title": "x"}') $$,
  '42501', null, 'a wrong token is refused');
select throws_ok(
  $$ select public.update_paste_with_token(pg_temp.pid('anon'), pg_temp.tok('anon2'), '{"title": "x"}') $$,
  '42501', null, 'the token of another anonymous paste is refused');
select throws_ok(
  $$ select public.update_paste_with_token(pg_temp.pid('anon'), null, '{"title": "x"}') $$,
  '42501', null, 'a missing token is refused');
select throws_ok(
  $$ select public.update_paste_with_token('NoSuchPaste', 'whatever', '{"title": "x"}') $$,
  'P0002', null, 'an unknown id is reported as not found');
select throws_ok(
  $$ select public.update_paste_with_token(pg_temp.pid('bpub'), '', '{"title": "x"}') $$,
  '42501', null, 'a paste with an owner cannot be edited with a token');
select throws_ok(
  $$ select public.update_paste_with_token(pg_temp.pid('anon'), pg_temp.tok('anon'), '{"privacy": "private"}') $$,
  '22023', null, 'an anonymous paste cannot be made private');
select throws_ok(
  $$ select public.update_paste_with_token(pg_temp.pid('anon'), pg_temp.tok('anon'),
                                           jsonb_build_object('expires_at', now() - interval '1 minute')) $$,
  '22023', null, 'the token cannot move the expiry into the past');
select results_eq(
  $$ select (j ->> 'views')::int, (j ->> 'likes')::int
       from public.update_paste_with_token(pg_temp.pid('anon'), pg_temp.tok('anon'), '{"views": 0, "likes": 1000}') as j $$,
  $$ values (1, 0) $$,
  'the token cannot change the counters (the paste keeps its 1 view and 0 likes)');

-- ── Deleting ───────────────────────────────────────────────────────────────────────────────────
select throws_ok($$ delete from public.pastes where id = pg_temp.pid('anon2') $$, '42501', null,
  'anon cannot delete pastes directly');
select throws_ok($$ select public.delete_paste_with_token(pg_temp.pid('anon2'), 'not-the-token') $$, '42501', null,
  'a wrong token cannot delete an anonymous paste');
select lives_ok($$ select public.delete_paste_with_token(pg_temp.pid('anon2'), pg_temp.tok('anon2')) $$,
  'the right token deletes an anonymous paste');
select is(public.view_paste(pg_temp.pid('anon2')), null, 'a paste deleted with its token is gone');

select tests.authenticate_as('pa-other@example.test');
select results_eq(
  $$ with d as (delete from public.pastes where id = pg_temp.pid('pub') returning 1) select count(*)::int from d $$,
  array[0], 'another user''s delete of the owner''s paste affects no row');
select tests.authenticate_as('pa-admin@example.test');
select results_eq(
  $$ with d as (delete from public.pastes where id = pg_temp.pid('bpub') returning 1) select count(*)::int from d $$,
  array[0], 'an admin''s delete of someone else''s paste affects no row');
select tests.authenticate_as('pa-owner@example.test');
select results_eq(
  $$ with d as (delete from public.pastes where id = pg_temp.pid('unl') returning 1) select count(*)::int from d $$,
  array[1], 'the owner deletes their own paste');

select tests.clear_authentication();
select results_eq(
  $$ select id from public.pastes where id in (pg_temp.pid('pub'), pg_temp.pid('bpub'), pg_temp.pid('unl')) order by title $$,
  $$ values (pg_temp.pid('pub')), (pg_temp.pid('bpub')) $$,
  'only the owner''s delete removed a paste');

-- ── Duplicating ────────────────────────────────────────────────────────────────────────────────
update public.pastes set likes = 4 where id = pg_temp.pid('pub');
select tests.authenticate_as('pa-other@example.test');
insert into pa values ('dup', public.duplicate_paste(pg_temp.pid('pub')));
select results_eq(
  $$ select j ->> 'title', j ->> 'content', j ->> 'language', (j ->> 'views')::int, (j ->> 'likes')::int,
            (j ->> 'user_id')::uuid, j ? 'edit_token'
       from pa where k = 'dup' $$,
  $$ values ('A public v2 (Copy)', 'public content v2', 'python', 0, 0, tests.user_id('pa-other@example.test'), false) $$,
  'a duplicate copies title (with " (Copy)"), content and language, resets the counters and belongs to the caller');
select isnt((select j ->> 'id' from pa where k = 'dup'), pg_temp.pid('pub'), 'a duplicate gets a new id');
select throws_ok($$ select public.duplicate_paste(pg_temp.pid('prv')) $$, 'P0002', null,
  'another user cannot duplicate the owner''s private paste');

select tests.authenticate_as('pa-owner@example.test');
select throws_ok($$ select public.duplicate_paste(pg_temp.pid('bburn2')) $$, 'P0002', null,
  'someone else''s burn-after-read paste cannot be duplicated (that would read it without burning it)');
select is(public.duplicate_paste(pg_temp.pid('prv')) ->> 'privacy', 'private', 'the owner duplicates their private paste, still private');

select tests.act_as_anon();
insert into pa values ('anondup', public.duplicate_paste(pg_temp.pid('pub')));
select results_eq(
  $$ select j ->> 'user_id', char_length(j ->> 'edit_token') >= 32 from pa where k = 'anondup' $$,
  $$ values (null::text, true) $$,
  'an anonymous duplicate has no owner and comes with its own edit token');
select lives_ok(
  $$ select public.update_paste_with_token(pg_temp.pid('anondup'), pg_temp.tok('anondup'), '{"title": "mine now"}') $$,
  'the duplicate''s edit token works on the duplicate');

-- ── Purging expired pastes ─────────────────────────────────────────────────────────────────────
select throws_ok($$ select public.purge_expired() $$, '42501', null, 'anon cannot purge');
select tests.authenticate_as('pa-owner@example.test');
select throws_ok($$ select public.purge_expired() $$, '42501', null, 'a signed-in user cannot purge');
select tests.authenticate_as('pa-admin@example.test');
select throws_ok($$ select public.purge_expired() $$, '42501', null, 'an admin cannot purge through the API either');

select tests.act_as_service_role();
select results_eq(
  $$ select count(*)::int, count(edit_token_hash)::int from public.pastes
      where id in (pg_temp.pid('prv'), pg_temp.pid('bprv'), pg_temp.pid('bburn2'), pg_temp.pid('anon'), 'PaExpPub01', 'PaExpPrv01') $$,
  $$ values (6, 1) $$,
  'service_role reads every paste, private, burn-after-read and expired ones and the token hash included');
select is(public.purge_expired(), 2, 'service_role purges the expired pastes and says how many');
select tests.clear_authentication();
select results_eq(
  $$ select id from public.pastes where id in ('PaExpPub01', 'PaExpPrv01', pg_temp.pid('later'), pg_temp.pid('pub')) order by title $$,
  $$ values (pg_temp.pid('later')), (pg_temp.pid('pub')) $$,
  'the purge removes the expired pastes and leaves live ones, including those that expire later');

select * from finish();
rollback;
