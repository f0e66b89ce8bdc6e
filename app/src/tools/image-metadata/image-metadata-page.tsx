import { Eraser, MapPinOff, Pencil, X } from 'lucide-react'
import { useMemo, useState } from 'react'
import { DropZone } from '@/components/tool-workspace/drop-zone'
import { formatBytes } from '@/components/tool-workspace/format-bytes'
import { JobProgress } from '@/components/tool-workspace/job-progress'
import { useToolJob } from '@/components/tool-workspace/use-tool-job'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { toApiError } from '@/lib/api/client'
import { readBlobText } from '@/lib/api/read-blob'
import { HEIC_ACCEPT, isHeic } from '@/lib/heic'
import { notify } from '@/lib/notify'
import { BatchCleaner } from '@/tools/image-metadata/batch-cleaner'
import { EditFormFields } from '@/tools/image-metadata/edit-form'
import { countTags, EDITABLE_FORMATS, editFormFrom, editRequest, metadataGroups, removalPlan, type CleanUp, type EditForm, type ImageMetadata } from '@/tools/image-metadata/image-metadata.service'
import { MetadataGroups } from '@/tools/image-metadata/metadata-groups'
import { MetadataResult, type MetadataOutcome } from '@/tools/image-metadata/metadata-result'
import { readMetadata } from '@/tools/image-metadata/read-metadata'
import { RemovalPreview } from '@/tools/image-metadata/removal-preview'
import { useObjectUrl } from '@/components/tool-workspace/use-object-url'

const CLEAN_UPS: Record<CleanUp, { path: '/api/tools/metadata/remove-gps' | '/api/tools/metadata/strip'; button: string }> = {
  'remove-gps': { path: '/api/tools/metadata/remove-gps', button: 'Remove GPS' },
  strip: { path: '/api/tools/metadata/strip', button: 'Strip metadata' },
}

export default function ImageMetadataPage() {
  const [file, setFile] = useState<File | null>(null)
  const [meta, setMeta] = useState<ImageMetadata | null>(null)
  const [baseForm, setBaseForm] = useState<EditForm | null>(null)
  const [form, setForm] = useState<EditForm | null>(null)
  const [formError, setFormError] = useState<string | undefined>()
  const [outcome, setOutcome] = useState<MetadataOutcome | null>(null)
  const reading = useToolJob('Could not read the metadata')
  const writing = useToolJob('Could not change the metadata')
  const preview = useObjectUrl(file && !isHeic(file) ? file : null) // browsers cannot draw HEIC
  const groups = useMemo(() => (meta ? metadataGroups(meta) : []), [meta])

  const open = async (next: File) => {
    setFile(next)
    setMeta(null)
    setOutcome(null)
    setFormError(undefined)
    const answer = await reading.run({ path: '/api/tools/metadata', files: [next] })
    // Unreadable: back to the drop zone (the toast names the file and why), not a broken preview beside the error.
    if (!answer) return setFile(null)
    const read = JSON.parse(await readBlobText(answer.blob)) as ImageMetadata
    setMeta(read)
    setBaseForm(editFormFrom(read))
    setForm(editFormFrom(read))
  }

  const write = async (path: '/api/tools/metadata/edit' | (typeof CLEAN_UPS)[CleanUp]['path'], fields: Record<string, string | number | boolean> = {}) => {
    if (!file || !meta) return
    setOutcome(null)
    const answer = await writing.run({ path, files: [file], fields })
    if (!answer) return
    const result = new File([answer.blob], answer.name, { type: answer.blob.type || file.type })
    try {
      setOutcome({ file: result, inputSize: file.size, after: await readMetadata(result), lossless: meta.format !== 'png' })
    } catch (error) {
      notify.error('Could not read the result back', toApiError(error).message)
    }
  }

  const applyEdits = () => {
    if (!form || !baseForm) return
    const request = editRequest(baseForm, form)
    setFormError(request.error)
    if (request.error !== undefined) {
      notify.error('Nothing was changed', request.error)
      return
    }
    void write('/api/tools/metadata/edit', request.fields)
  }

  const editable = meta !== null && EDITABLE_FORMATS.has(meta.format)
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
                    setOutcome(null)
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
        {meta && form && (
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Change</CardTitle>
              {!editable && <CardDescription>Editing works on JPEG, PNG, WebP and HEIC; convert this {meta.format.toUpperCase()} first.</CardDescription>}
            </CardHeader>
            {editable && (
              <CardContent className="flex flex-col gap-4">
                <Tabs defaultValue="edit" onValueChange={() => setOutcome(null)}>
                  <TabsList className="flex h-auto flex-wrap">
                    <TabsTrigger value="edit">
                      <Pencil aria-hidden /> Edit fields
                    </TabsTrigger>
                    <TabsTrigger value="remove-gps">
                      <MapPinOff aria-hidden /> Remove GPS
                    </TabsTrigger>
                    <TabsTrigger value="strip">
                      <Eraser aria-hidden /> Strip all
                    </TabsTrigger>
                  </TabsList>
                  <TabsContent value="edit" className="flex flex-col gap-4 pt-4">
                    <EditFormFields form={form} onChange={setForm} error={formError} />
                    <Button className="self-start" onClick={applyEdits} disabled={busy}>
                      Apply changes
                    </Button>
                  </TabsContent>
                  {(Object.keys(CLEAN_UPS) as CleanUp[]).map((cleanUp) => (
                    <TabsContent key={cleanUp} value={cleanUp} className="flex flex-col gap-4 pt-4">
                      <p className="text-sm text-muted-foreground">
                        {cleanUp === 'strip' ? 'Removes every tag, comment and XMP packet; keeps the orientation and the colour profile so the photo still looks the same.' : 'Removes the GPS block (and XMP location in JPEGs); every other field stays.'}
                      </p>
                      <RemovalPreview plan={removalPlan(meta, cleanUp)} />
                      <Button className="self-start" onClick={() => void write(CLEAN_UPS[cleanUp].path)} disabled={busy}>
                        {CLEAN_UPS[cleanUp].button}
                      </Button>
                    </TabsContent>
                  ))}
                </Tabs>
                {writing.phase && <JobProgress phase={writing.phase} onCancel={writing.cancel} />}
                {outcome && <MetadataResult outcome={outcome} onContinue={() => void open(outcome.file)} />}
              </CardContent>
            )}
          </Card>
        )}
      </div>
    </div>
    <BatchCleaner />
    </div>
  )
}
