import { Component, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { CHUNK_NOT_LOADED, isChunkLoadError } from '@/lib/chunk-load-error'

/**
 * Around a part of a page whose code loads on its own (a tool's workspace): when that code does not
 * arrive, the rest of the page stays and this part says so, with a retry. Any other failure goes on
 * to the route's error screen.
 */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, { failed: unknown }> {
  override state = { failed: undefined as unknown }

  static getDerivedStateFromError(error: unknown) {
    return { failed: error }
  }

  override render() {
    const { failed } = this.state
    if (failed === undefined) return this.props.children
    if (!isChunkLoadError(failed)) throw failed instanceof Error ? failed : new Error('Unexpected error', { cause: failed })
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
        <p>{CHUNK_NOT_LOADED}</p>
        {/* A reload asks for the code again (a failed dynamic import is not retried by the browser). */}
        <Button size="sm" onClick={() => window.location.reload()}>
          Try again
        </Button>
      </div>
    )
  }
}
