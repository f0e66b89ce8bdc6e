import { Download } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { downloadBlob } from '@/components/tool-workspace/download'
import { resultsCsv, resultsJson, type UsernameResult } from '@/tools/username-checker/username-checker.service'

/** Saves what is listed (the filters apply) as CSV or JSON, named after the username. */
export function ExportButtons({ username, results }: { username: string; results: readonly UsernameResult[] }) {
  const disabled = results.length === 0
  return (
    <div className="flex gap-2">
      <Button variant="outline" size="sm" disabled={disabled} onClick={() => downloadBlob(new Blob([resultsCsv(results)], { type: 'text/csv' }), `username-${username}.csv`)}>
        <Download aria-hidden />
        Export CSV
      </Button>
      <Button variant="outline" size="sm" disabled={disabled} onClick={() => downloadBlob(new Blob([resultsJson(username, results)], { type: 'application/json' }), `username-${username}.json`)}>
        <Download aria-hidden />
        Export JSON
      </Button>
    </div>
  )
}
