import { useState, type FormEvent, type ReactNode } from 'react'
import { Field, SwitchRow } from '@/components/form-fields'
import { RangeField } from '@/components/range-field'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { rangesError } from '@/tools/pdf-editor/pdf-editor.service'
import type { Operation } from '@/tools/pdf-editor/pdf-operations'

export type Action =
  | { type: 'operation'; operation: Operation }
  | { type: 'split'; fields: Record<string, string | number> }
  | { type: 'text' }
  | { type: 'searchable'; fields: Record<string, string | boolean> }

interface FormProps {
  pageCount: number
  disabled?: boolean
  onRun: (action: Action) => void
}

function OperationForm({ onSubmit, submit, disabled, children }: { onSubmit: () => void; submit: string; disabled?: boolean; children?: ReactNode }) {
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event: FormEvent) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      {children}
      <div>
        <Button type="submit" disabled={disabled}>
          {submit}
        </Button>
      </div>
    </form>
  )
}

export function SplitForm({ pageCount, disabled, onRun }: FormProps) {
  const [mode, setMode] = useState<'ranges' | 'every'>('every')
  const [ranges, setRanges] = useState('')
  const [every, setEvery] = useState(1)
  const error = mode === 'ranges' && ranges !== '' ? rangesError(ranges, pageCount) : null
  return (
    <OperationForm submit="Split" disabled={disabled || (mode === 'ranges' && (ranges === '' || error !== null))} onSubmit={() => onRun({ type: 'split', fields: mode === 'ranges' ? { ranges } : { every } })}>
      <Field label="Split">
        {(props) => (
          <Select value={mode} onValueChange={(value) => setMode(value as 'ranges' | 'every')}>
            <SelectTrigger id={props.id} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="every">Every few pages</SelectItem>
              <SelectItem value="ranges">By page ranges (one file per range)</SelectItem>
            </SelectContent>
          </Select>
        )}
      </Field>
      {mode === 'every' ? (
        <RangeField label="Pages per file" value={every} min={1} max={Math.max(1, pageCount)} onChange={setEvery} />
      ) : (
        <Field label="Ranges" hint={`e.g. 1-3,4,5-${pageCount}`} error={error ?? undefined}>
          {(props) => <Input {...props} value={ranges} placeholder={`1-2,3-${pageCount}`} onChange={(event) => setRanges(event.target.value)} />}
        </Field>
      )}
    </OperationForm>
  )
}

export function WatermarkForm({ disabled, onRun }: FormProps) {
  const [text, setText] = useState('CONFIDENTIAL')
  const [size, setSize] = useState(48)
  const [opacity, setOpacity] = useState(25)
  const [angle, setAngle] = useState(45)
  const [color, setColor] = useState('#ff0000')
  return (
    <OperationForm
      submit="Add watermark"
      disabled={disabled || text.trim() === ''}
      onSubmit={() => onRun({ type: 'operation', operation: { title: 'Watermarked PDF', path: '/api/tools/pdf/watermark', suffix: '-watermarked', fields: { text, font_size: size, opacity: opacity / 100, angle, color } } })}
    >
      <Field label="Watermark text">{(props) => <Input {...props} value={text} maxLength={200} onChange={(event) => setText(event.target.value)} />}</Field>
      <RangeField label="Font size" unit="pt" value={size} min={8} max={200} onChange={setSize} />
      <RangeField label="Opacity" unit="%" value={opacity} min={2} max={100} onChange={setOpacity} />
      <RangeField label="Angle" unit="°" value={angle} min={-90} max={90} onChange={setAngle} />
      <Field label="Colour">{(props) => <input {...props} type="color" value={color} onChange={(event) => setColor(event.target.value)} className="h-10 w-16 rounded-md border border-input bg-background p-1" />}</Field>
    </OperationForm>
  )
}

const POSITIONS = { 'bottom-center': 'Bottom centre', 'bottom-left': 'Bottom left', 'bottom-right': 'Bottom right', 'top-center': 'Top centre', 'top-left': 'Top left', 'top-right': 'Top right' } as const

