-- Moderation (admin_recent_pastes, admin_recent_short_links, admin_delete_paste,
-- admin_delete_short_link): only admins list and delete, what the lists show and hide, and that a
-- delete is final for everyone.
begin;
select plan(22);

do $$
begin
  perform tests.create_user('mod-author@example.test');
  perform tests.create_user('mod-admin@example.test');
  perform tests.make_admin(tests.user_id('mod-admin@example.test'));
end $$;

create temp table made (k text primary key, v text not null);
grant all on made to public;
create function pg_temp.made(name text) returns text language sql stable as $$ select v from made where k = name $$;

select tests.authenticate_as('mod-author@example.test');
insert into made values
  ('pub', public.create_paste(content => 'modtag visible text', title => 'modtag public') ->> 'id'),
  ('burn', public.create_paste(content => 'modtag secret text', title => 'modtag burn', burn_after_read => true) ->> 'id'),
  ('unl', public.create_paste(content => 'modtag unlisted', title => 'modtag unlisted', privacy => 'unlisted') ->> 'id'),
  ('prv', public.create_paste(content => 'modtag private', title => 'modtag private', privacy => 'private') ->> 'id'),
  ('link', (public.create_short_link('https://modtag.example/owned', 'modtag-owned')).short_code),
  ('used', (public.create_short_link('https://modtag.example/used-up', 'modtag-used', null, 1)).short_code);
select tests.act_as_anon();
insert into made values
  ('anon', public.create_paste(content => 'modtag anonymous', title => 'modtag anonymous') ->> 'id'),
  ('anonlink', (public.create_short_link('https://modtag.example/anonymous', 'modtag-anon')).short_code);
reset role;
update public.shortened_urls set clicks = 1 where short_code = 'modtag-used';

-- ── Who may call ──────────────────────────────────────────────────────────────────────────────
select tests.authenticate_as('mod-author@example.test');
select throws_ok($$ select * from public.admin_recent_pastes() $$, '42501', null,
  'a signed-in user who is not an admin cannot list pastes for moderation');
select throws_ok($$ select * from public.admin_recent_short_links() $$, '42501', null,
  'nor short links');
select throws_ok(format('select public.admin_delete_paste(%L)', pg_temp.made('anon')), '42501', null,
  'nor delete a paste that is not theirs');
select throws_ok($$ select public.admin_delete_short_link('modtag-anon') $$, '42501', null,
  'nor delete a short link that is not theirs');
select tests.act_as_anon();
select throws_ok($$ select * from public.admin_recent_pastes() $$, '42501', null, 'anon cannot call the moderation functions');
reset role;

-- ── What the lists show ───────────────────────────────────────────────────────────────────────
select tests.authenticate_as('mod-admin@example.test');
select results_eq(
  $$ select id, author_email from public.admin_recent_pastes('modtag') order by title $$,
  format($$ values (%L, null::text), (%L, 'mod-author@example.test'), (%L, 'mod-author@example.test') $$,
         pg_temp.made('anon'), pg_temp.made('burn'), pg_temp.made('pub')),
  'an admin sees the live public pastes with their authors (none for anonymous), never unlisted or private ones');
select is((select excerpt from public.admin_recent_pastes('modtag public')), 'modtag visible text',
  'the excerpt shows the start of the text');
select is((select excerpt from public.admin_recent_pastes('modtag burn')), null,
  'a burn-after-read paste is listed without its text, which only its one reader may see');
reset role;
select is((select views from public.pastes where id = pg_temp.made('burn')), 0::bigint,
  'and listing it neither counts a view nor burns it');
select tests.authenticate_as('mod-admin@example.test');
select is((select total from public.admin_recent_pastes('modtag', 1, 0)), 3::bigint,
  'total counts every match, not just the page');
select is((select count(*) from public.admin_recent_pastes('modtag', 1, 2)), 1::bigint, 'paging by offset');
select is((select count(*) from public.admin_recent_pastes('mod%tag')), 0::bigint,
  'the search text is literal: % is no wildcard');
select results_eq(
  $$ select short_code, owner_email from public.admin_recent_short_links('modtag') order by short_code $$,
  $$ values ('modtag-anon', null::text), ('modtag-owned', 'mod-author@example.test') $$,
  'an admin sees the short links that still redirect, not one whose clicks are used up');
select is((select count(*) from public.admin_recent_short_links('modtag.example/anonymous')), 1::bigint,
  'short links are found by their target too');
select throws_ok($$ select * from public.admin_recent_pastes(null, 101, 0) $$, '22023', null, 'page_size is at most 100');
select throws_ok($$ select * from public.admin_recent_short_links(null, 10, -1) $$, '22023', null, 'the offset is never negative');

-- ── Deleting ──────────────────────────────────────────────────────────────────────────────────
select lives_ok(format('select public.admin_delete_paste(%L)', pg_temp.made('anon')), 'an admin deletes an anonymous paste');
select lives_ok($$ select public.admin_delete_short_link('modtag-owned') $$, 'and a user''s short link');
select throws_ok(format('select public.admin_delete_paste(%L)', pg_temp.made('anon')), 'P0002', null,
  'a paste deleted already is not found');
select throws_ok($$ select public.admin_delete_short_link('modtag-owned') $$, 'P0002', null,
  'nor is a deleted short link');
select tests.act_as_anon();
select is(public.view_paste(pg_temp.made('anon')), null, 'the deleted paste is gone for visitors');
select is(public.resolve_short_link('modtag-owned', false), null, 'and the deleted link no longer resolves');
reset role;

select * from finish();
rollback;
