import { Field } from '@/components/form-fields'
import { Input } from '@/components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { ORIENTATIONS, type EditForm } from '@/tools/image-metadata/image-metadata.service'

const TEXT_FIELDS: { key: keyof EditForm; label: string; hint?: string; placeholder?: string }[] = [
  { key: 'Artist', label: 'Author' },
  { key: 'Copyright', label: 'Copyright' },
  { key: 'ImageDescription', label: 'Description' },
  { key: 'DateTimeOriginal', label: 'Date taken', placeholder: '2024-05-01 12:30:00' },
  { key: 'Make', label: 'Camera make' },
  { key: 'Model', label: 'Camera model' },
  { key: 'Software', label: 'Software' },
]

/** The tags the BFF can write; emptying a field removes that tag, emptying both coordinates removes GPS. */
export function EditFormFields({ form, onChange, error }: { form: EditForm; onChange: (form: EditForm) => void; error?: string }) {
  const set = (key: keyof EditForm, value: string) => onChange({ ...form, [key]: value })
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        {TEXT_FIELDS.map((field) => (
          <Field key={field.key} label={field.label}>
            {(props) => <Input {...props} value={form[field.key]} placeholder={field.placeholder} onChange={(event) => set(field.key, event.target.value)} />}
          </Field>
        ))}
        <Field label="Orientation">
          {(props) => (
            <Select value={form.Orientation} onValueChange={(value) => set('Orientation', value)}>
              <SelectTrigger {...props}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {ORIENTATIONS.map((orientation) => (
                  <SelectItem key={orientation.value} value={orientation.value}>
                    {orientation.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </Field>
      </div>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium">GPS position (decimal degrees)</legend>
        <Field label="Latitude" error={error?.startsWith('Latitude') ? error : undefined}>
          {(props) => <Input {...props} inputMode="decimal" value={form.latitude} placeholder="48.858370" onChange={(event) => set('latitude', event.target.value)} />}
        </Field>
        <Field label="Longitude" error={error?.startsWith('Longitude') ? error : undefined}>
          {(props) => <Input {...props} inputMode="decimal" value={form.longitude} placeholder="2.294481" onChange={(event) => set('longitude', event.target.value)} />}
        </Field>
      </fieldset>
    </div>
  )
}
