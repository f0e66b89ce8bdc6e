import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { listMyLinks } from '@/features/auth/api/list-my-links'
import { listMyPastes } from '@/features/auth/api/list-my-pastes'
import { MyLinks, MyPastes } from '@/features/auth/dashboard/my-items'

vi.mock('@/features/auth/api/list-my-links', () => ({ listMyLinks: vi.fn() }))
vi.mock('@/features/auth/api/list-my-pastes', () => ({ listMyPastes: vi.fn() }))

describe('dashboard lists', () => {
  it('shows my short links with their clicks, asked for with my token', async () => {
    vi.mocked(listMyLinks).mockResolvedValue({
      total: 2,
      links: [
        { id: '1', short_code: 'abc', short_url: 'https://t.example/s/abc', original_url: 'https://example.com/a', clicks: 1, status: 'active', created_at: '' },
        { id: '2', short_code: 'def', short_url: 'https://t.example/s/def', original_url: 'https://example.com/b', clicks: 7, status: 'active', created_at: '' },
      ],
    })
    render(<MemoryRouter><MyLinks accessToken="tok" /></MemoryRouter>)
    expect(await screen.findByText('https://t.example/s/abc')).toBeInTheDocument()
    expect(screen.getByText('1 click')).toBeInTheDocument()
    expect(screen.getByText('7 clicks')).toBeInTheDocument()
    expect(listMyLinks).toHaveBeenCalledWith('tok')
  })

  it('shows my pastes, or says there are none, or that loading failed', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    vi.mocked(listMyPastes).mockResolvedValueOnce([{ id: 'p1', title: '', privacy: 'private', views: 3, likes: 0, created_at: '' }])
    const first = render(<MemoryRouter><MyPastes accessToken="tok" /></MemoryRouter>)
    expect(await screen.findByRole('link', { name: 'Untitled' })).toHaveAttribute('href', '/paste/p1')
    expect(screen.getByText('3 views · private')).toBeInTheDocument()
    first.unmount()

    vi.mocked(listMyPastes).mockResolvedValueOnce([])
    const second = render(<MemoryRouter><MyPastes accessToken="tok" /></MemoryRouter>)
    expect(await screen.findByText('No pastes yet.')).toBeInTheDocument()
    second.unmount()

    vi.mocked(listMyPastes).mockRejectedValueOnce(new Error('503'))
    render(<MemoryRouter><MyPastes accessToken="tok" /></MemoryRouter>)
    expect(await screen.findByText('Couldn’t load this right now.')).toBeInTheDocument()
  })
})
