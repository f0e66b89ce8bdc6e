-- Expiry dates end before 2100 (UTC). Before, any timestamptz was accepted: a paste expiring in
-- year 10000 (9999-12-31T23:59:59-12:00) was stored, and no client library could read it back, so
-- the public paste list failed for every visitor until the row went. The BFF refuses such dates with
-- a message naming the field (bff/toolkit_bff/api/body.py, LATEST_EXPIRY); these constraints make
-- sure no other path stores one.

-- Rows stored before this migration are brought into range first ("practically never" stays so).
update public.pastes set expires_at = '2099-12-31 23:59:59+00' where expires_at >= '2100-01-01 00:00:00+00';
update public.shortened_urls set expires_at = '2099-12-31 23:59:59+00' where expires_at >= '2100-01-01 00:00:00+00';

alter table public.pastes
  add constraint pastes_expires_at_before_2100 check (expires_at < '2100-01-01 00:00:00+00');
alter table public.shortened_urls
  add constraint shortened_urls_expires_at_before_2100 check (expires_at < '2100-01-01 00:00:00+00');
