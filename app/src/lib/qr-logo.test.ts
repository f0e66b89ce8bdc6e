/// <reference types="node" />
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { encode } from 'uqr'
import { describe, expect, it } from 'vitest'
import { PNG_MODULE_PIXELS, qrWithLogo } from '@/lib/qr-logo'

// The logo the app fetches from its own origin: the favicon.
const LOGO = readFileSync(resolve(__dirname, '../../public/favicon.svg'), 'utf8')

function frameOf(svg: string) {
  const [, x, y, size] = /<rect x="([\d.]+)" y="([\d.]+)" width="(\d+)" height="\d+" fill="#ffffff"\/>/.exec(svg) ?? []
  return { x: Number(x), y: Number(y), size: Number(size) }
}

// Scanning is checked for real in the browser (the e2e tests decode the PNG and the SVG with zbarimg).
describe('QR codes with the logo', () => {
  it.each(['http://localhost:8000/s/Ab3dEf9', `https://toolkit.example/paste/AbCdEfGh23#${'k'.repeat(43)}`])('use error correction H for %s, with the code\'s own modules', (value) => {
    const code = qrWithLogo(value, LOGO)
    expect(code.modules).toBe(encode(value, { ecc: 'H', border: 4 }).data.length)
    expect(code.svg).toContain(`width="${code.modules * PNG_MODULE_PIXELS}"`)
  })

  it('covers a small, centred square: far less than the 30 % level H restores', () => {
    const code = qrWithLogo('https://toolkit.example/s/launch-day', LOGO)
    const frame = frameOf(code.svg)
    const symbol = code.modules - 8
    expect(frame.x).toBe(frame.y)
    expect(frame.x * 2 + frame.size).toBe(code.modules)
    expect((frame.size * frame.size) / (symbol * symbol)).toBeLessThan(0.07)
  })

  it('draws the favicon inside, its ids made its own', () => {
    const { svg } = qrWithLogo('https://toolkit.example/s/x', LOGO)
    expect(svg).toContain('viewBox="0 0 64 64"')
    expect(svg).toContain('id="qr-logo-g"')
    expect(svg).toContain('url(#qr-logo-g)')
    expect(svg).not.toMatch(/id="g"/)
  })

  it('stays a plain code when no logo could be had', () => {
    const { svg } = qrWithLogo('https://toolkit.example/s/x', '')
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
    expect(svg.endsWith('</svg>')).toBe(true)
  })
})
