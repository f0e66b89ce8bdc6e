import { useEffect, useState } from 'react'
import { keyFromHash, openPaste, PasteKeyError, type KeyProblem } from '@/features/pastes/paste-crypto'
import type { LocalPaste } from '@/features/pastes/paste-store'

export type OpenedPaste =
  | { status: 'plain' | 'open'; paste: LocalPaste }
  | { status: 'opening' }
  | { status: 'locked'; problem: KeyProblem }

/**
 * An encrypted paste opened in this browser with the key in the location's #fragment (title,
 * language and text replaced by what the ciphertext holds); any other paste as it is.
 */
export function useOpenedPaste(paste: LocalPaste | null, hash: string): OpenedPaste | null {
  const [opened, setOpened] = useState<OpenedPaste>({ status: 'opening' })

  useEffect(() => {
    if (!paste?.encrypted) return
    let active = true
    setOpened({ status: 'opening' })
    ;(async () => {
      try {
        const plaintext = await openPaste(paste.content ?? '', keyFromHash(hash))
        if (active) setOpened({ status: 'open', paste: { ...paste, ...plaintext } })
      } catch (error) {
        if (active) setOpened({ status: 'locked', problem: error instanceof PasteKeyError ? error.problem : 'wrong' })
      }
    })()
    return () => {
      active = false
    }
  }, [paste, hash])

  if (!paste) return null
  return paste.encrypted ? opened : { status: 'plain', paste }
}
