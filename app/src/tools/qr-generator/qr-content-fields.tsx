import { Field, SwitchRow } from '@/components/form-fields'
import { Input } from '@/components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { Textarea } from '@/components/ui/textarea'
import type { ContentType, QrFields } from '@/tools/qr-generator/qr-payload'

interface Props {
  type: ContentType
  fields: QrFields
  onChange: (fields: QrFields) => void
  /** The field the current payload error is about (shown only once the user has typed). */
  error: { field: keyof QrFields; message: string } | null
}

type TextKey = { [K in keyof QrFields]: QrFields[K] extends string ? K : never }[keyof QrFields]

export function QrContentFields({ type, fields, onChange, error }: Props) {
  const set = (patch: Partial<QrFields>) => onChange({ ...fields, ...patch })
  const text = (key: TextKey, label: string, extra: React.ComponentProps<typeof Input> = {}) => (
    <Field label={label} error={error?.field === key ? error.message : undefined} className={extra.className}>
      {(props) => <Input {...props} {...extra} className={undefined} value={fields[key]} onChange={(event) => set({ [key]: event.target.value })} />}
    </Field>
  )

  switch (type) {
    case 'text':
      return (
        <Field label="Text" error={error?.field === 'text' ? error.message : undefined}>
          {(props) => <Textarea {...props} rows={4} maxLength={4000} value={fields.text} onChange={(event) => set({ text: event.target.value })} placeholder="Anything: a note, a code, a message" />}
        </Field>
      )
    case 'url':
      return text('url', 'Web address', { inputMode: 'url', placeholder: 'example.com/page', autoComplete: 'url' })
    case 'wifi':
      return (
        <div className="grid gap-4 sm:grid-cols-2">
          {text('ssid', 'Network name (SSID)', { maxLength: 64 })}
          <Field label="Security">
            {(props) => (
              <Select value={fields.encryption} onValueChange={(value) => set({ encryption: value as QrFields['encryption'] })}>
                <SelectTrigger {...props}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="wpa">WPA/WPA2/WPA3</SelectItem>
                  <SelectItem value="wep">WEP</SelectItem>
                  <SelectItem value="none">None (open)</SelectItem>
                </SelectContent>
              </Select>
            )}
          </Field>
          {fields.encryption !== 'none' && text('password', 'Password', { maxLength: 128, autoComplete: 'off' })}
          <div className="flex items-end sm:col-span-2">
            <SwitchRow label="Hidden network" checked={fields.hidden} onChange={(hidden) => set({ hidden })} />
          </div>
        </div>
      )
    case 'email':
      return (
        <div className="grid gap-4">
          {text('email', 'Email address', { type: 'email', autoComplete: 'email', placeholder: 'name@example.com' })}
          {text('subject', 'Subject')}
          <Field label="Message">{(props) => <Textarea {...props} rows={3} value={fields.body} onChange={(event) => set({ body: event.target.value })} />}</Field>
        </div>
      )
    case 'phone':
      return text('phone', 'Phone number', { type: 'tel', autoComplete: 'tel', placeholder: '+44 20 7946 0958' })
    case 'sms':
      return (
        <div className="grid gap-4">
          {text('phone', 'Phone number', { type: 'tel', autoComplete: 'tel', placeholder: '+44 20 7946 0958' })}
          <Field label="Message">{(props) => <Textarea {...props} rows={3} value={fields.message} onChange={(event) => set({ message: event.target.value })} />}</Field>
        </div>
      )
    case 'vcard':
      return (
        <div className="grid gap-4 sm:grid-cols-2">
          {text('firstName', 'First name', { autoComplete: 'given-name' })}
          {text('lastName', 'Last name', { autoComplete: 'family-name' })}
          {text('organization', 'Organisation', { autoComplete: 'organization' })}
          {text('title', 'Job title', { autoComplete: 'organization-title' })}
          {text('phone', 'Phone', { type: 'tel', autoComplete: 'tel' })}
          {text('email', 'Email', { type: 'email', autoComplete: 'email' })}
          {text('website', 'Website', { inputMode: 'url' })}
          {text('address', 'Address', { autoComplete: 'street-address' })}
          <Field label="Note" className="sm:col-span-2">
            {(props) => <Textarea {...props} rows={2} value={fields.note} onChange={(event) => set({ note: event.target.value })} />}
          </Field>
        </div>
      )
    case 'geo':
      return (
        <div className="grid gap-4 sm:grid-cols-2">
          {text('latitude', 'Latitude', { inputMode: 'decimal', placeholder: '48.8584' })}
          {text('longitude', 'Longitude', { inputMode: 'decimal', placeholder: '2.2945' })}
        </div>
      )
  }
}
