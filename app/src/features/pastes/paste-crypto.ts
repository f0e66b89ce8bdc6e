// Zero-knowledge pastes (PrivateBin's promise): the title, language and text are encrypted here with
// AES-GCM-256 (WebCrypto) under a fresh key; the server gets only `tk1.<iv>.<ciphertext>` and the
// key travels in the link's #fragment, which browsers never send. Mirrored in Python by the BFF's
// tests (bff/tests/api/test_encrypted_pastes_api.py): keep the two in step.

const VERSION = 'tk1'
const ADDITIONAL_DATA = new TextEncoder().encode(VERSION) // binds the ciphertext to this format
const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/ // 32 bytes, base64url without padding

export interface PastePlaintext {
  title: string
  language: string
  content: string
}

export interface SealedPaste {
  /** What the server stores: `tk1.<iv>.<ciphertext>`. */
  envelope: string
  /** What goes after # in the link, and nowhere else. */
  key: string
}

export type KeyProblem = 'missing' | 'incomplete' | 'wrong'

export class PasteKeyError extends Error {
  constructor(readonly problem: KeyProblem) {
    super(KEY_PROBLEMS[problem])
    this.name = 'PasteKeyError'
  }
}

/** What the visitor reads when the paste cannot be opened with their link. */
export const KEY_PROBLEMS: Record<KeyProblem, string> = {
  missing: 'This link is incomplete: the key that opens this paste, after the # sign, is missing. Ask for the whole link.',
  incomplete: 'This link is incomplete: the key after the # sign is cut short. Copy the whole link again.',
  wrong: 'The key in this link does not open this paste. Check that you copied the whole link, exactly.',
}

/** Encryption needs WebCrypto, which browsers give secure pages (https, or localhost). */
export const canEncrypt = () => typeof crypto !== 'undefined' && crypto.subtle !== undefined && globalThis.isSecureContext !== false

function toBase64Url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4))
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

export async function sealPaste(paste: PastePlaintext): Promise<SealedPaste> {
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt'])
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const plaintext = new TextEncoder().encode(JSON.stringify({ v: 1, title: paste.title, language: paste.language, content: paste.content }))
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: ADDITIONAL_DATA }, key, plaintext))
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', key))
  return { envelope: `${VERSION}.${toBase64Url(iv)}.${toBase64Url(sealed)}`, key: toBase64Url(raw) }
}

/** The key in a location's hash (`#<key>`), or why there is none usable. */
export function keyFromHash(hash: string): string {
  const key = hash.replace(/^#/, '')
  if (!key) throw new PasteKeyError('missing')
  if (!KEY_PATTERN.test(key)) throw new PasteKeyError('incomplete')
  return key
}

export async function openPaste(envelope: string, key: string): Promise<PastePlaintext> {
  const [version, iv, sealed] = envelope.split('.')
  if (version !== VERSION || !iv || !sealed) throw new PasteKeyError('wrong')
  try {
    const cryptoKey = await crypto.subtle.importKey('raw', fromBase64Url(key), 'AES-GCM', false, ['decrypt'])
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromBase64Url(iv), additionalData: ADDITIONAL_DATA }, cryptoKey, fromBase64Url(sealed))
    const parsed = JSON.parse(new TextDecoder().decode(plain)) as Partial<PastePlaintext>
    return { title: String(parsed.title ?? ''), language: String(parsed.language ?? 'plaintext'), content: String(parsed.content ?? '') }
  } catch {
    throw new PasteKeyError('wrong') // AES-GCM refuses any other key, and any change to the ciphertext
  }
}
