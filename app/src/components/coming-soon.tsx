import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { PageContainer } from '@/components/page-container'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'

interface ComingSoonProps {
  title: string
  description: string
  icon: LucideIcon
  /** What this page will offer once its issue lands. */
  children?: ReactNode
}

/** A designed holding page for areas (accounts, pastes, admin) that arrive in later issues. */
export function ComingSoon({ title, description, icon, children }: ComingSoonProps) {
  return (
    <PageContainer narrow>
      <PageHeader title={title} description={description} icon={icon} />
      <Card variant="glass">
        <CardContent className="flex flex-col gap-4 pt-5 sm:pt-6">
          {children}
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <Link to="/all-tools">Browse the tools</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/">Back to home</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </PageContainer>
  )
}
