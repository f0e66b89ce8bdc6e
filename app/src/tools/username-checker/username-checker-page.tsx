import { Search, Square, WifiOff } from 'lucide-react'
import { useState } from 'react'
import { Field, SwitchRow } from '@/components/form-fields'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Progress } from '@/components/ui/progress'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { cn } from '@/lib/utils'
import { ExportButtons } from '@/tools/username-checker/export-buttons'
import { ResultList } from '@/tools/username-checker/result-list'
import {
  countByOutcome,
  filterResults,
  INTERNET_UNREACHABLE,
  OUTCOME_LABELS,
  OUTCOMES,
  sortResults,
  summaryLine,
  usernameProblem,
  type Outcome,
  type SortOrder,
} from '@/tools/username-checker/username-checker.service'
import { useUsernameCheck } from '@/tools/username-checker/use-username-check'

const PHASE_TEXT = { idle: '', running: 'Checking', done: 'Checked', cancelled: 'Stopped after', failed: 'Stopped after' } as const

export default function UsernameCheckerPage() {
  const [name, setName] = useState('')
  const [shown, setShown] = useState<Set<Outcome>>(new Set(OUTCOMES))
  const [query, setQuery] = useState('')
  const [order, setOrder] = useState<SortOrder>('arrival')
  const [nsfw, setNsfw] = useState(false)
  const check = useUsernameCheck()
  const problem = usernameProblem(name)
  const counts = countByOutcome(check.results)
  const visible = sortResults(filterResults(check.results, shown, query), order)
  const running = check.phase === 'running'
  const percent = check.total > 0 ? Math.round((check.results.length / check.total) * 100) : 0

  const toggle = (outcome: Outcome) => {
    const next = new Set(shown)
    if (next.has(outcome)) next.delete(outcome)
    else next.add(outcome)
    setShown(next)
  }
  // Failed before any answer (no internet, busy server): one clear message instead of a results list.
  const failedAtOnce = check.phase === 'failed' && check.results.length === 0

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Username</CardTitle>
          <CardDescription>We ask hundreds of sites whether the name is in use, and list each answer as it arrives.</CardDescription>
        </CardHeader>
        <CardContent>
          <form
            className="flex flex-col gap-3 sm:flex-row sm:items-start"
            onSubmit={(event) => {
              event.preventDefault()
              if (name && !problem) void check.start(name, nsfw)
            }}
          >
            <Field label="Username to check" error={problem ?? undefined} className="flex-1">
              {(props) => <Input {...props} value={name} maxLength={80} autoComplete="off" autoCapitalize="none" spellCheck={false} placeholder="ada_lovelace" onChange={(event) => setName(event.target.value.trim())} />}
            </Field>
            <div className="flex gap-2 sm:mt-6">
              <Button type="submit" disabled={!name || problem !== null || running}>
                <Search aria-hidden />
                Check
              </Button>
              {running && (
                <Button variant="outline" onClick={check.cancel}>
                  <Square aria-hidden />
                  Cancel
                </Button>
              )}
            </div>
          </form>
          <div className="mt-4 max-w-sm">
            <SwitchRow label="Include adult sites" checked={nsfw} onChange={setNsfw} />
          </div>
        </CardContent>
      </Card>

      {failedAtOnce && check.error && (
        <Card role="alert" className="border-warning/60">
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-base">
              {check.error.code === INTERNET_UNREACHABLE && <WifiOff className="size-5 text-warning" aria-hidden />}
              {check.error.code === INTERNET_UNREACHABLE ? 'No site could be checked' : 'The check did not start'}
            </CardTitle>
            <CardDescription>{check.error.message}</CardDescription>
          </CardHeader>
        </Card>
      )}

      {check.phase !== 'idle' && !failedAtOnce && (
        <Card>
          <CardHeader className="gap-3">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <CardTitle className="text-base">
                Results for <span className="font-mono">{check.checked}</span>
              </CardTitle>
              <p role="status" className="text-sm text-muted-foreground tabular-nums">
                {PHASE_TEXT[check.phase]} {check.results.length} of {check.total || '…'} sites
              </p>
            </div>
            <p data-testid="username-summary" className="text-sm font-medium tabular-nums">
              {summaryLine(counts)}
            </p>
            <Progress value={percent} aria-label="Sites checked" />
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
              <div className="flex flex-wrap gap-2" role="group" aria-label="Show sites where the name was">
                {OUTCOMES.map((outcome) => (
                  <button
                    key={outcome}
                    type="button"
                    aria-pressed={shown.has(outcome)}
                    onClick={() => toggle(outcome)}
                    className={cn(
                      'inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                      shown.has(outcome) ? 'border-primary bg-accent text-accent-foreground' : 'text-muted-foreground line-through',
                    )}
                  >
                    {OUTCOME_LABELS[outcome]}
                    <span className="tabular-nums">{counts[outcome]}</span>
                  </button>
                ))}
              </div>
              <div className="flex gap-2">
                <Input type="search" aria-label="Search sites" placeholder="Search sites" value={query} onChange={(event) => setQuery(event.target.value)} className="min-w-0 flex-1 md:w-48 md:flex-none" />
                <Select value={order} onValueChange={(value) => setOrder(value as SortOrder)}>
                  <SelectTrigger aria-label="Sort" className="w-36 shrink-0 sm:w-40">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="arrival">As they arrive</SelectItem>
                    <SelectItem value="status">Not found first</SelectItem>
                    <SelectItem value="name">By site name</SelectItem>
                  </SelectContent>
                </Select>
              </div>
            </div>
            <ExportButtons username={check.checked} results={visible} />
            {visible.length > 0 ? (
              <ResultList results={visible} />
            ) : (
              <p className="py-6 text-center text-sm text-muted-foreground">{check.results.length === 0 ? 'Waiting for the first answers…' : 'No site matches these filters.'}</p>
            )}
          </CardContent>
        </Card>
      )}
    </div>
  )
}
