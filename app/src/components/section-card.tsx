import type { ReactNode } from 'react'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'

/** One titled block of a settings page such as /account; the title is a level-2 heading so the page reads as an outline. */
export function SectionCard({ id, title, description, children }: { id: string; title: string; description: string; children: ReactNode }) {
  return (
    <Card variant="glass" aria-labelledby={id} role="region">
      <CardHeader>
        <h2 id={id} className="text-lg leading-tight font-semibold tracking-tight">
          {title}
        </h2>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">{children}</CardContent>
    </Card>
  )
}
