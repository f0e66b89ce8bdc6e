// Newest first. Each release lists user-visible changes only.
export interface ChangelogEntry {
  version: string
  date: string
  title: string
  changes: readonly { type: 'added' | 'improved' | 'fixed'; text: string }[]
}

export const changelogEntries: readonly ChangelogEntry[] = [
  {
    version: '0.1.0',
    date: '2025-06-01',
    title: 'A new home for every tool',
    changes: [
      { type: 'added', text: 'Home page with featured and recently used tools.' },
      { type: 'added', text: 'All tools page, searchable and grouped by category.' },
      { type: 'added', text: 'Quick tool search with Ctrl K / ⌘K from any page.' },
      { type: 'added', text: 'Light, dark and system themes that follow you across tabs.' },
      { type: 'added', text: 'Install on iPhone and iPad home screens; the app opens offline.' },
      { type: 'improved', text: 'Faster first load: each tool downloads only when you open it.' },
    ],
  },
  {
    version: '0.0.1',
    date: '2025-05-01',
    title: 'Preview',
    changes: [{ type: 'added', text: 'First internal preview of the toolkit.' }],
  },
]
