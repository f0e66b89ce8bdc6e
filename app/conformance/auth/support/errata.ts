/**
 * Where the official server v2.186.0 and its own OpenAPI document disagree, or the document cannot be
 * used as written. Each entry was observed against the official server (the suite in direct mode,
 * README.md) and is applied to the in-memory copy of the document before validation, so the contract check
 * holds our server to what the official one really does — and no further.
 */
type Json = Record<string, unknown>

/** The object at `path` in the document; a step that is not an object means the document changed shape. */
function at(node: Json, ...path: string[]): Json {
  let current: unknown = node
  for (const key of path) {
    if (typeof current !== 'object' || current === null) break
    current = (current as Json)[key]
  }
  if (typeof current !== 'object' || current === null) throw new Error(`The OpenAPI document has no object at ${path.join(' > ')}`)
  return current as Json
}

export const errata: { what: string; apply: (document: Json) => void }[] = [
  {
    what: 'POST /token?grant_type=password answers "weak_password": null when the password meets the rules',
    apply: (d) => {
      at(d, 'components', 'schemas', 'AccessTokenResponseSchema', 'properties', 'weak_password').nullable = true
    },
  },
  {
    what:
      'POST /signup 200 is "oneOf" AccessTokenResponseSchema / UserSchema, which no body can satisfy (neither ' +
      'schema requires a property, so every object matches both): read as a session when access_token is present, ' +
      'else a user',
    apply: (d) => {
      const content = at(d, 'paths', '/signup', 'post', 'responses', '200', 'content', 'application/json')
      const oneOf = at(content, 'schema').oneOf
      if (!Array.isArray(oneOf)) throw new Error('POST /signup 200 is no longer "oneOf"')
      const [session, user] = oneOf as unknown[]
      content.schema = { if: { required: ['access_token'] }, then: session, else: user }
    },
  },
  {
    what: 'GET /admin/users lists every user with "identities": null (the identities are not loaded for the list)',
    apply: (d) => {
      const user = at(d, 'components', 'schemas', 'UserSchema')
      const identities = { ...at(user, 'properties', 'identities'), nullable: true }
      at(d, 'components', 'schemas').ListedUserSchema = { ...user, properties: { ...at(user, 'properties'), identities } }
      at(d, 'paths', '/admin/users', 'get', 'responses', '200', 'content', 'application/json', 'schema', 'properties', 'users').items = {
        $ref: '#/components/schemas/ListedUserSchema',
      }
    },
  },
  {
    what:
      'WebAuthn CredentialCreationOptions: user.id is "oneOf" two string schemas (one with format base64url), which ' +
      'no string can satisfy (a base64url string matches both): read as a string. Derived from the document, ' +
      'not observed on the official server',
    apply: (d) => {
      at(d, 'components', 'schemas', 'CredentialCreationOptions', 'properties', 'user', 'properties').id = { type: 'string' }
    },
  },
]
