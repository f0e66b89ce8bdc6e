-- A passkey sign-in counts as the second step (docs/security.md, "Passkeys"). A passkey is two
-- factors in one ceremony: the device the user holds, unlocked by their PIN or biometrics (Auth
-- requires user verification). Supabase Auth issues such a session with `aal` = 'aal1' and the
-- method 'passkey' in `amr` (upstream's IsAAL2Claim knows only totp, mfa/phone and mfa/webauthn),
-- so the question every private row and admin function asks accepts that method too. The answer
-- reads only the verified token's claims, so it is the same whichever Auth server issued it.
create or replace function public.mfa_satisfied()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
      or coalesce(auth.jwt() -> 'amr', '[]'::jsonb) @> '[{"method": "passkey"}]'::jsonb
      or not exists (
        select 1 from auth.mfa_factors f where f.user_id = auth.uid() and f.status = 'verified'
      );
$$;
