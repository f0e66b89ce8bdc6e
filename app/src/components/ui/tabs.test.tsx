import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'

function Modes({ onChange, disabled }: { onChange?: (value: string) => void; disabled?: string }) {
  return (
    <Tabs defaultValue="text" onValueChange={onChange}>
      <TabsList aria-label="Content type">
        {['text', 'url', 'wifi'].map((value) => (
          <TabsTrigger key={value} value={value} disabled={value === disabled}>
            {value}
          </TabsTrigger>
        ))}
      </TabsList>
      {['text', 'url', 'wifi'].map((value) => (
        <TabsContent key={value} value={value}>
          {`${value} fields`}
        </TabsContent>
      ))}
    </Tabs>
  )
}

describe('Tabs', () => {
  it('ties each tab to its panel, shows only the selected panel, and makes the selected tab the one tab stop', () => {
    render(<Modes />)
    const tabs = screen.getAllByRole('tab')
    expect(screen.getByRole('tablist', { name: 'Content type' })).toHaveAttribute('aria-orientation', 'horizontal')
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('aria-selected'), tab.tabIndex, tab.dataset.state])).toEqual([
      ['text', 'true', 0, 'active'],
      ['url', 'false', -1, 'inactive'],
      ['wifi', 'false', -1, 'inactive'],
    ])
    const panel = screen.getByRole('tabpanel', { name: 'text' })
    expect(panel).toHaveTextContent('text fields')
    expect(tabs[0]).toHaveAttribute('aria-controls', panel.id)
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1)
  })

  it('selects by click, by arrows (looping, focus following) and by Home and End, each change told once', async () => {
    const user = userEvent.setup()
    const changed = vi.fn()
    render(<Modes onChange={changed} />)
    await user.click(screen.getByRole('tab', { name: 'url' }))
    expect(screen.getByRole('tabpanel')).toHaveTextContent('url fields')
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'wifi' })).toHaveFocus()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'text' })).toHaveFocus()
    await user.keyboard('{ArrowLeft}')
    await user.keyboard('{Home}')
    await user.keyboard('{End}')
    expect(changed.mock.calls).toEqual([['url'], ['wifi'], ['text'], ['wifi'], ['text'], ['wifi']])
    expect(screen.getByRole('tabpanel')).toHaveTextContent('wifi fields')
    // Tab leaves the list for the panel: the list is one stop.
    await user.tab()
    expect(screen.getByRole('tabpanel')).toHaveFocus()
  })

  it('skips a disabled tab, and a click on it changes nothing', async () => {
    const user = userEvent.setup()
    const changed = vi.fn()
    render(<Modes onChange={changed} disabled="url" />)
    await user.click(screen.getByRole('tab', { name: 'url' }))
    expect(changed).not.toHaveBeenCalled()
    await user.click(screen.getByRole('tab', { name: 'text' }))
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'wifi' })).toHaveFocus()
    expect(changed.mock.calls).toEqual([['wifi']])
  })

  it('follows a controlled value, and asks its owner to change it', async () => {
    function Controlled() {
      const [mode, setMode] = useState('password')
      return (
        <>
          <output>{mode}</output>
          <Tabs value={mode} onValueChange={setMode}>
            <TabsList>
              <TabsTrigger value="password">Password</TabsTrigger>
              <TabsTrigger value="passphrase">Passphrase</TabsTrigger>
            </TabsList>
            <TabsContent value="passphrase">Words</TabsContent>
          </Tabs>
        </>
      )
    }
    const user = userEvent.setup()
    render(<Controlled />)
    expect(screen.queryByRole('tabpanel')).toBeNull()
    await user.click(screen.getByRole('tab', { name: 'Passphrase' }))
    expect(screen.getByRole('status')).toHaveTextContent('passphrase')
    expect(screen.getByRole('tabpanel', { name: 'Passphrase' })).toHaveTextContent('Words')
  })
})
