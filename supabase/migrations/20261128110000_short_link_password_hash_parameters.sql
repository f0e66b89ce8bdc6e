-- A protected link costs what the server decides (issue 35). Until now create_short_link_with_password
-- was executable by anon and authenticated, so anyone (through PostgREST in production) could store
-- an argon2 hash with parameters of their choosing (m=262144,t=40: 12.6 s of a redirect worker per
-- try; m=9999999: ~9.5 GiB per try). Now:
--   * a stored hash carries exactly the server's argon2id parameters (the BFF's HASHER in
--     bff/toolkit_redirect/password.py: 19 MiB, 2 passes, 1 lane, 16-byte salt, 32-byte hash);
--   * only trusted code hashes: the function is executable by the role short_link_protector, which
--     the BFF switches to for that one statement after checking the password's length and that it
--     is not a common one. anon and authenticated cannot call it, so a caller can no longer bypass
--     the BFF's password rules either.

-- Links stored before with other parameters can only be opened by running that expensive
-- verification: their hash becomes one nobody knows the password of (random, in the server's
-- format), and they expire now, so visitors are sent home with a reason instead of to a form no
-- password opens. Their owner sees them expired and can make them again.
update public.shortened_urls s
   set password_hash = '$argon2id$v=19$m=19456,t=2,p=1$'
         || rtrim(encode(extensions.gen_random_bytes(16), 'base64'), '=') || '$'
         || rtrim(encode(extensions.gen_random_bytes(32), 'base64'), '='),
       expires_at = least(coalesce(s.expires_at, now()), now())
 where s.password_hash is not null
   and s.password_hash !~ '^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$';

alter table public.shortened_urls drop constraint shortened_urls_password_hash_is_argon2id;
alter table public.shortened_urls add constraint shortened_urls_password_hash_is_the_servers_argon2id
  check (password_hash ~ '^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$');

-- The narrowly privileged path: a role that can do one thing, create a protected link. The BFF's
-- login role (authenticator) may switch to it, as it switches to anon or authenticated; the JWT
-- claims of the request stay set, so the link still belongs to the caller (auth.uid()) and every rule
-- of create_short_link (assurance level, targets, aliases) still applies to them.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'short_link_protector') then
    create role short_link_protector nologin noinherit;
  end if;
end $$;
grant short_link_protector to authenticator;
grant usage on schema public to short_link_protector;

revoke all on function public.create_short_link_with_password(text, text, text, timestamptz, integer)
  from public, anon, authenticated;
grant execute on function public.create_short_link_with_password(text, text, text, timestamptz, integer)
  to short_link_protector, service_role;
