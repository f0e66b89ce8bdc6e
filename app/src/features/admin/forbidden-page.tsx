import { ShieldX } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { usePageMetadata } from '@/lib/seo/use-page-metadata'

/** What a signed-in non-admin sees at /admin. The BFF refuses them anyway; this explains it. */
export function ForbiddenPage() {
  usePageMetadata({ title: 'Administrators only', description: 'The admin area is for administrators.', path: '/admin', noindex: true })
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-20">
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <p className="bg-gradient-to-br from-rose-500 to-orange-500 bg-clip-text text-7xl font-black tracking-tighter text-transparent" aria-hidden>
          403
        </p>
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
          <ShieldX aria-hidden className="size-6" />
          Administrators only
        </h1>
        <p className="text-muted-foreground">Your account does not have access to the admin area. If you think it should, ask an administrator.</p>
        <Button asChild>
          <Link to="/dashboard">Back to your dashboard</Link>
        </Button>
      </div>
    </div>
  )
}
