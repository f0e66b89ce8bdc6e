// Batch metadata: the choice sent to the BFF and the per-file report in words.
import type { ApiSchemas } from '@/lib/api/client'

export type BatchReport = ApiSchemas['MetadataBatchReport']
export type BatchEntry = BatchReport['files'][number]
export type BatchAction = BatchReport['action']

export const BATCH_ACTIONS: Record<BatchAction, { label: string; hint: string; button: string }> = {
  'remove-gps': { label: 'Remove GPS only', hint: 'The location goes; camera, dates and everything else stay.', button: 'Remove GPS from' },
  strip: { label: 'Remove all', hint: 'Every tag goes but the orientation and the colour profile, so photos look the same.', button: 'Remove all metadata from' },
  keep: { label: 'Keep', hint: 'Nothing changes: the report shows what each photo carries.', button: 'Check' },
}

/** "Remove GPS from 3 photos": the count in the name keeps it apart from the single photo's "Remove GPS". */
export function batchButtonText(action: BatchAction, count: number): string {
  const photos = count === 0 ? 'the photos' : `${count} ${count === 1 ? 'photo' : 'photos'}`
  return `${BATCH_ACTIONS[action].button} ${photos}`
}

const GROUP_NAMES: Record<string, string> = { camera: 'Camera', time: 'Time', location: 'Location', author: 'Author', image: 'Image', other: 'Other' }

/** "Location: GPSLatitude, GPSLongitude · Camera: Make" — or why nothing was removed. */
export function removedText(entry: BatchEntry, action: BatchAction): string {
  if (entry.status === 'failed') return entry.error.message
  const groups = Object.entries(entry.removed).filter(([, tags]) => tags.length > 0)
  if (groups.length === 0) return action === 'keep' ? (entry.had_gps ? 'Kept as it is; it contains a location' : 'Kept as it is; no location') : 'Nothing to remove'
  return groups.map(([group, tags]) => `${GROUP_NAMES[group] ?? group}: ${tags.join(', ')}`).join(' · ')
}

/** "3 photos cleaned, 1 failed". */
export function batchSummary(report: BatchReport): string {
  const verb = report.action === 'keep' ? 'checked' : 'cleaned'
  return `${report.done} ${report.done === 1 ? 'photo' : 'photos'} ${verb}${report.failed ? `, ${report.failed} failed` : ''}`
}
