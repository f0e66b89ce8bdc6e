import { ServerOff } from 'lucide-react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { useAdminStatus } from '@/lib/use-admin-status'

const Code = ({ children }: { children: string }) => <code className="rounded bg-muted px-1">{children}</code>

/** The BFF answered 503 translation_not_configured: everyone is told; only admins see how to fix it. */
export function EngineMissingPanel({ message }: { message: string }) {
  const isAdmin = useAdminStatus() === 'admin'
  return (
    <Card role="region" aria-labelledby="engine-missing-title" className="border-warning/60">
      <CardHeader>
        <CardTitle id="engine-missing-title" className="flex items-center gap-2 text-base">
          <ServerOff className="size-5 text-warning" aria-hidden />
          {message}
        </CardTitle>
        {!isAdmin && <CardDescription>Please try again later.</CardDescription>}
      </CardHeader>
      {isAdmin && (
        <CardContent className="flex flex-col gap-3 text-sm">
          <p>You see this because you are an administrator. To connect a translation engine to the BFF:</p>
          <ol className="list-decimal space-y-2 pl-5">
            <li>
              Apertium (rule-based, small, runs offline): install Debian&apos;s <Code>apertium-apy</Code> and the language pairs you want, start it, and set{' '}
              <Code>APERTIUM_APY_URL</Code> to its address.
            </li>
            <li>
              Or LibreTranslate (the <Code>translate</Code> service of the Docker Compose file): set <Code>LIBRETRANSLATE_URL</Code> (and <Code>LIBRETRANSLATE_API_KEY</Code> if it uses keys).
            </li>
            <li>
              With both set, <Code>TOOLKIT_TRANSLATION_ENGINE</Code> (<Code>apertium</Code> or <Code>libretranslate</Code>) picks one. Restart the BFF; this page then lists the engine&apos;s
              language pairs.
            </li>
          </ol>
        </CardContent>
      )}
    </Card>
  )
}
