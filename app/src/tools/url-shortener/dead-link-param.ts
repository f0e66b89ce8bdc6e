/**
 * The query parameter that carries why a short link led home (`/?link=expired`). A module of its own:
 * the home page reads it on every first visit, and the notices stay in the lazily loaded notice.
 */
export const DEAD_LINK_PARAM = 'link'
