import { describe, expect, it, vi } from 'vitest'
import { INCIDENT_LOG_KEY, INCIDENT_LOG_LIMIT, INCIDENT_RETENTION_MS, readIncidents, recordIncident } from '@/features/security/incident-log'

const DAY = 24 * 60 * 60 * 1000
const NOW = Date.parse('2026-11-23T12:00:00Z')

describe('security incident log', () => {
  it('records code, time and page, newest last', () => {
    recordIncident('DEVTOOLS_OPEN', undefined, NOW - 1000)
    recordIncident('IFRAME_DETECTED', 'framed by example.org', NOW)
    const log = readIncidents(NOW)
    expect(log.map((entry) => entry.code)).toEqual(['DEVTOOLS_OPEN', 'IFRAME_DETECTED'])
    expect(log[1]).toEqual({ code: 'IFRAME_DETECTED', at: new Date(NOW).toISOString(), path: '/', detail: 'framed by example.org' })
  })

  it('keeps only the last 50 entries', () => {
    for (let index = 0; index < INCIDENT_LOG_LIMIT + 7; index++) recordIncident('SYSTEM_ERROR', `failure ${index}`, NOW + index)
    const log = readIncidents(NOW + 100)
    expect(log).toHaveLength(50)
    expect(log[0]?.detail).toBe('failure 7')
    expect(log.at(-1)?.detail).toBe('failure 56')
    expect(JSON.parse(localStorage.getItem(INCIDENT_LOG_KEY) ?? '[]')).toHaveLength(50)
  })

  it('drops entries older than 7 days, on reading and on the next write', () => {
    recordIncident('AUTOMATION_DETECTED', undefined, NOW - 8 * DAY)
    recordIncident('UNKNOWN_ERROR', undefined, NOW - 6 * DAY)
    expect(readIncidents(NOW).map((entry) => entry.code)).toEqual(['UNKNOWN_ERROR'])
    expect(readIncidents(NOW - 6 * DAY + INCIDENT_RETENTION_MS)).toEqual([])

    recordIncident('DEVTOOLS_OPEN', undefined, NOW)
    const stored = JSON.parse(localStorage.getItem(INCIDENT_LOG_KEY) ?? '[]') as { code: string }[]
    expect(stored.map((entry) => entry.code)).toEqual(['UNKNOWN_ERROR', 'DEVTOOLS_OPEN'])
  })

  it('ignores unreadable or foreign entries instead of failing', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    localStorage.setItem(INCIDENT_LOG_KEY, JSON.stringify([{ code: 'MADE_UP', at: new Date(NOW).toISOString(), path: '/' }, { code: 'SYSTEM_ERROR', at: 'yesterday', path: '/' }, 42]))
    expect(readIncidents(NOW)).toEqual([])
    localStorage.setItem(INCIDENT_LOG_KEY, '{not json')
    expect(readIncidents(NOW)).toEqual([])
    recordIncident('SYSTEM_ERROR', undefined, NOW)
    expect(readIncidents(NOW)).toHaveLength(1)
  })
})
