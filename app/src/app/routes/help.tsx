import { LifeBuoy, Mail, MousePointerClick, Search, Share2 } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { PageContainer } from '@/components/page-container'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { HelpApi } from '@/app/routes/help-api'
import { appName, config } from '@/config'
import { notify } from '@/lib/notify'
import { usePageMetadata } from '@/lib/seo/use-page-metadata'

const STEPS = [
  { icon: Search, title: 'Find a tool', text: 'Browse all tools, or press Ctrl K (⌘K on a Mac) anywhere to search by name or keyword.' },
  { icon: MousePointerClick, title: 'Use it', text: 'Paste text or drop in a file. Most tools work right away; a few need an account.' },
  { icon: Share2, title: 'Keep the result', text: 'Copy, download or share what you made. Recently used tools appear on the home page.' },
] as const

/** Builds the mailto: link; the visitor's own mail app sends the message. */
export function buildContactMailto(to: string, fields: { name: string; email: string; subject: string; message: string }): string {
  const subject = fields.subject.trim() || `Help request from ${fields.name.trim() || 'a visitor'}`
  const body = `${fields.message.trim()}\n\n— ${fields.name.trim()}${fields.email.trim() ? ` <${fields.email.trim()}>` : ''}`
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`
}

export default function HelpPage() {
  usePageMetadata({
    title: 'Help and support',
    description: `How to use ${appName}, and how to reach us.`,
    keywords: ['help', 'support', 'contact'],
    path: '/help',
  })
  const [fields, setFields] = useState({ name: '', email: '', subject: '', message: '' })
  const update = (key: keyof typeof fields) => (event: { target: { value: string } }) => setFields((current) => ({ ...current, [key]: event.target.value }))

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    notify.info('Opening your mail app…', `Your message is addressed to ${config.supportEmail}.`)
    window.location.href = buildContactMailto(config.supportEmail, fields)
  }

  return (
    <PageContainer>
      <PageHeader title="Help and support" description="New here? This is how the toolkit works, and how to reach us when something doesn’t." icon={LifeBuoy} />
      <section aria-labelledby="how-to" className="mb-12">
        <h2 id="how-to" className="mb-4 text-xl font-semibold tracking-tight">
          How to use the toolkit
        </h2>
        <ol className="grid gap-4 md:grid-cols-3">
          {STEPS.map(({ icon: Icon, title, text }, index) => (
            <li key={title}>
              <Card className="h-full">
                <CardHeader>
                  <span className="flex size-9 items-center justify-center rounded-lg bg-primary/10 text-primary">
                    <Icon className="size-5" aria-hidden />
                  </span>
                  <CardTitle level={3} className="text-base">
                    {index + 1}. {title}
                  </CardTitle>
                  <CardDescription>{text}</CardDescription>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ol>
        <p className="mt-4 text-sm text-muted-foreground">
          Looking for quick answers? Read the{' '}
          <Link to="/faq" className="text-primary hover:underline">
            frequently asked questions
          </Link>
          .
        </p>
      </section>

      <HelpApi />

      <section aria-labelledby="contact" className="max-w-2xl">
        <Card variant="glass">
          <CardHeader>
            <CardTitle id="contact" className="flex items-center gap-2">
              <Mail className="size-5 text-primary" aria-hidden />
              Contact us
            </CardTitle>
            <CardDescription>Sending opens your mail app with the message filled in; nothing is sent until you press send there.</CardDescription>
          </CardHeader>
          <CardContent>
            <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
              <div className="flex flex-col gap-2">
                <Label htmlFor="contact-name">Name</Label>
                <Input id="contact-name" autoComplete="name" required value={fields.name} onChange={update('name')} />
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor="contact-email">Email</Label>
                <Input id="contact-email" type="email" autoComplete="email" value={fields.email} onChange={update('email')} />
              </div>
              <div className="flex flex-col gap-2 sm:col-span-2">
                <Label htmlFor="contact-subject">Subject</Label>
                <Input id="contact-subject" value={fields.subject} onChange={update('subject')} />
              </div>
              <div className="flex flex-col gap-2 sm:col-span-2">
                <Label htmlFor="contact-message">Message</Label>
                <Textarea id="contact-message" required rows={5} value={fields.message} onChange={update('message')} />
              </div>
              <div className="sm:col-span-2">
                <Button type="submit">
                  <Mail aria-hidden />
                  Open in mail app
                </Button>
              </div>
            </form>
          </CardContent>
        </Card>
      </section>
    </PageContainer>
  )
}
