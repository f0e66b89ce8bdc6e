import disabledPages from '../../../spec-constants/disabled-pages.json'
import type { ApiSchemas } from '@/lib/api/client'

// The SPEC §3 page keys are written once, in spec-constants/disabled-pages.json, which the BFF and
// the SQL check read too (scripts/tests/test_page_keys.py fails when any of them disagrees).

/** A page key as a literal type: from the BFF's OpenAPI document, generated from the same file. */
export type PageKey = ApiSchemas['PageState']['page_key']

/** Keys of the admin's disabled-pages map, in the SPEC's order. */
export const PAGE_KEYS = disabledPages.page_keys as readonly PageKey[]

/** Shown on a disabled page that has no reason of its own (SPEC §3, word for word). */
export const DEFAULT_DISABLED_MESSAGE: string = disabledPages.default_message
