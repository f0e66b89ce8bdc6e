-- A token made from a passkey session is made at the second step. Supabase Auth issues a passkey
-- sign-in as aal1 with the method 'passkey' in amr, and mfa_satisfied() counts it as the second step
-- (20261128170000), but create_api_token (20261128100100) wrote minted_aal from the aal claim alone,
-- so such a token of an account with a verified factor was refused at once (token_reissue_required).
-- The token now remembers 'aal2' whenever its session passed the second step the way
-- mfa_satisfied() reads it: aal2, or a passkey sign-in.
create or replace function public.create_api_token(name text, scopes text[], expires_at timestamptz default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  wanted text[];
  token text;
  created public.api_tokens;
begin
  if caller is null then
    raise exception 'Sign in to create API tokens' using errcode = '42501';
  end if;
  perform public.require_credential('account');
  perform public.require_mfa_satisfied();
  name := btrim(coalesce(name, ''));
  if char_length(name) not between 1 and 100 then
    raise exception 'Give the token a name of 1 to 100 characters' using errcode = '22023';
  end if;
  select coalesce(array_agg(distinct s order by s), '{}') into wanted from unnest(scopes) s;
  if cardinality(wanted) = 0 or not wanted <@ array['pastes', 'links'] then
    raise exception 'Scopes are pastes, links or both' using errcode = '22023';
  end if;
  if create_api_token.expires_at is not null and create_api_token.expires_at <= now() then
    raise exception 'The expiry date must be in the future' using errcode = '22023';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('api_tokens:' || caller::text, 0));  -- one creation at a time per user
  if (select count(*) from public.api_tokens t where t.user_id = caller) >= 20 then
    raise exception 'You have 20 API tokens: revoke one before making another' using errcode = '22023';
  end if;
  token := 'tkp_' || rtrim(translate(encode(extensions.gen_random_bytes(32), 'base64'), '+/', '-_'), '=');
  insert into public.api_tokens (user_id, name, token_prefix, token_hash, scopes, expires_at, minted_aal)
  values (caller, name, left(token, 8), encode(extensions.digest(token, 'sha256'), 'hex'), wanted,
          create_api_token.expires_at,
          case when auth.jwt() ->> 'aal' = 'aal2'
                 or coalesce(auth.jwt() -> 'amr', '[]'::jsonb) @> '[{"method": "passkey"}]'::jsonb
               then 'aal2' else 'aal1' end)
  returning * into created;
  return (to_jsonb(created) - 'token_hash') || jsonb_build_object('token', token);
end;
$$;
