/** Full-screen wait state (SPEC §2: 'Loading...' while the app and authentication start). */
export function LoadingScreen() {
  return (
    <div role="status" aria-live="polite" className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background text-foreground">
      <span className="size-10 animate-spin rounded-full border-4 border-primary/25 border-t-primary" aria-hidden />
      <p className="text-sm font-medium text-muted-foreground">Loading...</p>
    </div>
  )
}
