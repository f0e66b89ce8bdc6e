import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Slider } from '@/components/ui/slider'

describe('Slider', () => {
  it('is a slider a screen reader names, with its value and bounds, and a move reaches the page', () => {
    const moved = vi.fn()
    function Length() {
      const [length, setLength] = useState([20])
      return <Slider value={length} min={8} max={64} onValueChange={(next) => { moved(next); setLength(next) }} thumbLabel="Length" />
    }
    render(<Length />)
    const slider = screen.getByRole('slider', { name: 'Length' })
    expect(slider).toHaveValue('20')
    expect(slider).toHaveAttribute('min', '8')
    expect(slider).toHaveAttribute('max', '64')
    fireEvent.input(slider, { target: { value: '36' } })
    expect(moved).toHaveBeenLastCalledWith([36])
    expect(slider).toHaveValue('36')
    // The track is filled up to the thumb: (36 - 8) / (64 - 8).
    expect(slider.style.getPropertyValue('--slider-filled')).toBe('0.5')
  })

  it('keeps its own value when the page does not hold it', () => {
    const moved = vi.fn()
    render(<Slider defaultValue={[3]} max={10} onValueChange={moved} thumbLabel="Copies" />)
    const slider = screen.getByRole('slider', { name: 'Copies' })
    expect(slider).toHaveValue('3')
    fireEvent.input(slider, { target: { value: '7' } })
    expect(moved).toHaveBeenLastCalledWith([7])
    expect(slider.style.getPropertyValue('--slider-filled')).toBe('0.7')
  })
})
