import { describe, expect, it } from 'vitest'
import { KEY_PROBLEMS, keyFromHash, openPaste, PasteKeyError, sealPaste } from '@/features/pastes/paste-crypto'

const paste = { title: 'Plans ✓', language: 'python', content: 'print("launch at dawn")\n' }

describe('paste encryption in the browser', () => {
  it('seals into the envelope the server accepts and opens again with the key alone', async () => {
    const sealed = await sealPaste(paste)
    expect(sealed.envelope).toMatch(/^tk1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22,}$/)
    expect(sealed.key).toMatch(/^[A-Za-z0-9_-]{43}$/)
    for (const secret of ['Plans', 'launch at dawn', 'python']) expect(sealed.envelope).not.toContain(secret)
    expect(await openPaste(sealed.envelope, sealed.key)).toEqual(paste)
  })

  it('makes a new key and IV each time', async () => {
    const [first, second] = await Promise.all([sealPaste(paste), sealPaste(paste)])
    expect(first.key).not.toBe(second.key)
    expect(first.envelope.split('.')[1]).not.toBe(second.envelope.split('.')[1])
  })

  it('refuses another key and any change to the ciphertext', async () => {
    const sealed = await sealPaste(paste)
    const other = await sealPaste(paste)
    await expect(openPaste(sealed.envelope, other.key)).rejects.toThrow(KEY_PROBLEMS.wrong)
    // The character replaced is the one compared: it was the last one, so a second-to-last 'A' (1 in 64
    // envelopes) stayed as it was and the 'changed' ciphertext opened (failed once in a clean-clone run).
    const at = sealed.envelope.length - 2
    const flipped = sealed.envelope.slice(0, at) + (sealed.envelope[at] === 'A' ? 'B' : 'A') + sealed.envelope.slice(at + 1)
    expect(flipped).not.toBe(sealed.envelope)
    await expect(openPaste(flipped, sealed.key)).rejects.toThrow(KEY_PROBLEMS.wrong)
    await expect(openPaste('not an envelope', sealed.key)).rejects.toThrow(KEY_PROBLEMS.wrong)
  })

  it('tells a missing key from one cut short', async () => {
    const { key } = await sealPaste(paste)
    expect(keyFromHash(`#${key}`)).toBe(key)
    expect(() => keyFromHash('')).toThrow(new PasteKeyError('missing'))
    expect(() => keyFromHash('#')).toThrow(KEY_PROBLEMS.missing)
    expect(() => keyFromHash(`#${key.slice(0, 30)}`)).toThrow(KEY_PROBLEMS.incomplete)
    expect(() => keyFromHash(`#${key}extra`)).toThrow(KEY_PROBLEMS.incomplete)
  })
})
