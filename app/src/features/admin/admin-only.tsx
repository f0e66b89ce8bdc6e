import type { ReactNode } from 'react'
import { PageContainer } from '@/components/page-container'
import { ForbiddenPage } from '@/features/admin/forbidden-page'
import { useAdminStatus } from '@/lib/use-admin-status'

/** /admin for admins (is_admin() in SQL, re-checked on focus and every 30 s); a 403 page for others. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const status = useAdminStatus()
  if (status === 'admin') return children
  if (status === 'checking') {
    return (
      <PageContainer>
        <p role="status" className="py-16 text-center text-sm text-muted-foreground">
          Loading...
        </p>
      </PageContainer>
    )
  }
  return <ForbiddenPage />
}
