import { Check } from 'lucide-react'
import { useId } from 'react'
import { SwitchRow } from '@/components/form-fields'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { cn } from '@/lib/utils'
import { PSM_MODES, toggleLanguage, type OcrSettings } from '@/tools/image-to-text/image-to-text.service'

export function OcrOptions({ settings, onChange, installed, showPassword, password, onPasswordChange }: { settings: OcrSettings; onChange: (settings: OcrSettings) => void; installed: readonly { code: string; name: string }[]; showPassword: boolean; password: string; onPasswordChange: (password: string) => void }) {
  const psmId = useId()
  const passwordId = useId()
  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">Languages in the image</legend>
        <div className="flex flex-wrap gap-2">
          {installed.map((language) => {
            const on = settings.languages.includes(language.code)
            return (
              <button
                key={language.code}
                type="button"
                aria-pressed={on}
                onClick={() => onChange({ ...settings, languages: toggleLanguage(settings.languages, language.code) })}
                className={cn(
                  'inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
                  on ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-accent',
                )}
              >
                {on && <Check className="size-3.5" aria-hidden />}
                {language.name}
              </button>
            )
          })}
        </div>
        <p className="text-xs text-muted-foreground">Choose every language the text uses; more languages read slower.</p>
      </fieldset>
      <div className="flex flex-col gap-2">
        <Label htmlFor={psmId}>Page layout</Label>
        <Select value={String(settings.psm)} onValueChange={(value) => onChange({ ...settings, psm: Number(value) })}>
          <SelectTrigger id={psmId}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {PSM_MODES.map((mode) => (
              <SelectItem key={mode.value} value={String(mode.value)}>
                {mode.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <SwitchRow label="Clean up the image first" hint="Greyscale, contrast and upscaling of small text" checked={settings.preprocess} onChange={(preprocess) => onChange({ ...settings, preprocess })} />
      {showPassword && (
        <div className="flex flex-col gap-2">
          <Label htmlFor={passwordId}>PDF password (if it has one)</Label>
          <Input id={passwordId} type="password" autoComplete="off" value={password} onChange={(event) => onPasswordChange(event.target.value)} />
        </div>
      )}
    </div>
  )
}
