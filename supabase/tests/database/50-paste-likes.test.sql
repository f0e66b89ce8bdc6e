-- Likes (paste_likes, like_paste, unlike_paste): one like per signed-in user and paste, counted
-- once; nobody writes paste_likes directly and users see only their own likes.
begin;
select plan(23);

do $$
begin
  perform tests.create_user('pl-owner@example.test');
  perform tests.create_user('pl-liker@example.test');
  perform tests.create_user('pl-second@example.test');
end $$;

create temp table pl (k text primary key, id text not null);
grant all on pl to public;
create function pg_temp.pid(name text) returns text language sql stable
  as $$ select id from pl where k = name $$;

select tests.authenticate_as('pl-owner@example.test');
insert into pl values
  ('pub', public.create_paste(content => 'likeable', title => 'PL public') ->> 'id'),
  ('unl', public.create_paste(content => 'likeable unlisted', title => 'PL unlisted', privacy => 'unlisted') ->> 'id'),
  ('prv', public.create_paste(content => 'private', title => 'PL private', privacy => 'private') ->> 'id');
select tests.clear_authentication();
insert into public.pastes (id, title, content, user_id, expires_at) values
  ('PlExpired1', 'PL expired', 'expired', tests.user_id('pl-owner@example.test'), now() - interval '1 minute');
update public.pastes set updated_at = now() - interval '1 hour' where id = pg_temp.pid('pub');

-- ── Liking ─────────────────────────────────────────────────────────────────────────────────────
select tests.act_as_anon();
select throws_ok($$ select public.like_paste(pg_temp.pid('pub')) $$, '42501', null, 'anon cannot like a paste');
select throws_ok($$ select public.unlike_paste(pg_temp.pid('pub')) $$, '42501', null, 'anon cannot unlike a paste');
select throws_ok($$ select * from public.paste_likes $$, '42501', null, 'anon cannot read likes');

select tests.authenticate_as('pl-liker@example.test');
select is(public.like_paste(pg_temp.pid('pub')), '{"likes": 1, "liked": true, "counted": true}'::jsonb,
  'a first like is counted');
select is(public.like_paste(pg_temp.pid('pub')), '{"likes": 1, "liked": true, "counted": false}'::jsonb,
  'liking the same paste again is not counted');
select is(public.like_paste(pg_temp.pid('unl')) ->> 'likes', '1', 'an unlisted paste can be liked by whoever has its id');
select throws_ok($$ select public.like_paste(pg_temp.pid('prv')) $$, 'P0002', null,
  'someone else''s private paste cannot be liked (and reads as missing)');
select throws_ok($$ select public.like_paste('NoSuchPaste') $$, 'P0002', null, 'an unknown paste cannot be liked');
select throws_ok($$ select public.like_paste('PlExpired1') $$, 'P0002', null, 'an expired paste cannot be liked');

select tests.authenticate_as('pl-second@example.test');
select is(public.like_paste(pg_temp.pid('pub')) ->> 'likes', '2', 'a second user''s like makes 2');

select tests.authenticate_as('pl-owner@example.test');
select is(public.like_paste(pg_temp.pid('prv')) ->> 'counted', 'true', 'the owner may like their own private paste');

select tests.clear_authentication();
select results_eq(
  $$ select likes, updated_at = now() - interval '1 hour' from public.pastes where id = pg_temp.pid('pub') $$,
  $$ values (2::bigint, true) $$,
  'the paste counts 2 likes from 3 like calls by 2 users, and liking does not move updated_at');

-- ── Reading and writing paste_likes directly ───────────────────────────────────────────────────
select tests.authenticate_as('pl-liker@example.test');
select results_eq(
  $$ select paste_id from public.paste_likes order by paste_id $$,
  $$ select id from pl where k in ('pub', 'unl') order by id $$,
  'a user reads exactly their own likes');
select throws_ok(
  $$ insert into public.paste_likes (paste_id, user_id) values (pg_temp.pid('prv'), auth.uid()) $$,
  '42501', null, 'a user cannot insert a like directly');
select throws_ok($$ delete from public.paste_likes where paste_id = pg_temp.pid('pub') $$,
  '42501', null, 'a user cannot delete likes directly, not even their own');
select throws_ok($$ update public.paste_likes set user_id = user_id $$, '42501', null,
  'a user cannot change likes directly');

select tests.authenticate_as('pl-owner@example.test');
select results_eq(
  $$ select paste_id from public.paste_likes $$,
  $$ values (pg_temp.pid('prv')) $$,
  'the paste''s owner does not see who liked their pastes');

-- ── Unliking ───────────────────────────────────────────────────────────────────────────────────
select tests.authenticate_as('pl-liker@example.test');
select is(public.unlike_paste(pg_temp.pid('pub')), '{"likes": 1, "liked": false, "counted": true}'::jsonb,
  'unliking takes one like away');
select is(public.unlike_paste(pg_temp.pid('pub')), '{"likes": 1, "liked": false, "counted": false}'::jsonb,
  'unliking again takes nothing more away');
select is_empty($$ select 1 from public.paste_likes where paste_id = pg_temp.pid('pub') $$,
  'the user''s like of the paste is gone');
select is(public.like_paste(pg_temp.pid('pub')) ->> 'likes', '2', 'a user may like a paste again after unliking it');

-- Even if the counter has drifted to 0, an unlike never takes it below 0.
select tests.clear_authentication();
update public.pastes set likes = 0 where id = pg_temp.pid('unl');
select tests.authenticate_as('pl-liker@example.test');
select is(public.unlike_paste(pg_temp.pid('unl')) ->> 'likes', '0', 'likes never go below 0');

select tests.act_as_service_role();
select is((select count(*)::int from public.paste_likes where paste_id in (select id from pl)), 3,
  'service_role reads every like');

select tests.clear_authentication();
select * from finish();
rollback;
