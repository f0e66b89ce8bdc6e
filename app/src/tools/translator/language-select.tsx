import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { AUTO, type EngineLanguage } from '@/tools/translator/translator.service'

/** One language picker; the source one also offers "Detect language". */
export function LanguageSelect({ label, value, languages, withAuto = false, onChange }: { label: string; value: string; languages: readonly EngineLanguage[]; withAuto?: boolean; onChange: (code: string) => void }) {
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger aria-label={label} className="min-w-0 sm:flex-1">
        <SelectValue placeholder="Choose a language" />
      </SelectTrigger>
      <SelectContent>
        {withAuto && <SelectItem value={AUTO}>Detect language</SelectItem>}
        {languages.map((language) => (
          <SelectItem key={language.code} value={language.code}>
            {language.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  )
}
