/**
 * The app's subscription helper (src/lib/realtime.ts) against the stack: it reports the subscription
 * live, passes on the changes the user may see, and stops them when unsubscribed.
 */
import { expect, it } from 'vitest'

import { subscribeToTable, type SubscriptionStatus, type TableChange } from '../../src/lib/realtime'
import { signedInUser } from '../auth/support/clients'
import { query, sql, subscribe } from './support'

it('subscribeToTable reports live, delivers the user\'s own admin grant, and stops on unsubscribe', async () => {
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

  await sql('insert into public.user_roles (user_id) values ($1)', [user.userId])
  const inserts = () => changes.filter((c) => c.eventType === 'INSERT')
  for (let i = 0; i < 100 && inserts().length === 0; i++) await new Promise((r) => setTimeout(r, 10))
  expect(inserts().map((c) => c.new.user_id)).toEqual([user.userId])
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
