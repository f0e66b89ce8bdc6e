-- Batched click counting for the redirect service (record_short_link_clicks): each worker's batch
-- added once, only service_role may call it, and the change notifications are wired to the table.
begin;
select plan(15);


do $$ begin perform tests.create_user('clicks-user@example.test'); end $$;
insert into public.shortened_urls (original_url, short_code) values
  ('https://batch-a.example/', 'batch-a'), ('https://batch-b.example/', 'batch-b');

select has_function('public', 'record_short_link_clicks', array['uuid', 'bigint', 'text[]', 'bigint[]']);
select has_trigger('public', 'shortened_urls', 'shortened_urls_notify_insert_delete',
  'inserting or deleting a link notifies the redirect caches');
select has_trigger('public', 'shortened_urls', 'shortened_urls_notify_update',
  'changing where a link leads notifies the redirect caches');

-- ── Who may add clicks ─────────────────────────────────────────────────────────────────────────
select tests.act_as_anon();
select throws_ok(
  $$ select public.record_short_link_clicks(gen_random_uuid(), 1, array['batch-a'], array[1000000]::bigint[]) $$,
  '42501', null, 'anon cannot add clicks in bulk');
select throws_ok($$ select * from public.short_link_click_flushers $$,
  '42501', null, 'anon cannot read the workers'' batch numbers');
select tests.authenticate_as('clicks-user@example.test');
select throws_ok(
  $$ select public.record_short_link_clicks(gen_random_uuid(), 1, array['batch-a'], array[5]::bigint[]) $$,
  '42501', null, 'a signed-in user cannot add clicks in bulk');

-- ── Applying a batch ───────────────────────────────────────────────────────────────────────────
select tests.act_as_service_role();
select is(
  public.record_short_link_clicks('00000000-0000-4000-8000-000000000001', 1,
    array['batch-a', 'batch-b', 'batch-a', 'no-such-link'], array[3, 4, 2, 7]::bigint[]),
  9::bigint,
  'a batch adds its clicks (a repeated code twice) and skips codes that no longer exist');
select tests.clear_authentication();
select results_eq(
  $$ select short_code, clicks from public.shortened_urls where short_code like 'batch-_' order by 1 $$,
  $$ values ('batch-a', 5::bigint), ('batch-b', 4::bigint) $$,
  'each link has the clicks of the batch');

select tests.act_as_service_role();
select is(
  public.record_short_link_clicks('00000000-0000-4000-8000-000000000001', 1,
    array['batch-a', 'batch-b', 'batch-a', 'no-such-link'], array[3, 4, 2, 7]::bigint[]),
  0::bigint,
  'the same batch sent again (a retried flush) adds nothing');
select tests.clear_authentication();
select results_eq(
  $$ select short_code, clicks from public.shortened_urls where short_code like 'batch-_' order by 1 $$,
  $$ values ('batch-a', 5::bigint), ('batch-b', 4::bigint) $$,
  'the counts are unchanged by the retry');

select tests.act_as_service_role();
select is(
  public.record_short_link_clicks('00000000-0000-4000-8000-000000000001', 2, array['batch-b'], array[1]::bigint[]),
  1::bigint,
  'the worker''s next batch adds again');
select is(
  public.record_short_link_clicks('00000000-0000-4000-8000-000000000002', 1, array['batch-b'], array[2]::bigint[]),
  2::bigint,
  'another worker''s batch 1 is its own');
select throws_ok(
  $$ select public.record_short_link_clicks(gen_random_uuid(), 1, array['batch-a', 'batch-b'], array[1]::bigint[]) $$,
  '22023', null, 'codes and counts of different lengths are refused');
select throws_ok(
  $$ select public.record_short_link_clicks(gen_random_uuid(), 1, array['batch-a'], array[-5]::bigint[]) $$,
  '22023', null, 'a negative count is refused (it would take clicks away)');
select tests.clear_authentication();
select is(
  (select clicks from public.shortened_urls where short_code = 'batch-b'), 7::bigint,
  'refused batches changed nothing');

select * from finish();
rollback;
