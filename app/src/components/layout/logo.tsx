import { Wrench } from 'lucide-react'
import { Link } from 'react-router'
import { appName } from '@/config'

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md font-semibold tracking-tight focus-visible:outline-2 focus-visible:outline-ring" aria-label={`${appName} home`}>
      <span className="flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-indigo-500 to-sky-500 text-white shadow-sm">
        <Wrench className="size-4" aria-hidden />
      </span>
      <span className="hidden text-base min-[400px]:inline">{appName}</span>
    </Link>
  )
}
