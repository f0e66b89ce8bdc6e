import { AlertTriangle, Download, QrCode } from 'lucide-react'
import { useMemo, useState } from 'react'
import { downloadBlob } from '@/components/tool-workspace/download'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { api, toApiError, unwrap } from '@/lib/api/client'
import { filenameFromDisposition } from '@/lib/api/send-multipart'
import { notify } from '@/lib/notify'
import { usePageState } from '@/lib/use-page-state'
import { QrContentFields } from '@/tools/qr-generator/qr-content-fields'
import { contrastProblem, DEFAULT_STYLE, qrMatrix, type QrStyle } from '@/tools/qr-generator/qr-generator.service'
import { buildPayload, CONTENT_TYPES, EMPTY_FIELDS, type ContentType, type QrFields } from '@/tools/qr-generator/qr-payload'
import { QrPreview } from '@/tools/qr-generator/qr-preview'
import { QrStyleFields } from '@/tools/qr-generator/qr-style-fields'

const TYPE_LABELS: Record<ContentType, string> = { text: 'Text', url: 'URL', wifi: 'Wi-Fi', email: 'Email', phone: 'Phone', sms: 'SMS', vcard: 'Contact', geo: 'Location' }

export default function QrGeneratorPage() {
  // Kept for the tab: Back then Forward, or a reload, finds the code as it was left.
  const [type, setType] = usePageState<ContentType>('qr-generator:type', 'url')
  const [fields, setFields] = usePageState<QrFields>('qr-generator:fields', EMPTY_FIELDS)
  const [touched, setTouched] = useState(false)
  const [style, setStyle] = usePageState<QrStyle>('qr-generator:style', DEFAULT_STYLE)
  const [downloading, setDownloading] = useState<'png' | 'svg' | null>(null)

  const result = buildPayload(type, fields)
  const payload = 'payload' in result ? result.payload : null
  const matrix = useMemo(() => (payload ? qrMatrix(payload, style.ecc, style.margin) : null), [payload, style.ecc, style.margin])
  const contrast = contrastProblem(style)
  const tooLong = payload !== null && matrix === null
  const tooSmall = matrix !== null && matrix.modules.length > style.size

  const download = async (format: 'png' | 'svg') => {
    if (!payload) return
    setDownloading(format)
    try {
      // Sent as text: the browser built the payload, so the file encodes exactly what the preview shows.
      const answer = await api().POST('/api/tools/qr', {
        body: {
          type: 'text',
          text: payload,
          error_correction: style.ecc,
          size: style.size,
          margin: style.margin,
          foreground: style.foreground,
          background: style.transparent ? 'transparent' : style.background,
          format,
        },
        parseAs: 'blob',
      })
      const blob = unwrap(answer) as Blob
      downloadBlob(blob, filenameFromDisposition(answer.response.headers.get('Content-Disposition')) ?? `qr-code.${format}`)
    } catch (error) {
      notify.error('Could not create the QR code', toApiError(error).message)
    } finally {
      setDownloading(null)
    }
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Content</CardTitle>
          <CardDescription>The preview updates as you type. Nothing leaves your device until you download.</CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs value={type} onValueChange={(value) => setType(value as ContentType)}>
            <TabsList aria-label="Content type" className="flex h-auto w-full flex-wrap justify-start gap-1">
              {CONTENT_TYPES.map((item) => (
                <TabsTrigger key={item} value={item} className="flex-1">
                  {TYPE_LABELS[item]}
                </TabsTrigger>
              ))}
            </TabsList>
            {CONTENT_TYPES.map((item) => (
              <TabsContent key={item} value={item} className="pt-2">
                {/* Both events, as they bubble from the fields: 'input' as one types, 'change' from a choice. */}
                <div onInput={() => setTouched(true)} onChange={() => setTouched(true)}>
                  <QrContentFields type={item} fields={fields} onChange={setFields} error={touched && 'error' in result ? { field: result.field, message: result.error } : null} />
                </div>
              </TabsContent>
            ))}
          </Tabs>
        </CardContent>
      </Card>

      <Card className="lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <CardHeader>
          <CardTitle className="text-base">Preview</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col items-center gap-4">
          {matrix ? (
            <QrPreview matrix={matrix} style={style} label={`QR code for ${payload}`} />
          ) : (
            <div className="flex aspect-square w-full max-w-72 flex-col items-center justify-center gap-2 rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
              <QrCode className="size-10" aria-hidden />
              {tooLong ? 'Too much data for a QR code at this error correction level.' : 'Fill in the content to see your code.'}
            </div>
          )}
          {matrix && (
            <p className="text-xs text-muted-foreground" data-testid="qr-info">
              Version {matrix.version} · {matrix.modules.length} × {matrix.modules.length} modules · {style.size} × {style.size} px
            </p>
          )}
          {(contrast || tooSmall) && (
            <p role="alert" className="flex w-full gap-2 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm">
              <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
              <span>{contrast ?? `At ${style.size} px each module would be under one pixel; use at least ${matrix?.modules.length} px.`}</span>
            </p>
          )}
          <div className="grid w-full grid-cols-2 gap-2">
            <Button disabled={!matrix || downloading !== null} onClick={() => void download('png')}>
              <Download aria-hidden />
              PNG
            </Button>
            <Button variant="outline" disabled={!matrix || downloading !== null} onClick={() => void download('svg')}>
              <Download aria-hidden />
              SVG
            </Button>
          </div>
          {payload && (
            <details className="w-full text-sm">
              <summary className="cursor-pointer text-muted-foreground">Encoded text</summary>
              <pre className="mt-2 max-h-40 overflow-auto rounded-md bg-muted p-2 text-xs whitespace-pre-wrap break-all" data-testid="qr-payload">
                {payload}
              </pre>
            </details>
          )}
        </CardContent>
      </Card>

      <Card className="lg:col-start-1">
        <CardHeader>
          <CardTitle className="text-base">Style</CardTitle>
        </CardHeader>
        <CardContent>
          <QrStyleFields style={style} onChange={setStyle} />
        </CardContent>
      </Card>
    </div>
  )
}
