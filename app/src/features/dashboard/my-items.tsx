import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { listMyShortLinks } from '@/features/dashboard/api/list-my-short-links'
import { listMyPastes } from '@/features/dashboard/api/list-my-pastes'
import { useBffList, type ListState } from '@/features/dashboard/use-bff-list'
import { countOf } from '@/lib/plural'

/** A paste as this browser keeps it (features/pastes' local copy), handed in by the route. */
export interface CachedPaste {
  id: string
  title: string
  views: number
  privacy: string
}

type SectionProps<T> = {
  id: string
  title: string
  more: { to: string; label: string }
  state: ListState<T[]>
  empty: string
  render: (item: T) => ReactNode
  /** Offline: what can be shown anyway, and what to say when there is nothing. */
  offline: { fallback?: T[]; note: string }
}

function Section<T>({ id, title, more, state, empty, render, offline }: SectionProps<T>) {
  const cached = state.status === 'failed' && offline.fallback?.length ? offline.fallback : null
  return (
    <section aria-labelledby={id} className="glass flex flex-col gap-3 rounded-xl p-4">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold tracking-tight">
          {title}
        </h2>
        <Link to={more.to} className="text-sm text-primary underline-offset-4 hover:underline">
          {more.label}
        </Link>
      </div>
      {state.status === 'loading' && <p className="text-sm text-muted-foreground">Loading...</p>}
      {cached && (
        <>
          <p className="text-sm text-muted-foreground" data-testid="cached-note">
            {state.status === 'failed' && state.offline ? 'You are offline: ' : 'The server could not be reached: '}these are the ones saved on this device.
          </p>
          <ul className="flex flex-col divide-y">{cached.map(render)}</ul>
        </>
      )}
      {state.status === 'failed' && !cached && <p className="text-sm text-muted-foreground">{state.offline ? offline.note : 'Couldn’t load this right now.'}</p>}
      {state.status === 'ready' && (state.value.length === 0 ? <p className="text-sm text-muted-foreground">{empty}</p> : <ul className="flex flex-col divide-y">{state.value.map(render)}</ul>)}
    </section>
  )
}

const shortLinksOnly = async (token: string) => (await listMyShortLinks(token)).links

export function MyShortLinks({ accessToken }: { accessToken: string }) {
  const state = useBffList(shortLinksOnly, accessToken)
  return (
    <Section id="my-links-title" title="My short links" more={{ to: '/url-shortener', label: 'Shorten a link' }} state={state} empty="No short links yet."
      offline={{ note: 'You are offline: your short links show here again once you are back.' }} render={(shortLink) => (
      <li key={shortLink.id} className="flex items-center justify-between gap-3 py-2 text-sm">
        <span className="min-w-0">
          <span className="block font-medium wrap-anywhere">{shortLink.short_url}</span>
          <span className="block truncate text-muted-foreground">{shortLink.original_url}</span>
        </span>
        <span className="shrink-0 tabular-nums">{countOf(shortLink.clicks, 'click')}</span>
      </li>
    )} />
  )
}

export function MyPastes({ accessToken, cached }: { accessToken: string; cached?: () => CachedPaste[] }) {
  const state = useBffList(listMyPastes, accessToken)
  const fallback = state.status === 'failed' ? cached?.().slice(0, 5) : undefined
  return (
    <Section<CachedPaste> id="my-pastes-title" title="My pastes" more={{ to: '/paste/new', label: 'New paste' }} state={state} empty="No pastes yet."
      offline={{ fallback, note: 'You are offline, and this device has none of your pastes saved.' }} render={(paste) => (
      <li key={paste.id} className="flex items-center justify-between gap-3 py-2 text-sm">
        <Link to={`/paste/${paste.id}`} className="min-w-0 truncate font-medium hover:underline">
          {paste.title || 'Untitled'}
        </Link>
        <span className="shrink-0 text-muted-foreground tabular-nums">
          {countOf(paste.views, 'view')} · {paste.privacy}
        </span>
      </li>
    )} />
  )
}
