import { useId } from 'react'
import { SwitchRow } from '@/components/form-fields'
import { RangeField } from '@/components/range-field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import {
  PASSPHRASE_WORDS,
  PASSWORD_LENGTH,
  type Capitalisation,
  type CharacterSet,
  type PassphraseOptions,
  type PasswordOptions,
} from '@/tools/password-generator/password-generator.service'

const SET_LABELS: Record<CharacterSet, string> = {
  lower: 'Lowercase (a–z)',
  upper: 'Uppercase (A–Z)',
  digits: 'Digits (0–9)',
  symbols: 'Symbols (!#$%…)',
}

export function PasswordFields({ options, onChange }: { options: PasswordOptions; onChange: (options: PasswordOptions) => void }) {
  const toggle = (set: CharacterSet, on: boolean) => {
    const sets = on ? [...options.sets, set] : options.sets.filter((item) => item !== set)
    if (sets.length > 0) onChange({ ...options, sets }) // keep at least one set
  }
  return (
    <div className="flex flex-col gap-5">
      <RangeField label="Length" value={options.length} min={PASSWORD_LENGTH.min} max={PASSWORD_LENGTH.max} onChange={(length) => onChange({ ...options, length })} />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-3 text-sm font-medium">Characters</legend>
        {(Object.keys(SET_LABELS) as CharacterSet[]).map((set) => (
          <SwitchRow key={set} label={SET_LABELS[set]} checked={options.sets.includes(set)} onChange={(on) => toggle(set, on)} />
        ))}
        <SwitchRow
          label="Exclude look-alikes"
          hint="Leaves out I l 1 O 0 o"
          checked={options.excludeLookAlikes}
          onChange={(excludeLookAlikes) => onChange({ ...options, excludeLookAlikes })}
        />
      </fieldset>
    </div>
  )
}

export function PassphraseFields({ options, onChange }: { options: PassphraseOptions; onChange: (options: PassphraseOptions) => void }) {
  const separatorId = useId()
  const caseId = useId()
  return (
    <div className="flex flex-col gap-5">
      <RangeField label="Words" value={options.words} min={PASSPHRASE_WORDS.min} max={PASSPHRASE_WORDS.max} onChange={(words) => onChange({ ...options, words })} />
      <div className="grid grid-cols-2 gap-3">
        <div className="flex flex-col gap-2">
          <Label htmlFor={separatorId}>Separator</Label>
          <Input id={separatorId} value={options.separator} maxLength={3} onChange={(event) => onChange({ ...options, separator: event.target.value })} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={caseId}>Capitalisation</Label>
          <Select value={options.capitalisation} onValueChange={(value) => onChange({ ...options, capitalisation: value as Capitalisation })}>
            <SelectTrigger id={caseId}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="lower">lowercase</SelectItem>
              <SelectItem value="first">Capitalised</SelectItem>
              <SelectItem value="upper">UPPERCASE</SelectItem>
            </SelectContent>
          </Select>
        </div>
      </div>
      <SwitchRow label="Add a digit" hint="One random digit after one random word" checked={options.includeDigit} onChange={(includeDigit) => onChange({ ...options, includeDigit })} />
    </div>
  )
}
