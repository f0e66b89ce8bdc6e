import { attemptAuth, confirmationRedirect, loadAuth } from '@/features/auth/client'
import { normaliseUsername, type SignUpInput } from '@/features/auth/credentials'

export async function signIn(email: string, password: string): Promise<boolean> {
  const address = email.trim()
  return attemptAuth(async () => (await loadAuth()).signInWithPassword({ email: address, password }), address)
}

export async function signUp({ username, email, password }: SignUpInput): Promise<boolean> {
  const address = email.trim()
  return attemptAuth(
    async () =>
      (await loadAuth()).signUp({
        email: address,
        password,
        // The profile trigger turns data.username into the nickname (SPEC §3).
        options: { data: { username: normaliseUsername(username) }, emailRedirectTo: confirmationRedirect() },
      }),
    address,
  )
}
