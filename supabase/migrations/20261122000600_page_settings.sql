-- The disabled-pages map (SPEC §3): one row per page key, readable by everyone, changed by admins.
create table public.page_settings (
  page_key text primary key check (page_key in (
    'dashboard', 'file-converter', 'image-color-picker', 'qr-code-generator',
    'url-shortener', 'username-checker', 'image-to-text', 'pdf-editor'
  )),
  is_disabled boolean not null default false,
  disable_reason text not null default '' check (char_length(disable_reason) <= 500),
  updated_by uuid references auth.users (id) on delete set null,
  updated_at timestamptz not null default now()
);
alter table public.page_settings enable row level security;

insert into public.page_settings (page_key) values
  ('dashboard'), ('file-converter'), ('image-color-picker'), ('qr-code-generator'),
  ('url-shortener'), ('username-checker'), ('image-to-text'), ('pdf-editor');

revoke all on table public.page_settings from anon, authenticated;
-- Not updated_by: it would tell anyone which accounts are admins.
grant select (page_key, is_disabled, disable_reason, updated_at) on table public.page_settings to anon, authenticated;
grant update (is_disabled, disable_reason) on table public.page_settings to authenticated;
grant all on table public.page_settings to service_role;

create policy "page_settings: everyone reads"
  on public.page_settings for select to anon, authenticated
  using (true);

create policy "page_settings: admins update"
  on public.page_settings for update to authenticated
  using ((select public.is_admin((select auth.uid()))))
  with check ((select public.is_admin((select auth.uid()))));

-- Who changed a page and when is recorded by the database, not taken from the caller.
create function public.page_settings_stamp()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_by := auth.uid();
  new.updated_at := now();
  return new;
end;
$$;

create trigger page_settings_stamp
  before update on public.page_settings
  for each row execute function public.page_settings_stamp();

revoke all on function public.page_settings_stamp() from public, anon, authenticated;
