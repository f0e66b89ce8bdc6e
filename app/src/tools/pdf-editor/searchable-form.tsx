import { FileSearch } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Field, SwitchRow } from '@/components/form-fields'
import { Button } from '@/components/ui/button'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { api, toApiError, unwrap } from '@/lib/api/client'
import { notify } from '@/lib/notify'

const MODES = {
  skip: 'Only pages without text (keep the others as they are)',
  redo: 'Every page; replace an old OCR layer',
  force: 'Every page, read again from its picture',
} as const

export type SearchableFields = { lang: string; mode: keyof typeof MODES; rotate_pages: boolean }

/** Searchable: OCR adds an invisible text layer over every scanned page (the pictures stay as they are). */
export function SearchableForm({ disabled, onRun }: { disabled?: boolean; onRun: (fields: SearchableFields) => void }) {
  const [languages, setLanguages] = useState<{ code: string; name: string }[]>([])
  const [lang, setLang] = useState('eng')
  const [mode, setMode] = useState<keyof typeof MODES>('skip')
  const [rotate, setRotate] = useState(false)
  useEffect(() => {
    api()
      .GET('/api/tools/ocr/languages')
      .then((answer) => setLanguages(unwrap(answer).languages))
      .catch((error: unknown) => notify.error('Could not load the OCR languages', toApiError(error).message))
  }, [])
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault()
        onRun({ lang, mode, rotate_pages: rotate })
      }}
    >
      <p className="text-sm text-muted-foreground">Reads scanned pages and lays their words over them invisibly, so the PDF can be searched and copied from. PDF/A when it can be.</p>
      <Field label="Language of the text">
        {(props) => (
          <Select value={lang} onValueChange={setLang}>
            <SelectTrigger id={props.id} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {(languages.length ? languages : [{ code: 'eng', name: 'English' }]).map((language) => (
                <SelectItem key={language.code} value={language.code}>
                  {language.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </Field>
      <Field label="Pages to read">
        {(props) => (
          <Select value={mode} onValueChange={(value) => setMode(value as keyof typeof MODES)}>
            <SelectTrigger id={props.id} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {Object.entries(MODES).map(([value, label]) => (
                <SelectItem key={value} value={value}>
                  {label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </Field>
      <SwitchRow label="Turn sideways pages upright" checked={rotate} onChange={setRotate} />
      <div>
        <Button type="submit" disabled={disabled}>
          <FileSearch aria-hidden /> Make searchable
        </Button>
      </div>
    </form>
  )
}
