/**
 * The app's subscription helper (src/lib/realtime.ts) against the stack: it reports the subscription
 * live, passes on the changes the user may see, and stops them when unsubscribed.
 */
import { expect, it } from 'vitest'

import { subscribeToTable, type SubscriptionStatus, type TableChange } from '../../src/lib/realtime'
import { signedInUser } from '../auth/support/clients'
import { sql } from './support'

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
  for (let i = 0; i < 100 && changes.length === 0; i++) await new Promise((r) => setTimeout(r, 10))
  expect(changes.map((c) => [c.eventType, c.new.user_id])).toEqual([['INSERT', user.userId]])

  unsubscribe()
  for (let i = 0; i < 100 && !statuses.includes('down'); i++) await new Promise((r) => setTimeout(r, 10))
  expect(statuses).toEqual(['live', 'down'])
  expect(user.client.getChannels()).toEqual([])
})
