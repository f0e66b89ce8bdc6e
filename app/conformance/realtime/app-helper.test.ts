/**
 * The app's subscription helper (src/lib/realtime.ts) against the stack: it reports the subscription
 * live, passes on the changes the user may see, and stops them when unsubscribed.
 */
import { expect, it } from 'vitest'

import { subscribeToTable, type SubscriptionStatus, type TableChange } from '../../src/lib/realtime'
import { signedInUser } from '../auth/support/clients'
import { query, sql, subscribe } from './support'

it('subscribeToTable reports live, withholds another user\'s grant, delivers the user\'s own, and stops on unsubscribe', async () => {
  const user = await signedInUser()
  const changes: TableChange[] = []
  const statuses: SubscriptionStatus[] = []
  let unsubscribe: () => void = () => undefined
  await new Promise<void>((resolve) => {
    unsubscribe = subscribeToTable(user.client, { table: 'user_roles' }, (c) => changes.push(c), (status) => {
      statuses.push(status)
      if (status === 'live') resolve()
    })
  })

  // Not yet an admin, the user may not see another user's grant. Absence is checked by a later change:
  // the row's DELETE reaches every subscriber (a deleted row cannot be checked against the policies).
  const other = await signedInUser()
  await sql('insert into public.user_roles (user_id) values ($1)', [other.userId])
  const otherRowId = Number((await query('select id from public.user_roles where user_id = $1', [other.userId]))[0].id)
  await sql('delete from public.user_roles where user_id = $1', [other.userId])
  const otherDeleted = () => changes.some((c) => c.eventType === 'DELETE' && c.old.id === otherRowId)
  for (let i = 0; i < 100 && !otherDeleted(); i++) await new Promise((r) => setTimeout(r, 10))
  expect(otherDeleted()).toBe(true)

  // The grant makes the user an admin, who may read every row ("admins read all"): grants that other
  // tests make from then on reach the user too, so only the user's own is looked for among them.
  await sql('insert into public.user_roles (user_id) values ($1)', [user.userId])
  const grantsOf = (userId: string) => changes.filter((c) => c.eventType === 'INSERT' && c.new.user_id === userId)
  for (let i = 0; i < 100 && grantsOf(user.userId).length === 0; i++) await new Promise((r) => setTimeout(r, 10))
  expect(grantsOf(user.userId)).toHaveLength(1)
  expect(grantsOf(other.userId)).toEqual([])
  const rowId = Number((await query('select id from public.user_roles where user_id = $1', [user.userId]))[0].id)
  const deletion = (c: TableChange) => c.eventType === 'DELETE' && c.old.id === rowId

  // A second channel keeps the client's socket open, so the helper's channel would still get the next
  // change had unsubscribing left it joined; changes come over the socket in commit order, so once the
  // probe has it, the helper's channel would have had it too.
  const probe = await subscribe(user.client, [{ event: '*', schema: 'public', table: 'user_roles' }])
  unsubscribe()
  for (let i = 0; i < 100 && !statuses.includes('down'); i++) await new Promise((r) => setTimeout(r, 10))
  expect(statuses).toEqual(['live', 'down'])
  expect(user.client.getChannels()).toEqual([probe.channel])

  await sql('delete from public.user_roles where user_id = $1', [user.userId])
  await probe.change(deletion, 'the deletion, on the probe')
  expect(changes.filter(deletion)).toEqual([])
})
