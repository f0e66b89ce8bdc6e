import { Ban } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'

/** SPEC §2: 'Page Disabled' with the admin's reason, over the blurred page. */
export function DisabledPageOverlay({ message }: { message: string }) {
  return (
    <div className="absolute inset-0 z-10 flex items-start justify-center px-4 pt-16 sm:pt-24">
      <section
        role="alert"
        aria-labelledby="disabled-page-title"
        className="flex w-full max-w-md flex-col items-center gap-3 rounded-xl border bg-card/95 p-6 text-center text-card-foreground shadow-xl backdrop-blur"
      >
        <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <Ban aria-hidden className="size-6" />
        </span>
        <h2 id="disabled-page-title" className="text-xl font-semibold tracking-tight">
          Page Disabled
        </h2>
        <p className="text-sm break-words text-muted-foreground" data-testid="disabled-page-reason">
          {message}
        </p>
        <div className="flex flex-wrap justify-center gap-2 pt-1">
          <Button asChild>
            <Link to="/all-tools">Browse other tools</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/">Home</Link>
          </Button>
        </div>
      </section>
    </div>
  )
}
