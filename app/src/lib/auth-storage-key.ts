// supabase-js's own default storage key (`sb-<first label of the host>-auth-token`), spelled out in a
// module of its own: the session store checks it at start-up without loading supabase-js, and a
// sign-out whose server call failed still clears it (SPEC §4).
export function authStorageKey(origin: string = window.location.origin): string {
  return `sb-${new URL(origin).hostname.split('.')[0]}-auth-token`
}
