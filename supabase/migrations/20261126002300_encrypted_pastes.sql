-- Zero-knowledge pastes (issue 32): the browser encrypts title, language and text with AES-GCM
-- under a key that travels only in the link's fragment (never sent to any server), and the server
-- stores the ciphertext and a flag. The database refuses anything else under the flag: content in
-- the envelope format `tk1.<iv>.<ciphertext>` (base64url), no title, language 'plaintext', and
-- never public (a list could only show ciphertext; the key is in the link alone). Burn-after-read
-- and expiry work as for every paste.

alter table public.pastes add column encrypted boolean not null default false;
alter table public.pastes add constraint pastes_encrypted_holds_only_ciphertext check (
  not encrypted or (content ~ '^tk1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22,}$' and title = ''
                    and language = 'plaintext' and privacy <> 'public'));
grant select (encrypted) on table public.pastes to anon, authenticated;

-- The same rules in words, before the constraint would answer with its name.
create function public.pastes_check_encrypted()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.encrypted is distinct from old.encrypted and old.encrypted then
    raise exception 'An encrypted paste stays encrypted' using errcode = '22023';
  end if;
  if new.encrypted then
    if new.privacy = 'public' then
      raise exception 'An encrypted paste is unlisted or private: only its link carries the key' using errcode = '22023';
    end if;
    if new.content !~ '^tk1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22,}$' then
      raise exception 'An encrypted paste holds only the ciphertext made in the browser' using errcode = '22023';
    end if;
    if new.title <> '' or new.language <> 'plaintext' then
      raise exception 'An encrypted paste keeps its title and language inside the ciphertext' using errcode = '22023';
    end if;
  end if;
  return new;
end;
$$;
revoke all on function public.pastes_check_encrypted() from public, anon, authenticated;

create trigger pastes_check_encrypted
  before insert or update on public.pastes
  for each row execute function public.pastes_check_encrypted();

-- Creates an encrypted paste: create_paste's rules (it is called), then the flag, checked above,
-- in the same transaction, so a refused ciphertext leaves nothing behind.
create function public.create_encrypted_paste(
  ciphertext text,
  privacy text default 'unlisted',
  expires_at timestamptz default null,
  burn_after_read boolean default false
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  created jsonb;
  stored public.pastes;
begin
  if coalesce(privacy, 'unlisted') not in ('unlisted', 'private') then
    raise exception 'An encrypted paste is unlisted or private: only its link carries the key' using errcode = '22023';
  end if;
  created := public.create_paste(ciphertext, '', 'plaintext', coalesce(privacy, 'unlisted'), expires_at,
                                 coalesce(burn_after_read, false));
  update public.pastes p set encrypted = true where p.id = created ->> 'id' returning * into stored;
  -- An anonymous author's edit token is shown this once, as create_paste shows it.
  return public.paste_json(stored) || case when created ? 'edit_token'
                                          then jsonb_build_object('edit_token', created -> 'edit_token') else '{}' end;
end;
$$;

-- As in 20261125001300, but an encrypted paste is not copied: the server cannot read it, and a
-- copy would be ciphertext without its flag.
create or replace function public.duplicate_paste(paste_id text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  source public.pastes;
begin
  perform public.require_mfa_satisfied();
  select * into source from public.pastes p
   where p.id = duplicate_paste.paste_id
     and public.paste_readable_by_id(p, caller)
     and (not p.burn_after_read or p.user_id = caller);
  if source.id is null then
    raise exception 'No paste has this id' using errcode = 'P0002';
  end if;
  if source.encrypted then
    raise exception 'An encrypted paste cannot be copied on the server: only your browser can read it' using errcode = '22023';
  end if;
  return public.create_paste(
    source.content,
    left(source.title, 193) || ' (Copy)',
    source.language,
    source.privacy,
    source.expires_at,
    false
  );
end;
$$;

-- As in 20261125001400, with the flag, and no preview of ciphertext (it says nothing to anyone).
drop function public.list_pastes(text, integer, timestamptz, text);
create function public.list_pastes(
  scope text default 'recent',
  page_size integer default 10,
  before_created_at timestamptz default null,
  before_id text default null
)
returns table (
  id text,
  title text,
  language text,
  privacy text,
  user_id uuid,
  created_at timestamptz,
  updated_at timestamptz,
  expires_at timestamptz,
  burn_after_read boolean,
  views bigint,
  likes bigint,
  preview text,
  size integer,
  encrypted boolean
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  after_all boolean := before_created_at is null;
begin
  perform public.require_mfa_satisfied();
  if scope is null or scope not in ('recent', 'mine') then
    raise exception 'scope must be recent or mine' using errcode = '22023';
  end if;
  if page_size is null or page_size < 1 or page_size > 200 then
    raise exception 'page_size must be 1–200' using errcode = '22023';
  end if;
  if (before_created_at is null) <> (before_id is null) then
    raise exception 'A cursor needs both before_created_at and before_id' using errcode = '22023';
  end if;
  if scope = 'mine' then
    if caller is null then
      raise exception 'Sign in to list your pastes' using errcode = '42501';
    end if;
    return query
      select p.id, p.title, p.language, p.privacy, p.user_id, p.created_at, p.updated_at, p.expires_at,
             p.burn_after_read, p.views, p.likes, case when p.encrypted then '' else left(p.content, 280) end,
             char_length(p.content), p.encrypted
        from public.pastes p
       where p.user_id = caller and (p.expires_at is null or p.expires_at > now())
         and (after_all or (p.created_at, p.id) < (before_created_at, before_id))
       order by p.created_at desc, p.id desc
       limit page_size;
    return;
  end if;
  return query
    select p.id, p.title, p.language, p.privacy, case when p.user_id = caller then p.user_id end,
           p.created_at, p.updated_at, p.expires_at, p.burn_after_read, p.views, p.likes,
           left(p.content, 280), char_length(p.content), p.encrypted
      from public.pastes p
     where p.privacy = 'public' and not p.burn_after_read and (p.expires_at is null or p.expires_at > now())
       and (after_all or (p.created_at, p.id) < (before_created_at, before_id))
     order by p.created_at desc, p.id desc
     limit page_size;
end;
$$;

revoke all on function public.list_pastes(text, integer, timestamptz, text) from public, anon, authenticated;
grant execute on function public.list_pastes(text, integer, timestamptz, text) to anon, authenticated, service_role;
revoke all on function public.create_encrypted_paste(text, text, timestamptz, boolean) from public, anon, authenticated;
grant execute on function public.create_encrypted_paste(text, text, timestamptz, boolean) to anon, authenticated, service_role;
