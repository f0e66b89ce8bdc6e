import { DEAD_LINK_PARAM } from '@/tools/url-shortener/dead-link-param'

/**
 * Why a short link led nowhere, as the redirect service and the BFF say it: the redirect service
 * sends dead links home with `/?link=<reason>` (SPEC §5 sends them home; the home page says why),
 * and the in-app /s screen does the same with the BFF's answer.
 */
export const DEAD_LINK_NOTICES = {
  unknown: {
    title: 'That short link doesn’t exist',
    detail: 'Check the address you were given: part of it may be missing, or its owner deleted the link.',
  },
  expired: {
    title: 'That short link has expired',
    detail: 'Its owner set it to stop working after a date. Ask them for a new link.',
  },
  exhausted: {
    title: 'That short link has reached its click limit',
    detail: 'Its owner let it be opened only a set number of times. Ask them for a new link.',
  },
} as const

export type DeadLinkReason = keyof typeof DEAD_LINK_NOTICES

export { DEAD_LINK_PARAM }

export function deadLinkReason(value: string | null | undefined): DeadLinkReason | null {
  return value && Object.hasOwn(DEAD_LINK_NOTICES, value) ? (value as DeadLinkReason) : null
}

export function homeFor(reason: DeadLinkReason): string {
  return `/?${DEAD_LINK_PARAM}=${reason}`
}
