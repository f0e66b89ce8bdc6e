import { Terminal } from 'lucide-react'
import { Link } from 'react-router'
import { CopyButton } from '@/components/copy-button'

/** The `curl` examples for scripts, with this site's own address in them (tested as written: bff/tests/api/test_api_tokens.py). */
export function apiExamples(origin: string): { title: string; command: string }[] {
  const auth = '-H "Authorization: Bearer $TOOLKIT_TOKEN"'
  const json = '-H "Content-Type: application/json"'
  return [
    { title: 'Keep your token in a variable (made in Account settings → API tokens)', command: 'export TOOLKIT_TOKEN=tkp_your_token_here' },
    { title: 'Create a paste (answers its JSON, with its id)', command: `curl -X POST ${origin}/api/pastes ${auth} ${json} \\\n  -d '{"content": "echo hello", "title": "From curl", "privacy": "unlisted"}'` },
    { title: 'Read a paste as plain text (public and unlisted ones need no token)', command: `curl ${origin}/api/pastes/PASTE_ID/raw` },
    { title: 'Shorten a link', command: `curl -X POST ${origin}/api/links ${auth} ${json} \\\n  -d '{"url": "https://example.com/a/long/address", "max_clicks": 100}'` },
    { title: 'List your pastes', command: `curl "${origin}/api/pastes?scope=mine" ${auth}` },
  ]
}

export function HelpApi() {
  const examples = apiExamples(window.location.origin)
  return (
    <section id="api" aria-labelledby="api-title" className="mb-12 max-w-3xl scroll-mt-20">
      <h2 id="api-title" className="mb-2 flex items-center gap-2 text-xl font-semibold tracking-tight">
        <Terminal className="size-5 text-primary" aria-hidden />
        Scripts and the API
      </h2>
      <p className="mb-4 text-sm text-muted-foreground">
        Make a personal API token in{' '}
        <Link to="/account" className="text-primary hover:underline">
          Account settings
        </Link>{' '}
        (it is shown once; keep it like a password). It acts as you on pastes, short links or both, as you choose; revoke it there at any time. A token may make 60 requests a minute.
      </p>
      <ol className="flex flex-col gap-4">
        {examples.map((example) => (
          <li key={example.title} className="flex flex-col gap-1.5">
            <span className="text-sm font-medium">{example.title}</span>
            <div className="flex items-start gap-2 rounded-lg border bg-muted/50 p-3">
              {/* Wrapped, not scrolled: a scrolling block must take the keyboard's focus (axe), and 360 px is narrow. */}
              <pre className="min-w-0 flex-1 font-mono text-xs break-all whitespace-pre-wrap">{example.command}</pre>
              <CopyButton value={example.command.replace(/\\\n\s*/g, '')} label={`Copy: ${example.title}`} className="size-8 shrink-0" />
            </div>
          </li>
        ))}
      </ol>
      <p className="mt-4 text-sm text-muted-foreground">
        Every endpoint, with its fields and errors, is described in the{' '}
        <a href="/api/openapi.json" className="text-primary hover:underline">
          OpenAPI document
        </a>
        . Encrypted pastes are made in the browser only: the server never has their key.
      </p>
    </section>
  )
}
