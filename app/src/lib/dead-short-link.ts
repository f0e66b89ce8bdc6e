// SPEC §5 sends a missing, unknown or expired short link home; this query tells the home page to say
// why. The redirect service (bff/toolkit_redirect/redirector.py, HOME) sends the same address.
export const DEAD_LINK_PARAM = 'link'
export const DEAD_LINK_VALUE = 'gone'
export const DEAD_LINK_HOME = `/?${DEAD_LINK_PARAM}=${DEAD_LINK_VALUE}`
