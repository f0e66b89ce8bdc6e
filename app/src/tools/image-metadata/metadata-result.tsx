import { Download, RefreshCw } from 'lucide-react'
import { downloadBlob } from '@/components/tool-workspace/download'
import { formatBytes } from '@/components/tool-workspace/format-bytes'
import { Button } from '@/components/ui/button'
import { countTags, metadataGroups, type ImageMetadata } from '@/tools/image-metadata/image-metadata.service'
import { MetadataGroups } from '@/tools/image-metadata/metadata-groups'

export interface MetadataOutcome {
  file: File
  inputSize: number
  /** The result read back through the BFF: what the downloaded file really holds. */
  after: ImageMetadata
  lossless: boolean
}

/** The finished file: sizes, what it now holds, download, and carrying on from it. */
export function MetadataResult({ outcome, onContinue }: { outcome: MetadataOutcome; onContinue: () => void }) {
  const groups = metadataGroups(outcome.after)
  return (
    <section aria-labelledby="metadata-result-title" className="flex flex-col gap-3 rounded-lg border border-primary/40 bg-primary/5 p-3" data-testid="metadata-result">
      <h3 id="metadata-result-title" className="text-sm font-semibold">
        Result: {outcome.file.name}
      </h3>
      <p className="text-sm text-muted-foreground">
        {formatBytes(outcome.inputSize)} → {formatBytes(outcome.file.size)} · {countTags(groups)} metadata fields
        {outcome.lossless ? ' · image data copied unchanged (no re-encoding)' : ' · re-saved losslessly'}
      </p>
      <MetadataGroups groups={groups} location={outcome.after.groups.location} />
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => downloadBlob(outcome.file, outcome.file.name)}>
          <Download aria-hidden />
          Download
        </Button>
        <Button variant="outline" onClick={onContinue}>
          <RefreshCw aria-hidden />
          Keep editing this result
        </Button>
      </div>
    </section>
  )
}
