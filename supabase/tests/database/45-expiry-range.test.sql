-- Expiry dates end before 2100 (UTC) on pastes and short links, whichever way a row is written:
-- create functions, an owner's update, an anonymous author's edit token, service_role. A later date
-- once stored (year 10000) made every read of the paste list fail.
begin;
select plan(9);

do $$
begin
  perform tests.create_user('er-owner@example.test');
end $$;

create temp table er (k text primary key, j jsonb not null);
grant all on er to public;

select tests.authenticate_as('er-owner@example.test');
select throws_ok(
  $$ select public.create_paste(content => 'x', expires_at => '9999-12-31T23:59:59-12:00') $$,
  '23514', null, 'a paste expiring in year 10000 (UTC) is refused');
select throws_ok(
  $$ select public.create_paste(content => 'x', expires_at => '2100-01-01T00:00:00Z') $$,
  '23514', null, 'a paste expiring on 2100-01-01 is refused: the bound is exclusive');
insert into er values ('link', to_jsonb(public.create_short_link('https://er.example/')));
insert into er values ('last', public.create_paste(content => 'x', title => 'ER last',
                                                    expires_at => '2099-12-31T23:59:59Z'));
select is((select (j ->> 'expires_at')::timestamptz from er where k = 'last'), '2099-12-31T23:59:59Z'::timestamptz,
  'a paste expiring on the last second of 2099 is stored');
select throws_ok(
  $$ update public.pastes set expires_at = '5000-01-01Z' where id = (select j ->> 'id' from er where k = 'last') $$,
  '23514', null, 'the owner cannot move the expiry past 2099');
select throws_ok(
  $$ select public.create_short_link('https://er-far.example/', expires_at => '2200-06-01Z') $$,
  '23514', null, 'a short link expiring after 2099 is refused');

select tests.act_as_anon();
insert into er values ('anon', public.create_paste(content => 'y', title => 'ER anon'));
select throws_ok(
  $$ select public.update_paste_with_token((select j ->> 'id' from er where k = 'anon'),
                                           (select j ->> 'edit_token' from er where k = 'anon'),
                                           '{"expires_at": "9999-12-31T23:59:59-12:00"}') $$,
  '23514', null, 'an anonymous author cannot set it with the edit token either');
select results_eq(
  $$ select title from public.pastes where title in ('ER last', 'ER anon') order by title $$,
  $$ values ('ER anon'), ('ER last') $$,
  'anon still lists both pastes');

select tests.act_as_service_role();
select throws_ok(
  $$ insert into public.pastes (id, content, expires_at) values ('ErDirect01', 'x', 'infinity') $$,
  '23514', null, 'service_role cannot store an endless expiry either (null means never)');
select throws_ok(
  $$ update public.shortened_urls set expires_at = '3000-01-01Z' where original_url = 'https://er.example/' $$,
  '23514', null, 'service_role cannot move a link''s expiry past 2099');

select * from finish();
rollback;
