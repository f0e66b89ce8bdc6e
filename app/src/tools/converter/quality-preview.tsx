import { Loader2 } from 'lucide-react'
import { useObjectUrl } from '@/components/tool-workspace/use-object-url'
import { CompareSlider } from '@/tools/converter/compare-slider'
import { TARGET_LABELS, type ConvertOptions } from '@/tools/converter/converter.service'
import { useOriginalDisplay } from '@/tools/converter/use-original-display'
import { useQualityPreview } from '@/tools/converter/use-quality-preview'

/** The first image converted with the options as they are now, beside its original, before converting all. */
export function QualityPreview({ file, options, enabled }: { file: File; options: ConvertOptions; enabled: boolean }) {
  const preview = useQualityPreview(file, options, enabled)
  const original = useOriginalDisplay(file, enabled)
  const previewUrl = useObjectUrl(preview.status === 'ready' ? preview.blob : null)
  if (preview.status === 'idle') return null
  return (
    <section aria-label="Preview" className="flex flex-col gap-2 border-t pt-4" aria-busy={preview.status === 'loading'}>
      <h3 className="flex items-center gap-2 text-sm font-medium">
        Preview of {file.name}
        {preview.status === 'loading' && <Loader2 className="size-4 animate-spin text-primary" aria-label="Updating the preview" />}
      </h3>
      {preview.status === 'error' && (
        <p className="text-sm text-destructive" role="alert">
          {preview.message}
        </p>
      )}
      {preview.status === 'ready' && previewUrl && original && (
        <CompareSlider name={file.name} before={{ url: original, label: 'Original', size: file.size }} after={{ url: previewUrl, label: TARGET_LABELS[options.target], size: preview.blob.size }} />
      )}
      <p className="text-xs text-muted-foreground">Updates half a second after you change an option; nothing is downloaded until you convert.</p>
    </section>
  )
}
