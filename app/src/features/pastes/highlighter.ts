// Syntax highlighting with highlight.js (core plus the picker's languages only). This module is
// loaded lazily by the paste pages, so none of it is part of the initial bundle of "/".
import hljs from 'highlight.js/lib/core'
import bash from 'highlight.js/lib/languages/bash'
import c from 'highlight.js/lib/languages/c'
import cpp from 'highlight.js/lib/languages/cpp'
import csharp from 'highlight.js/lib/languages/csharp'
import css from 'highlight.js/lib/languages/css'
import diff from 'highlight.js/lib/languages/diff'
import go from 'highlight.js/lib/languages/go'
import java from 'highlight.js/lib/languages/java'
import javascript from 'highlight.js/lib/languages/javascript'
import json from 'highlight.js/lib/languages/json'
import kotlin from 'highlight.js/lib/languages/kotlin'
import markdown from 'highlight.js/lib/languages/markdown'
import php from 'highlight.js/lib/languages/php'
import plaintext from 'highlight.js/lib/languages/plaintext'
import python from 'highlight.js/lib/languages/python'
import ruby from 'highlight.js/lib/languages/ruby'
import rust from 'highlight.js/lib/languages/rust'
import sql from 'highlight.js/lib/languages/sql'
import typescript from 'highlight.js/lib/languages/typescript'
import xml from 'highlight.js/lib/languages/xml'
import yaml from 'highlight.js/lib/languages/yaml'
import '@/features/pastes/highlight-theme.css'

const languages = { bash, c, cpp, csharp, css, diff, go, java, javascript, json, kotlin, markdown, php, plaintext, python, ruby, rust, sql, typescript, xml, yaml }
for (const [name, definition] of Object.entries(languages)) hljs.registerLanguage(name, definition)

/** Beyond this the editor shows plain text: highlighting half a megabyte on every keystroke lags. */
export const HIGHLIGHT_LIMIT = 100_000

/** HTML with `hljs-*` spans; highlight.js escapes the text, so the result is safe to inject. */
export function highlightToHtml(code: string, language: string): string {
  const known = hljs.getLanguage(language) ? language : 'plaintext'
  return hljs.highlight(code, { language: known, ignoreIllegals: true }).value
}
