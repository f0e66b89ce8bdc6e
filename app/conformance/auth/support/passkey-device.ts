/**
 * A software passkey for the conformance suite: a P-256 key (node:crypto), "none" attestation, and
 * the JSON a browser's PublicKeyCredential.toJSON() gives — what supabase-js's registerPasskey and
 * signInWithPasskey send. It remembers the user handle of the options it was created for, as a
 * discoverable credential does. (The Python tests have the same device: local/auth/tests/webauthn_device.py.)
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'

const AAGUID = Buffer.alloc(16)
const b64url = (raw: Buffer) => raw.toString('base64url')

/** CBOR for the few shapes a COSE key and an attestation object need (maps, ints, bytes, text). */
function cbor(value: unknown): Buffer {
  const head = (major: number, length: number) =>
    length < 24 ? Buffer.from([(major << 5) | length])
      : length < 256 ? Buffer.from([(major << 5) | 24, length])
        : Buffer.from([(major << 5) | 25, length >> 8, length & 0xff])
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value])
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)])
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value as object)
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])])
}

export class PasskeyDevice {
  readonly credentialId = randomBytes(16)
  signCount = 0
  userHandle = ''
  private readonly keys: { privateKey: KeyObject; publicKey: KeyObject }

  constructor(readonly origin: string, readonly rpId = new URL(origin).hostname) {
    this.keys = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  }

  private clientData(type: string, challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }))
  }

  private authData(flags: number, attested = Buffer.alloc(0)): Buffer {
    this.signCount += 1
    const count = Buffer.alloc(4)
    count.writeUInt32BE(this.signCount)
    return Buffer.concat([createHash('sha256').update(this.rpId).digest(), Buffer.from([flags]), count, attested])
  }

  /** navigator.credentials.create() for Auth's creation options (user present and verified). */
  create(options: { challenge: string; user: { id: string } }) {
    const jwk = this.keys.publicKey.export({ format: 'jwk' })
    const cose = cbor(new Map<number, unknown>([[1, 2], [3, -7], [-1, 1], [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')]]))
    const idLength = Buffer.from([0, this.credentialId.length])
    const authData = this.authData(0x45, Buffer.concat([AAGUID, idLength, this.credentialId, cose]))
    this.userHandle = options.user.id
    return {
      id: b64url(this.credentialId), rawId: b64url(this.credentialId), type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64url(cbor(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]))),
        transports: ['internal'],
      },
      clientExtensionResults: {}, authenticatorAttachment: 'platform',
    }
  }

  /** navigator.credentials.get() for Auth's request options: an assertion naming the user. */
  get(options: { challenge: string }) {
    const authData = this.authData(0x05)
    const clientData = this.clientData('webauthn.get', options.challenge)
    const signature = sign('sha256', Buffer.concat([authData, createHash('sha256').update(clientData).digest()]), this.keys.privateKey)
    return {
      id: b64url(this.credentialId), rawId: b64url(this.credentialId), type: 'public-key' as const,
      response: { clientDataJSON: b64url(clientData), authenticatorData: b64url(authData), signature: b64url(signature),
        userHandle: this.userHandle },
      clientExtensionResults: {}, authenticatorAttachment: 'platform',
    }
  }
}
