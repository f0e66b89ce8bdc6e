import { Bell, Check, CloudUpload, Sparkles } from 'lucide-react'
import { useId, useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'
import { Checkbox } from '@/components/ui/checkbox'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Progress } from '@/components/ui/progress'
import { Separator } from '@/components/ui/separator'
import { Skeleton } from '@/components/ui/skeleton'
import { Slider } from '@/components/ui/slider'
import { Switch } from '@/components/ui/switch'
import { cn } from '@/lib/utils'

/**
 * One theme's copy of the gallery. The class on the wrapper re-scopes the colour variables,
 * so light and dark render side by side whatever the page theme is.
 */
export function GlassShowcasePanel({ theme }: { theme: 'light' | 'dark' }) {
  const id = useId()
  const [volume, setVolume] = useState([64])
  const title = theme === 'light' ? 'Light theme' : 'Dark theme'

  return (
    <section aria-label={title} className={cn(theme, 'relative overflow-hidden rounded-2xl border bg-background p-4 text-foreground sm:p-6')}>
      {/* Colour behind the glass so the blur has something to show. */}
      <div className="pointer-events-none absolute inset-0" aria-hidden>
        <div className="absolute -top-10 -left-10 size-56 rounded-full bg-indigo-500/40 blur-3xl" />
        <div className="absolute top-1/3 -right-10 size-56 rounded-full bg-sky-400/40 blur-3xl" />
        <div className="absolute -bottom-16 left-1/4 size-56 rounded-full bg-fuchsia-400/30 blur-3xl" />
      </div>
      <div className="relative flex flex-col gap-4">
        <h2 className="text-lg font-semibold">{title}</h2>

        <Card variant="glass">
          <CardHeader>
            <CardTitle level={3} className="flex items-center gap-2">
              <Sparkles className="size-4 text-primary" aria-hidden />
              Glass card
            </CardTitle>
            <CardDescription>Frosted surface with a soft border and shadow.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <div className="flex items-center justify-between text-sm">
              <span>Upload progress</span>
              <span className="text-muted-foreground">72%</span>
            </div>
            <Progress value={72} aria-label={`Upload progress, ${title}`} />
          </CardContent>
          <CardFooter className="flex-wrap">
            <Badge>New</Badge>
            <Badge variant="secondary">Beta</Badge>
            <Badge variant="success">
              <Check aria-hidden /> Ready
            </Badge>
            <Badge variant="outline">Draft</Badge>
            <Badge variant="destructive">Error</Badge>
          </CardFooter>
        </Card>

        <Card variant="glass">
          <CardHeader>
            <CardTitle level={3} className="text-base">Controls</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-email`}>Email</Label>
              <Input id={`${id}-email`} type="email" placeholder="you@example.com" />
            </div>
            <div className="flex items-center justify-between gap-3">
              <Label htmlFor={`${id}-notify`} className="flex items-center gap-2">
                <Bell className="size-4" aria-hidden /> Notifications
              </Label>
              <Switch id={`${id}-notify`} defaultChecked />
            </div>
            <div className="flex items-center gap-2">
              <Checkbox id={`${id}-terms`} defaultChecked />
              <Label htmlFor={`${id}-terms`}>Remember my choice</Label>
            </div>
            <div className="flex flex-col gap-2">
              <span className="text-sm font-medium">Quality: {volume[0]}%</span>
              <Slider value={volume} onValueChange={setVolume} max={100} step={1} thumbLabel={`Quality, ${title}`} />
            </div>
          </CardContent>
        </Card>

        <Card variant="glass">
          <CardHeader>
            <CardTitle level={3} className="text-base">Buttons</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <div className="flex flex-wrap gap-2">
              <Button>Default</Button>
              <Button variant="secondary">Secondary</Button>
              <Button variant="outline">Outline</Button>
              <Button variant="ghost">Ghost</Button>
              <Button variant="destructive">Destructive</Button>
              <Button variant="link">Link</Button>
            </div>
            <Separator />
            <div className="flex flex-wrap items-center gap-2">
              <Button size="sm">Small</Button>
              <Button>Default</Button>
              <Button size="lg">Large</Button>
              <Button size="icon" aria-label={`Upload, ${title}`}>
                <CloudUpload aria-hidden />
              </Button>
            </div>
          </CardContent>
        </Card>

        <Card variant="glass">
          <CardHeader>
            <CardTitle level={3} className="text-base">Loading state</CardTitle>
          </CardHeader>
          <CardContent className="flex items-center gap-3">
            <Skeleton className="size-12 rounded-full" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-4 w-1/2" />
            </div>
          </CardContent>
        </Card>
      </div>
    </section>
  )
}
