import { useEffect, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { getPages } from '@/features/admin/api/get-pages'
import { PageSwitchRow, type PageSetting } from '@/features/admin/page-switch-row'
import { PAGE_KEYS, type PageKey } from '@/lib/page-keys'
import { userMessageFor } from '@/lib/unexpected-error'

type Settings = Record<PageKey, PageSetting>

/** The SPEC's 8 page switches, each with the reason visitors will read. */
export function PageSwitches() {
  const [settings, setSettings] = useState<Settings>()
  const [error, setError] = useState<string>()
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let current = true
    getPages().then(
      (pages) => {
        if (!current) return
        const loaded = Object.fromEntries(
          PAGE_KEYS.map((key) => [key, { isDisabled: pages[key]?.is_disabled ?? false, reason: pages[key]?.disable_reason ?? '' }]),
        ) as Settings
        setSettings(loaded)
        setError(undefined)
      },
      (failure: unknown) => current && setError(userMessageFor(failure)),
    )
    return () => {
      current = false
    }
  }, [attempt])

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold tracking-tight">Pages</h2>
        <CardDescription>A disabled page is blurred and blocked for everyone but administrators, with your reason or a default sentence.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {error && (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
            {error}
            <Button size="sm" variant="outline" onClick={() => setAttempt(attempt + 1)}>
              Try again
            </Button>
          </div>
        )}
        {!settings && !error && PAGE_KEYS.map((key) => <Skeleton key={key} className="h-20 w-full" />)}
        {settings &&
          PAGE_KEYS.map((key) => (
            <PageSwitchRow key={key} pageKey={key} saved={settings[key]} onSaved={(next) => setSettings({ ...settings, [key]: next })} />
          ))}
      </CardContent>
    </Card>
  )
}
