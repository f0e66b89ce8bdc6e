import { bffRequest } from '@/features/auth/api/bff-request'

/** Deletes the caller's account (the BFF asks Auth's admin API; the profile row goes with the user). */
export function deleteMe(accessToken: string): Promise<void> {
  return bffRequest<void>('/me', accessToken, { method: 'DELETE' })
}
