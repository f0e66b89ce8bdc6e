import { useNavigation } from 'react-router'

/** Thin bar at the top while a lazy route chunk loads. */
export function NavigationProgress() {
  const navigation = useNavigation()
  if (navigation.state === 'idle') return null
  return (
    <div className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-primary/20" role="progressbar" aria-label="Loading page">
      <div className="h-full w-2/5 bg-primary [animation:progress-slide_1s_ease-in-out_infinite]" />
    </div>
  )
}
