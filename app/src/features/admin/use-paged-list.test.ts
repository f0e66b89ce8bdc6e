import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { usePagedList, type PageQuery } from '@/features/admin/use-paged-list'

/** A load whose answers the test gives, in the order it chooses. */
function heldLoads() {
  const asked: { query: PageQuery; answer: (items: string[]) => void }[] = []
  const load = (query: PageQuery) => new Promise<string[]>((resolve) => asked.push({ query, answer: resolve }))
  return { asked, load }
}

describe('an admin list page', () => {
  it('shows the answer to the latest search', async () => {
    const { asked, load } = heldLoads()
    const { result } = renderHook(() => usePagedList(load, 20))
    act(() => result.current.find('  bob  '))
    await waitFor(() => expect(asked.map((request) => request.query.q)).toEqual(['', 'bob']))
    await act(async () => asked[1]!.answer(['bob@example.com']))
    await act(async () => asked[0]!.answer(['alice@example.com', 'bob@example.com']))  // late: ignored
    expect(result.current.page).toEqual(['bob@example.com'])
  })

  it('keeps a delete made while a search was on its way: that search is asked again, its first answer dropped', async () => {
    const { asked, load } = heldLoads()
    const { result } = renderHook(() => usePagedList(load, 20))
    await waitFor(() => expect(asked).toHaveLength(1))
    await act(async () => asked[0]!.answer(['spam link', 'other link']))

    act(() => result.current.find('spam'))
    await waitFor(() => expect(asked).toHaveLength(2))
    // The delete answered before the search did: the list drops the item at once...
    act(() => result.current.setPage((items) => items?.filter((item) => item !== 'spam link')))
    expect(result.current.page).toEqual(['other link'])
    await waitFor(() => expect(asked).toHaveLength(3))
    expect(asked[2]!.query.q).toBe('spam')
    // ...and the search's answer, read by the server before the delete, does not bring it back.
    await act(async () => asked[1]!.answer(['spam link']))
    expect(result.current.page).toEqual(['other link'])
    await act(async () => asked[2]!.answer([]))
    expect(result.current.page).toEqual([])
  })

  it('asks nothing more for a change made while no load is on its way', async () => {
    const { asked, load } = heldLoads()
    const { result } = renderHook(() => usePagedList(load, 20))
    await waitFor(() => expect(asked).toHaveLength(1))
    await act(async () => asked[0]!.answer(['a', 'b']))
    act(() => result.current.setPage(['b']))
    expect(result.current.page).toEqual(['b'])
    await act(async () => {})
    expect(asked).toHaveLength(1)
  })
})
