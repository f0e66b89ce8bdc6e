import { ShieldCheck } from 'lucide-react'
import { PageContainer } from '@/components/page-container'
import { PageHeader } from '@/components/page-header'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { SECURITY_LEVELS, setSecurityLevel, useSecurityLevel, type SecurityLevel } from '@/features/security/security-level'
import { usePageMetadata } from '@/lib/seo/use-page-metadata'
import { notify } from '@/lib/notify'
import { cn } from '@/lib/utils'

const LEVELS: Record<SecurityLevel, { title: string; description: string }> = {
  standard: { title: 'Standard', description: 'Local checks run quietly and only record what they notice.' },
  high: { title: 'High', description: 'You are also warned when a check notices something, such as this page being shown inside another site.' },
  maximum: { title: 'Maximum', description: 'As high, and the admin area and this page ask for your password again when it was last confirmed over 5 minutes ago.' },
}

export default function SecuritySettingsPage() {
  usePageMetadata({ title: 'Security settings', description: 'Security level and local checks.', path: '/settings/security', noindex: true })
  const level = useSecurityLevel()

  function choose(next: SecurityLevel) {
    if (next === level) return
    if (setSecurityLevel(next)) notify.success(`Security level set to ${LEVELS[next].title.toLowerCase()}`)
    else notify.error('Failed to save the security level')
  }

  return (
    <PageContainer narrow>
      <PageHeader title="Security settings" description="How carefully this browser watches over your account." icon={ShieldCheck} />
      <Card>
        <CardHeader>
          <CardTitle>Security level</CardTitle>
          <CardDescription>Kept in this browser. None of these checks ever blocks you; the server decides what your account may do.</CardDescription>
        </CardHeader>
        <CardContent>
          <fieldset>
            <legend className="sr-only">Security level</legend>
            <div className="flex flex-col gap-3">
              {SECURITY_LEVELS.map((option) => (
                <label
                  key={option}
                  className={cn(
                    'flex cursor-pointer gap-3 rounded-lg border p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                    option === level ? 'border-primary bg-primary/5' : 'hover:bg-muted/50',
                  )}
                >
                  <input type="radio" name="security-level" value={option} checked={option === level} onChange={() => choose(option)} className="mt-1 size-4 accent-primary" />
                  <span className="flex flex-col gap-1">
                    <span className="font-medium">
                      {LEVELS[option].title}
                      {option === 'standard' && <span className="text-muted-foreground"> (default)</span>}
                    </span>
                    <span className="text-sm text-muted-foreground">{LEVELS[option].description}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        </CardContent>
      </Card>
    </PageContainer>
  )
}
