import { Download, FileCheck2 } from 'lucide-react'
import { downloadBlob } from '@/components/tool-workspace/download'
import { formatBytes } from '@/components/tool-workspace/format-bytes'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import type { ApiSchemas } from '@/lib/api/client'

export type SearchableReport = ApiSchemas['SearchableReport']

export interface SearchablePdf {
  blob: Blob
  name: string
  report: SearchableReport
}

/** What the searchable PDF is (pages, languages, PDF/A or not) and its download. */
export function SearchablePdfResult({ result }: { result: SearchablePdf }) {
  const { report } = result
  return (
    <section className="flex flex-col gap-3 rounded-lg border bg-muted/20 p-3" aria-label="Searchable PDF" data-testid="searchable-result">
      <p className="flex items-center gap-2 text-sm font-medium">
        <FileCheck2 className="size-4 text-success" aria-hidden /> {result.name}
      </p>
      <div className="flex flex-wrap gap-2">
        <Badge variant="secondary">
          {report.pages} {report.pages === 1 ? 'page' : 'pages'}
        </Badge>
        <Badge variant="secondary">Languages: {report.language.replaceAll('+', ', ')}</Badge>
        <Badge variant="secondary">{report.pdfa ?? 'Regular PDF'}</Badge>
        {report.protected && <Badge variant="secondary">Protected with your password</Badge>}
        <Badge variant="secondary">{formatBytes(result.blob.size)}</Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        Every page keeps its picture; an invisible text layer lies over each word, so you can search, select and copy the text in any PDF reader.
      </p>
      <div>
        <Button onClick={() => downloadBlob(result.blob, result.name)}>
          <Download aria-hidden /> Download searchable PDF
        </Button>
      </div>
    </section>
  )
}
