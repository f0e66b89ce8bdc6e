import { useEffect, useState } from 'react'
import { keyFromHash, openPaste, PasteKeyError, type KeyProblem } from '@/features/pastes/paste-crypto'
import type { LocalPaste } from '@/features/pastes/paste-store'

export type OpenedPaste =
  | { status: 'plain' | 'open'; paste: LocalPaste }
  | { status: 'opening' }
  | { status: 'locked'; problem: KeyProblem }

/** The paste's title, language and text from its ciphertext, or why the key does not open it. */
async function openWithKey(paste: LocalPaste, hash: string): Promise<OpenedPaste> {
  try {
    const plaintext = await openPaste(paste.content ?? '', keyFromHash(hash))
    return { status: 'open', paste: { ...paste, ...plaintext } }
  } catch (error) {
    return { status: 'locked', problem: error instanceof PasteKeyError ? error.problem : 'wrong' }
  }
}

/**
 * An encrypted paste opened in this browser with the key in the location's #fragment (title,
 * language and text replaced by what the ciphertext holds); any other paste as it is.
 */
export function useOpenedPaste(paste: LocalPaste | null, hash: string): OpenedPaste | null {
  // The outcome is kept with the paste and key it is for: another paste or key is 'opening' until its own outcome.
  const [attempt, setAttempt] = useState<{ paste: LocalPaste; hash: string; outcome: OpenedPaste } | null>(null)

  useEffect(() => {
    if (!paste?.encrypted) return
    let active = true
    void openWithKey(paste, hash).then((outcome) => {
      if (active) setAttempt({ paste, hash, outcome })
    })
    return () => {
      active = false
    }
  }, [paste, hash])

  if (!paste) return null
  if (!paste.encrypted) return { status: 'plain', paste }
  return attempt?.paste === paste && attempt.hash === hash ? attempt.outcome : { status: 'opening' }
}