export function PageNumbersForm({ disabled, onRun }: FormProps) {
  const [template, setTemplate] = useState('{n} / {total}')
  const [position, setPosition] = useState<keyof typeof POSITIONS>('bottom-center')
  const [start, setStart] = useState(1)
  const error = template.includes('{n}') ? null : 'Include {n} where the number goes ({total} is the page count)'
  return (
    <OperationForm
      submit="Add page numbers"
      disabled={disabled || error !== null}
      onSubmit={() => onRun({ type: 'operation', operation: { title: 'Numbered PDF', path: '/api/tools/pdf/page-numbers', suffix: '-numbered', fields: { template, position, start } } })}
    >
      <Field label="Text" hint="{n} is the number, {total} the page count" error={error ?? undefined}>
        {(props) => <Input {...props} value={template} maxLength={60} onChange={(event) => setTemplate(event.target.value)} />}
      </Field>
      <Field label="Position">
        {(props) => (
          <Select value={position} onValueChange={(value) => setPosition(value as keyof typeof POSITIONS)}>
            <SelectTrigger id={props.id} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {Object.entries(POSITIONS).map(([value, label]) => (
                <SelectItem key={value} value={value}>
                  {label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </Field>
      <RangeField label="First number" value={start} min={0} max={9999} onChange={setStart} />
    </OperationForm>
  )
}

const METADATA_FIELDS = ['title', 'author', 'subject', 'keywords'] as const

export function MetadataForm({ disabled, onRun, initial }: FormProps & { initial: Record<string, string | null> }) {
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(METADATA_FIELDS.map((name) => [name, initial[name] ?? ''])))
  return (
    <OperationForm submit="Save properties" disabled={disabled} onSubmit={() => onRun({ type: 'operation', operation: { title: 'PDF with new properties', path: '/api/tools/pdf/metadata', suffix: '-metadata', fields: values } })}>
      {METADATA_FIELDS.map((name) => (
        <Field key={name} label={name[0]?.toUpperCase() + name.slice(1)} hint={name === 'keywords' ? 'Separated by commas; empty removes a field' : undefined}>
          {(props) => <Input {...props} value={values[name] ?? ''} maxLength={2000} onChange={(event) => setValues({ ...values, [name]: event.target.value })} />}
        </Field>
      ))}
    </OperationForm>
  )
}

export function SecurityForm({ disabled, onRun, protectedWith }: FormProps & { protectedWith: string }) {
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const mismatch = confirm !== '' && confirm !== password ? 'The passwords differ' : null
  if (protectedWith) {
    return (
      <OperationForm submit="Remove the password" disabled={disabled} onSubmit={() => onRun({ type: 'operation', operation: { title: 'Unlocked PDF', path: '/api/tools/pdf/decrypt', suffix: '-unlocked', fields: {}, resultPassword: () => '' } })}>
        <p className="text-sm text-muted-foreground">This PDF is protected with the password you entered. The result opens without one.</p>
      </OperationForm>
    )
  }
  return (
    <OperationForm
      submit="Protect with password"
      disabled={disabled || password === '' || confirm !== password}
      onSubmit={() => onRun({ type: 'operation', operation: { title: 'Protected PDF', path: '/api/tools/pdf/encrypt', suffix: '-protected', fields: { new_password: password }, resultPassword: () => password } })}
    >
      <Field label="New password">{(props) => <Input {...props} type="password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} />}</Field>
      <Field label="Repeat the password" error={mismatch ?? undefined}>
        {(props) => <Input {...props} type="password" autoComplete="new-password" value={confirm} onChange={(event) => setConfirm(event.target.value)} />}
      </Field>
      <p className="text-xs text-muted-foreground">AES-256. Keep the password: nobody can open the file without it.</p>
    </OperationForm>
  )
}

export function CompressForm({ disabled, onRun }: FormProps) {
  const [images, setImages] = useState(true)
  const [quality, setQuality] = useState(70)
  return (
    <OperationForm
      submit="Compress"
      disabled={disabled}
      onSubmit={() => onRun({ type: 'operation', operation: { title: 'Compressed PDF', path: '/api/tools/pdf/compress', suffix: '-compressed', fields: images ? { image_quality: quality } : {} } })}
    >
      <p className="text-sm text-muted-foreground">Streams are recompressed losslessly; if nothing gets smaller you get the original back.</p>
      <SwitchRow label="Re-encode large images as JPEG" hint="Smaller, with a little loss in photos" checked={images} onChange={setImages} />
      {images && <RangeField label="Image quality" value={quality} min={10} max={95} onChange={setQuality} />}
    </OperationForm>
  )
}

export function TextForm({ disabled, onRun }: FormProps) {
  return (
    <OperationForm submit="Extract text" disabled={disabled} onSubmit={() => onRun({ type: 'text' })}>
      <p className="text-sm text-muted-foreground">The text layer of every page, in reading order, to copy or save as TXT.</p>
    </OperationForm>
  )
}
