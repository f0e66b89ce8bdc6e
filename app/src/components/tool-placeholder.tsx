import { Check, Hammer } from 'lucide-react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'

/** Stand-in body for a tool whose real page is still being built. */
export function ToolPlaceholder({ highlights }: { highlights: readonly string[] }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
      <Card variant="glass">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <Hammer className="size-4 text-primary" aria-hidden />
            Coming soon
          </CardTitle>
          <CardDescription>This tool is being built. Here is a preview of its workspace.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3" aria-hidden>
          <Skeleton className="h-40 w-full rounded-lg" />
          <div className="flex gap-3">
            <Skeleton className="h-10 flex-1" />
            <Skeleton className="h-10 w-28" />
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">What it will do</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="flex flex-col gap-2.5 text-sm">
            {highlights.map((item) => (
              <li key={item} className="flex gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  )
}
