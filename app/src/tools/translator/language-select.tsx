import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { AUTO, type EngineLanguage } from '@/tools/translator/translator.service'

/**
 * One language picker; the source one also offers "Detect language". The target one names, beside each
 * language reached only through another (`pivots`: target code → that language), the detour, so it is
 * known before sending (and shown in the closed picker too).
 */
export function LanguageSelect({ label, value, languages, withAuto = false, pivots = {}, onChange }: { label: string; value: string; languages: readonly EngineLanguage[]; withAuto?: boolean; pivots?: Record<string, string>; onChange: (code: string) => void }) {
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
            {pivots[language.code] && <span className="text-muted-foreground"> · through {pivots[language.code]}</span>}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  )
}
