import { Eraser, MapPinOff, Pencil } from 'lucide-react'
import { useState } from 'react'
import { JobProgress } from '@/components/tool-workspace/job-progress'
import type { useToolJob } from '@/components/tool-workspace/use-tool-job'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { toApiError } from '@/lib/api/client'
import { notify } from '@/lib/notify'
import { EditFormFields } from '@/tools/image-metadata/edit-form'
import { EDITABLE_FORMATS, editFormFrom, editRequest, removalPlan, type CleanUp, type ImageMetadata } from '@/tools/image-metadata/image-metadata.service'
import { MetadataResult, type MetadataOutcome } from '@/tools/image-metadata/metadata-result'
import { readMetadata } from '@/tools/image-metadata/read-metadata'
import { RemovalPreview } from '@/tools/image-metadata/removal-preview'

const CLEAN_UPS: Record<CleanUp, { path: '/api/tools/metadata/remove-gps' | '/api/tools/metadata/strip'; button: string }> = {
  'remove-gps': { path: '/api/tools/metadata/remove-gps', button: 'Remove GPS' },
  strip: { path: '/api/tools/metadata/strip', button: 'Strip metadata' },
}

/**
 * The "Change" card of a photo whose metadata was read: edit fields, remove GPS or strip all, then
 * the result read back. Mounted anew for each reading, so its form starts from that photo's fields.
 */
export function MetadataChanges({ file, meta, writing, busy, onOpen }: { file: File; meta: ImageMetadata; writing: ReturnType<typeof useToolJob>; busy: boolean; onOpen: (file: File) => void }) {
  const [baseForm] = useState(() => editFormFrom(meta))
  const [form, setForm] = useState(baseForm)
  const [formError, setFormError] = useState<string | undefined>()
  const [outcome, setOutcome] = useState<MetadataOutcome | null>(null)

  const write = async (path: '/api/tools/metadata/edit' | (typeof CLEAN_UPS)[CleanUp]['path'], fields: Record<string, string | number | boolean> = {}) => {
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
    const request = editRequest(baseForm, form)
    setFormError(request.error)
    if (request.error !== undefined) {
      notify.error('Nothing was changed', request.error)
      return
    }
    void write('/api/tools/metadata/edit', request.fields)
  }

  const editable = EDITABLE_FORMATS.has(meta.format)

  return (
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
          {outcome && <MetadataResult outcome={outcome} onContinue={() => onOpen(outcome.file)} />}
        </CardContent>
      )}
    </Card>
  )
}
