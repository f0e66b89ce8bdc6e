import { MapPin } from 'lucide-react'
import { cn } from '@/lib/utils'
import { mapLink, type ImageMetadata, type MetadataGroup } from '@/tools/image-metadata/image-metadata.service'

/** Every group the image has, as labelled tables; GPS coordinates get a map link. */
export function MetadataGroups({ groups, location, className }: { groups: readonly MetadataGroup[]; location: ImageMetadata['groups']['location']; className?: string }) {
  return (
    <div className={cn('grid gap-4 sm:grid-cols-2', className)}>
      {groups.map((group) => (
        <section key={group.id} aria-labelledby={`group-${group.id}`} data-testid={`group-${group.id}`} className={cn('rounded-lg border p-3', group.id === 'location' && 'border-warning/60 bg-warning/5')}>
          <h3 id={`group-${group.id}`} className="mb-2 text-sm font-semibold">
            {group.title}
          </h3>
          <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            {group.rows.map((row) => (
              <div key={row.tag} className="contents">
                <dt className="text-muted-foreground">{row.label}</dt>
                <dd className="min-w-0 break-words">{row.value}</dd>
              </div>
            ))}
          </dl>
          {group.id === 'location' && location.latitude !== undefined && location.longitude !== undefined && (
            <a href={mapLink(location.latitude, location.longitude)} target="_blank" rel="noopener noreferrer" className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline">
              <MapPin className="size-4" aria-hidden />
              Show on OpenStreetMap
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          )}
        </section>
      ))}
    </div>
  )
}
