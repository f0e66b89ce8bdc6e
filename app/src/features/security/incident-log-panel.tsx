import { useState, useSyncExternalStore } from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { clearIncidents, INCIDENT_LOG_KEY, readIncidents, subscribeIncidents } from '@/features/security/incident-log'
import { readStorage } from '@/lib/storage'

// The raw stored text is the snapshot: it changes exactly when the log does, so React re-renders
// only then (readIncidents builds a new array on every call).
const snapshot = () => JSON.stringify(readStorage<unknown>(INCIDENT_LOG_KEY, []))

const formatter = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' })

/** SPEC §3: the local security incident log of this browser, newest first. */
export function IncidentLogPanel() {
  useSyncExternalStore(subscribeIncidents, snapshot, snapshot)
  const incidents = readIncidents().reverse()
  const [cleared, setCleared] = useState(false)

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold tracking-tight">Security incident log</h2>
        <CardDescription>What the local checks noticed in this browser: the last 50 entries, kept for 7 days.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {incidents.length === 0 ? (
          <p className="text-sm text-muted-foreground">{cleared ? 'The log was cleared.' : 'Nothing recorded.'}</p>
        ) : (
          <ol className="flex max-h-96 flex-col divide-y overflow-y-auto rounded-md border" aria-label="Incidents, newest first">
            {incidents.map((incident, index) => (
              <li key={`${incident.at}-${index}`} className="flex flex-col gap-1 p-3 text-sm sm:flex-row sm:items-center sm:gap-3">
                <Badge variant="outline" className="w-fit font-mono">
                  {incident.code}
                </Badge>
                <time dateTime={incident.at} className="text-muted-foreground">
                  {formatter.format(new Date(incident.at))}
                </time>
                <span className="break-all">{incident.path}</span>
                {incident.detail && <span className="break-words text-muted-foreground">{incident.detail}</span>}
              </li>
            ))}
          </ol>
        )}
        {incidents.length > 0 && (
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            onClick={() => {
              clearIncidents()
              setCleared(true)
            }}
          >
            Clear log
          </Button>
        )}
      </CardContent>
    </Card>
  )
}
