// The per-day chart of a link's statistics: uPlot (a maintained, ~50 KB canvas chart), in its own
// chunk, loaded only when a link's statistics are opened. The table beside it carries the same
// numbers for screen readers and keyboards.
import 'uplot/dist/uPlot.min.css'
import { useEffect, useRef, useState } from 'react'
import uPlot from 'uplot'

const HEIGHT = 220
const HALF_DAY = 12 * 60 * 60 // seconds: room for the first and the last day's bar, drawn centred on its day
const BAR = '#6366f1' // indigo-500, readable on both themes

function options(width: number, daily: readonly { day: string; clicks: number }[]): uPlot.Options {
  const ink = getComputedStyle(document.documentElement).color
  const grid = { stroke: 'rgba(127, 127, 127, 0.2)', width: 1 }
  const most = Math.max(1, ...daily.map((d) => d.clicks))
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { show: false },
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'), // the days are UTC days
    scales: { x: { time: true, range: (_plot, first, last) => [first - HALF_DAY, last + HALF_DAY] }, y: { range: [0, Math.ceil(most * 1.15)] } },
    axes: [
      { stroke: ink, grid, ticks: grid, space: 60 },
      { stroke: ink, grid, ticks: grid, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000], size: 48 },
    ],
    series: [{}, { label: 'Clicks', stroke: BAR, fill: 'rgba(99, 102, 241, 0.55)', width: 1, points: { show: false }, paths: uPlot.paths.bars!({ size: [0.7, 48] }) }],
  }
}

export default function ClicksChart({ daily }: { daily: readonly { day: string; clicks: number }[] }) {
  const box = useRef<HTMLDivElement>(null)
  const [drawable] = useState(() => typeof document !== 'undefined' && document.createElement('canvas').getContext('2d') !== null)
  const [dark, setDark] = useState(() => document.documentElement.classList.contains('dark'))

  // The axes take the page's text colour: draw again when the theme changes.
  useEffect(() => {
    const watcher = new MutationObserver(() => setDark(document.documentElement.classList.contains('dark')))
    watcher.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] })
    return () => watcher.disconnect()
  }, [])

  useEffect(() => {
    const element = box.current
    if (!element || !drawable) return
    const xs = daily.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000)
    const plot = new uPlot(options(element.clientWidth || 600, daily), [xs, daily.map((d) => d.clicks)], element)
    element.dataset.days = String(daily.length) // the period drawn (a new one is drawn a frame after it arrives)
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }))
    resize.observe(element)
    return () => {
      resize.disconnect()
      plot.destroy()
    }
  }, [daily, drawable, dark])

  if (!drawable) return null
  return <div ref={box} className="w-full overflow-hidden" aria-hidden data-testid="clicks-chart" />
}
