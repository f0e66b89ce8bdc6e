-- "No links to our own /s/" (20261122000400) compared the destination with the request's Host or
-- X-Forwarded-Host header, which the caller writes: `X-Forwarded-Host: decoy.invalid` made a link to
-- our own /s/ acceptable, a redirect loop that counts clicks forever and drains click-limited links
-- (issue 35). Our own hosts are now configuration: the BFF records its configured public origins
-- (TOOLKIT_PUBLIC_URL, TOOLKIT_SITE_URL, TOOLKIT_OWN_ORIGINS) here, and the check reads only this
-- table. A host once recorded stays (a link to an old name of the site is refused, which is harmless).

create table public.site_hosts (
  host text primary key check (char_length(host) <= 260 and host ~ '^[a-z0-9.:\[\]_-]+$'),
  recorded_at timestamptz not null default now()
);
alter table public.site_hosts enable row level security;
revoke all on table public.site_hosts from anon, authenticated;
grant all on table public.site_hosts to service_role;

-- A host as the check compares hosts: lower case, without a trailing dot or a default port.
create function public.comparable_host(host text)
returns text
language sql
immutable
set search_path = ''
as $$
  select regexp_replace(lower(host), '\.?(:(80|443))?$', '');
$$;

-- The BFF's configured public origins (`https://tools.example.org`, …): their hosts are ours from now
-- on. Returns how many were new. service_role only.
create function public.record_site_origins(origins text[])
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  added integer;
begin
  insert into public.site_hosts (host)
  select distinct public.comparable_host(substring(o from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?([^/?#@]+)'))
    from unnest(coalesce(origins, '{}')) o
   where o ~ '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?[^/?#@]+'
  on conflict (host) do nothing;
  get diagnostics added = row_count;
  return added;
end;
$$;

-- As in 20261122000400, with our own hosts from site_hosts instead of the request's headers.
create or replace function public.normalize_link_target(url text)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  target text := trim(coalesce(url, ''));
  target_host text;
  target_path text;
begin
  if target = '' then
    raise exception 'Enter a URL to shorten' using errcode = '22023';
  end if;
  if target ~* '^[a-z][a-z0-9+.-]*://' then
    if target !~* '^https?://' then
      raise exception 'Only http and https links can be shortened' using errcode = '22023';
    end if;
    target := lower(substring(target from '^[A-Za-z]+')) || substring(target from '://.*$');
  elsif target ~* '^(javascript|data|vbscript|file|mailto|tel|blob|about|ftp):' then
    raise exception 'Only http and https links can be shortened' using errcode = '22023';
  else
    target := 'https://' || target;
  end if;
  if char_length(target) > 2048 then
    raise exception 'The URL is longer than 2048 characters' using errcode = '22023';
  end if;
  if target !~ '^https?://[^\s/?#@]*@?[A-Za-z0-9._~%\[\]:-]+([/?#][^\s]*)?$' or target ~ '^https?://[/?#]' then
    raise exception 'This is not a valid URL' using errcode = '22023';
  end if;
  -- Compare hosts without a trailing dot or default port, and the path as browsers resolve it
  -- (//, /./, /../ and escaped dots, slashes or s), so no spelling of our /s/ slips through.
  target_host := public.comparable_host(substring(target from '^https?://(?:[^/?#@]*@)?([^/?#]+)'));
  target_path := coalesce(substring(target from '^https?://[^/?#]+(/[^?#]*)'), '/');
  target_path := replace(replace(replace(replace(replace(replace(target_path,
                   '%2e', '.'), '%2E', '.'), '%2f', '/'), '%2F', '/'), '%73', 's'), '%53', 'S');
  target_path := regexp_replace(target_path, '/+', '/', 'g');
  target_path := regexp_replace(target_path, '/\.(?=/|$)', '', 'g');
  while target_path ~ '/\.\.(/|$)' loop
    target_path := regexp_replace(target_path, '^(/[^/]*)?/\.\.(?=/|$)', '');
    target_path := regexp_replace(target_path, '/[^/]+/\.\.(?=/|$)', '');
  end loop;
  if target_path ~* '^/s/' and exists (select 1 from public.site_hosts h where h.host = target_host) then
    raise exception 'Links to our own short links cannot be shortened' using errcode = '22023';
  end if;
  return target;
end;
$$;

revoke all on function public.comparable_host(text) from public, anon, authenticated;
revoke all on function public.record_site_origins(text[]) from public, anon, authenticated;
grant execute on function public.record_site_origins(text[]) to service_role;
