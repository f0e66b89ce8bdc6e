import { ArrowRightLeft } from 'lucide-react'
import { Suspense, useMemo, useState } from 'react'
import { DropZone } from '@/components/tool-workspace/drop-zone'
import { formatBytes } from '@/components/tool-workspace/format-bytes'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { availableTargets, CONVERTER_ACCEPT, defaultOptions, pickTarget, sideError, targetsFor, type InputKind } from '@/tools/converter/converter.service'
import { ConvertOptionsForm } from '@/tools/converter/convert-options'
import { useBatchConvert } from '@/tools/converter/use-batch-convert'
import { countOf } from '@/lib/plural'
import { lazyExport } from '@/lib/lazy-export'
import { useLoadAtFirstAct } from '@/lib/use-load-at-first-act'

// What shows once files are chosen (their rows, previews and comparisons, the quality preview, the
// downloads) is no part of the first page: fetched at the visitor's first act (lib/when-visitor-acts).
const loadFileViews = () => import('@/tools/converter/file-views')
const ConvertFileList = lazyExport(loadFileViews, 'ConvertFileList')
const QualityPreview = lazyExport(loadFileViews, 'QualityPreview')
const ResultDownloads = lazyExport(loadFileViews, 'ResultDownloads')

export default function ConverterPage() {
  const { items, addFiles, remove, clear, convertAll, cancel, running } = useBatchConvert()
  const [options, setOptions] = useState(defaultOptions)
  useLoadAtFirstAct(loadFileViews)

  const kinds = useMemo(() => new Set(items.map((item) => item.kind).filter((kind): kind is InputKind => kind !== null)), [items])
  const available = useMemo(() => availableTargets([...kinds]), [kinds])
  const target = pickTarget(options.target, available)
  const effective = target && target !== options.target ? { ...options, target } : options
  const convertible = items.filter((item) => target && targetsFor(item.kind).includes(target)).length
  const invalid = sideError(effective.width) !== null || sideError(effective.height) !== null
  const results = items.flatMap((item) => (item.state.status === 'done' ? item.state.results : []))
  const before = items.reduce((sum, item) => sum + (item.state.status === 'done' ? item.file.size : 0), 0)
  const after = results.reduce((sum, result) => sum + result.blob.size, 0)
  const firstImage = items.find((item) => item.kind === 'image')?.file ?? null

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Files</CardTitle>
          <CardDescription>Images, PDFs and office documents, several at once, up to 25 MB each.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <DropZone onFiles={addFiles} accept={CONVERTER_ACCEPT} hint="PNG, JPEG, WebP, AVIF, HEIC, GIF, TIFF, PDF, DOCX, ODT, XLSX, PPTX, TXT…" disabled={running} />
          {items.length > 0 && (
            <Suspense fallback={null}>
              <ConvertFileList items={items} running={running} onRemove={remove} onClear={clear} />
            </Suspense>
          )}
        </CardContent>
      </Card>

      <Card className="lg:sticky lg:top-20">
        <CardHeader>
          <CardTitle className="text-base">Options</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <ConvertOptionsForm options={effective} onChange={setOptions} available={available} kinds={kinds} disabled={running} />
          {firstImage && (
            <Suspense fallback={null}>
              <QualityPreview file={firstImage} options={effective} enabled={!running && results.length === 0} />
            </Suspense>
          )}
          <div className="flex flex-wrap gap-2">
            {running ? (
              <Button variant="outline" onClick={cancel}>
                Cancel
              </Button>
            ) : (
              <Button disabled={convertible === 0 || invalid} onClick={() => void convertAll(effective)}>
                <ArrowRightLeft aria-hidden />
                {convertible > 1 ? `Convert ${convertible} files` : 'Convert'}
              </Button>
            )}
          </div>
          {results.length > 0 && !running && (
            <div className="flex flex-col gap-3 border-t pt-4">
              <p className="text-sm" data-testid="batch-summary">
                {countOf(results.length, 'file')} ready · {formatBytes(before)} → {formatBytes(after)}
              </p>
              {results.length > 1 && (
                <Suspense fallback={null}>
                  <ResultDownloads results={results} zipName="converted.zip" />
                </Suspense>
              )}
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  )
}
