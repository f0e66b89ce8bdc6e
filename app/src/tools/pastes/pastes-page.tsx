import { PasteListPage } from '@/features/pastes/paste-list-page'

// The registry's entry point for /pastes; the pastes feature owns the list.
export default function PastesPage() {
  return <PasteListPage />
}
