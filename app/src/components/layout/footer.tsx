import { Link } from 'react-router'
import { appName } from '@/config'

const LINKS = [
  { to: '/help', label: 'Help' },
  { to: '/faq', label: 'FAQ' },
  { to: '/privacy-policy', label: 'Privacy' },
  { to: '/terms-of-service', label: 'Terms' },
  { to: '/changelog', label: 'Changelog' },
] as const

export function Footer() {
  return (
    <footer className="mt-auto border-t border-border/60 bg-background/60">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:justify-between sm:px-6">
        <p>
          © {new Date().getFullYear()} {appName}
        </p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap justify-center gap-x-5 gap-y-2">
            {LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="rounded-sm hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  )
}
