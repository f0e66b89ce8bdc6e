import type { ReactNode } from 'react'
import { DropZone, type DropZoneProps } from '@/components/tool-workspace/drop-zone'
import { FileList } from '@/components/tool-workspace/file-list'
import { JobProgress, type JobPhase } from '@/components/tool-workspace/job-progress'
import { ResultDownloads, ResultPreview, type ToolResult } from '@/components/tool-workspace/result-preview'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'

export interface ToolWorkspaceProps {
  files: readonly File[]
  onFilesChange: (files: File[]) => void
  drop?: Omit<DropZoneProps, 'onFiles' | 'disabled'>
  /** The tool's options and its run button. */
  options?: ReactNode
  phase: JobPhase | null
  onCancel: () => void
  results: readonly ToolResult[]
  zipName?: string
}

/** The layout every file tool shares: input on the left, options and result on the right. */
export function ToolWorkspace({ files, onFilesChange, drop, options, phase, onCancel, results, zipName }: ToolWorkspaceProps) {
  const busy = phase !== null
  const add = (incoming: File[]) => onFilesChange(drop?.multiple === false ? incoming.slice(0, 1) : [...files, ...incoming])
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Input</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <DropZone {...drop} onFiles={add} disabled={busy} />
          <FileList files={files} disabled={busy} onRemove={(index) => onFilesChange(files.filter((_, i) => i !== index))} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Result</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {options}
          {phase && <JobProgress phase={phase} onCancel={onCancel} />}
          {results.map((result, index) => (
            <ResultPreview key={`${index}-${result.name}`} result={result} />
          ))}
          <ResultDownloads results={results} zipName={zipName} />
        </CardContent>
      </Card>
    </div>
  )
}
