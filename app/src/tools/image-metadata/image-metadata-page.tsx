import { X } from 'lucide-react'
import { Suspense, useMemo, useState } from 'react'
import { DropZone } from '@/components/tool-workspace/drop-zone'
import { formatBytes } from '@/components/tool-workspace/format-bytes'
import { JobProgress } from '@/components/tool-workspace/job-progress'
import { useObjectUrl } from '@/components/tool-workspace/use-object-url'
import { useToolJob } from '@/components/tool-workspace/use-tool-job'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { readBlobText } from '@/lib/api/read-blob'
import { HEIC_ACCEPT, isHeic } from '@/lib/heic'
import { BatchCleaner } from '@/tools/image-metadata/batch-cleaner'
import { countTags, metadataGroups, type ImageMetadata } from '@/tools/image-metadata/image-metadata.service'
import { MetadataGroups } from '@/tools/image-metadata/metadata-groups'
import { lazyExport } from '@/lib/lazy-export'
import { useLoadAtFirstAct } from '@/lib/use-load-at-first-act'

// Editing (its form, tabs and result) waits for a photo: no part of the first page. Fetched at the
// visitor's first act (lib/when-visitor-acts), long before a photo's metadata has been read.
const loadChanges = () => import('@/tools/image-metadata/metadata-changes')
const MetadataChanges = lazyExport(loadChanges, 'MetadataChanges')

export default function ImageMetadataPage() {
  const [file, setFile] = useState<File | null>(null)
  const [meta, setMeta] = useState<ImageMetadata | null>(null)
  const reading = useToolJob('Could not read the metadata')
  const writing = useToolJob('Could not change the metadata')
  const preview = useObjectUrl(file && !isHeic(file) ? file : null) // browsers cannot draw HEIC
  const groups = useMemo(() => (meta ? metadataGroups(meta) : []), [meta])
  useLoadAtFirstAct(loadChanges)

  const open = async (next: File) => {
    setFile(next)
    setMeta(null)
    const answer = await reading.run({ path: '/api/tools/metadata', files: [next] })
    // Unreadable: back to the drop zone (the toast names the file and why), not a broken preview beside the error.
    if (!answer) return setFile(null)
    const read = JSON.parse(await readBlobText(answer.blob)) as ImageMetadata
    setMeta(read)
  }

  const busy = reading.busy || writing.busy

  return (
    <div className="flex flex-col gap-6">
    <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Photo</CardTitle>
          <CardDescription>JPEG, PNG, WebP or HEIC to edit; other formats can be inspected.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {file ? (
            <div className="flex flex-col gap-3" data-testid="chosen-file">
              {preview && <img src={preview} alt={`Preview of ${file.name}`} className="max-h-56 w-full rounded-lg border object-contain" />}
              <div className="flex items-center gap-2 text-sm">
                <span className="min-w-0 flex-1 truncate font-medium">{file.name}</span>
                <span className="text-muted-foreground tabular-nums">{formatBytes(file.size)}</span>
                <Button variant="ghost" size="icon" aria-label={`Remove ${file.name}`} disabled={busy} onClick={() => {
                    setFile(null)
                    setMeta(null)
                  }}>
                  <X aria-hidden />
                </Button>
              </div>
              {meta && (
                <div className="flex flex-wrap gap-2" data-testid="image-facts">
                  <Badge variant="secondary">{meta.format.toUpperCase()}</Badge>
                  <Badge variant="secondary">
                    {meta.width} × {meta.height}
                  </Badge>
                  <Badge variant="secondary">{countTags(groups)} fields</Badge>
                  {meta.has_gps ? <Badge variant="destructive">Contains location</Badge> : <Badge variant="secondary">No location</Badge>}
                </div>
              )}
            </div>
          ) : (
            <DropZone onFiles={(files) => files[0] && void open(files[0])} multiple={false} accept={`image/*,${HEIC_ACCEPT}`} hint="JPEG, PNG, WebP, HEIC or TIFF photos" disabled={busy} />
          )}
          {reading.phase && <JobProgress phase={reading.phase} onCancel={reading.cancel} />}
        </CardContent>
      </Card>
      <div className="flex min-w-0 flex-col gap-6">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Metadata</CardTitle>
          </CardHeader>
          <CardContent>
            {!meta ? (
              <p className="text-sm text-muted-foreground">Choose a photo to see the camera, exposure, location, dates and software it records.</p>
            ) : groups.length <= 1 && !meta.icc_profile ? (
              <p className="text-sm" role="status">
                This image carries no metadata.
              </p>
            ) : (
              <MetadataGroups groups={groups} location={meta.groups.location} />
            )}
          </CardContent>
        </Card>
        {/* Unmounted while a photo is read: each reading starts its form afresh. */}
        {file && meta && (
          <Suspense fallback={null}>
            <MetadataChanges file={file} meta={meta} writing={writing} busy={busy} onOpen={(next) => void open(next)} />
          </Suspense>
        )}
      </div>
    </div>
    <BatchCleaner />
    </div>
  )
}
