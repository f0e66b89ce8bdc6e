-- Short links. Created only through create_short_link (so every rule below holds), resolved
-- through resolve_short_link; owners list and delete their own links, nobody else sees them.
create table public.shortened_urls (
  id uuid primary key default gen_random_uuid(),
  original_url text not null check (char_length(original_url) <= 2048 and original_url ~ '^https?://[^\s/?#]+[^\s]*$'),
  short_code text not null unique check (short_code ~ '^[A-Za-z0-9_-]{3,64}$'),
  clicks bigint not null default 0 check (clicks >= 0),
  max_clicks integer check (max_clicks > 0),
  expires_at timestamptz,
  user_id uuid references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index shortened_urls_user_id_created_at_idx on public.shortened_urls (user_id, created_at desc);
alter table public.shortened_urls enable row level security;

revoke all on table public.shortened_urls from anon, authenticated;
grant select, delete on table public.shortened_urls to authenticated;
grant all on table public.shortened_urls to service_role;

create policy "shortened_urls: owners read their links"
  on public.shortened_urls for select to authenticated
  using (user_id = (select auth.uid()));

create policy "shortened_urls: owners delete their links"
  on public.shortened_urls for delete to authenticated
  using (user_id = (select auth.uid()));

-- Words that would shadow our own routes or read as official.
create function public.short_link_reserved_words()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array[
    'about', 'account', 'admin', 'administrator', 'all-tools', 'api', 'app', 'assets', 'auth', 'changelog',
    'color-picker', 'converter', 'dashboard', 'docs', 'favicon', 'health', 'help', 'home', 'image-metadata',
    'index', 'login', 'logout', 'manifest', 'ocr', 'password-generator', 'paste', 'pastes', 'pdf-editor',
    'privacy', 'qr-code', 'register', 'robots', 'root', 'rest', 's', 'settings', 'signin', 'signout',
    'signup', 'sitemap', 'static', 'support', 'system', 'terms', 'text-cleaner', 'tools', 'translator',
    'url-shortener', 'username-checker', 'www'
  ];
$$;

-- SPEC §5: a destination without a scheme gets https://; only http and https are accepted.
create function public.normalize_link_target(url text)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  target text := trim(coalesce(url, ''));
  headers jsonb;
  own_host text;
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
  -- A link to one of our own short links would chain redirects (or loop): refuse it. The request's
  -- host comes from request.headers, which the Data API (and our BFF) set per request.
  headers := nullif(current_setting('request.headers', true), '')::jsonb;
  own_host := lower(coalesce(headers ->> 'x-forwarded-host', headers ->> 'host'));
  target_host := lower(substring(target from '^https?://(?:[^/?#@]*@)?([^/?#]+)'));
  -- Compare hosts without a trailing dot or default port, and the path as browsers resolve it
  -- (//, /./, /../ and escaped dots, slashes or s), so no spelling of our /s/ slips through.
  own_host := regexp_replace(own_host, '\.?(:(80|443))?$', '');
  target_host := regexp_replace(target_host, '\.?(:(80|443))?$', '');
  target_path := coalesce(substring(target from '^https?://[^/?#]+(/[^?#]*)'), '/');
  target_path := replace(replace(replace(replace(replace(replace(target_path,
                   '%2e', '.'), '%2E', '.'), '%2f', '/'), '%2F', '/'), '%73', 's'), '%53', 'S');
  target_path := regexp_replace(target_path, '/+', '/', 'g');
  target_path := regexp_replace(target_path, '/\.(?=/|$)', '', 'g');
  while target_path ~ '/\.\.(/|$)' loop
    target_path := regexp_replace(target_path, '^(/[^/]*)?/\.\.(?=/|$)', '');
    target_path := regexp_replace(target_path, '/[^/]+/\.\.(?=/|$)', '');
  end loop;
  if own_host is not null and target_host = own_host and target_path ~* '^/s/' then
    raise exception 'Links to our own short links cannot be shortened' using errcode = '22023';
  end if;
  return target;
end;
$$;

create function public.create_short_link(
  url text,
  alias text default null,
  expires_at timestamptz default null,
  max_clicks integer default null
)
returns public.shortened_urls
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target text := public.normalize_link_target(url);
  wanted text := nullif(trim(alias), '');
  created public.shortened_urls;
begin
  if create_short_link.expires_at is not null and create_short_link.expires_at <= now() then
    raise exception 'The expiry date must be in the future' using errcode = '22023';
  end if;
  if create_short_link.max_clicks is not null and create_short_link.max_clicks < 1 then
    raise exception 'The click limit must be at least 1' using errcode = '22023';
  end if;

  if wanted is not null then
    if wanted !~ '^[A-Za-z0-9_-]{3,64}$' then
      raise exception 'An alias is 3 to 64 letters, digits, - or _' using errcode = '22023';
    end if;
    if lower(wanted) = any (public.short_link_reserved_words()) then
      raise exception 'The alias "%" is reserved', wanted using errcode = '22023';
    end if;
    begin
      insert into public.shortened_urls (original_url, short_code, expires_at, max_clicks, user_id)
      values (target, wanted, create_short_link.expires_at, create_short_link.max_clicks, auth.uid())
      returning * into created;
    exception when unique_violation then
      raise exception 'The alias "%" is already taken', wanted using errcode = '23505';
    end;
    return created;
  end if;

  -- 55^7 ≈ 1.5 × 10^12 codes: a collision is rare, several in a row practically impossible.
  for attempt in 1 .. 10 loop
    begin
      insert into public.shortened_urls (original_url, short_code, expires_at, max_clicks, user_id)
      values (target, public.random_code(7), create_short_link.expires_at, create_short_link.max_clicks, auth.uid())
      returning * into created;
      return created;
    exception when unique_violation then
      null;  -- try another code
    end;
  end loop;
  raise exception 'Could not find a free short code' using errcode = '55000';
end;
$$;

-- The destination of a live link, counting the click in the same statement (atomic under
-- concurrency: the row lock re-checks max_clicks). Nothing for unknown, expired or exhausted links.
create function public.resolve_short_link(code text, count_click boolean default true)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target text;
begin
  if count_click then
    update public.shortened_urls s
       set clicks = s.clicks + 1
     where s.short_code = resolve_short_link.code
       and (s.expires_at is null or s.expires_at > now())
       and (s.max_clicks is null or s.clicks < s.max_clicks)
    returning s.original_url into target;
  else
    select s.original_url into target
      from public.shortened_urls s
     where s.short_code = resolve_short_link.code
       and (s.expires_at is null or s.expires_at > now())
       and (s.max_clicks is null or s.clicks < s.max_clicks);
  end if;
  return target;
end;
$$;

revoke all on function public.short_link_reserved_words() from public, anon, authenticated;
revoke all on function public.normalize_link_target(text) from public, anon, authenticated;
revoke all on function public.create_short_link(text, text, timestamptz, integer) from public, anon, authenticated;
revoke all on function public.resolve_short_link(text, boolean) from public, anon, authenticated;
grant execute on function public.create_short_link(text, text, timestamptz, integer) to anon, authenticated, service_role;
grant execute on function public.resolve_short_link(text, boolean) to anon, authenticated, service_role;
