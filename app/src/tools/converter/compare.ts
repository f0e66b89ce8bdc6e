// The compare slider's keyboard: where the split goes for a key (percent of the width from the left).
export const COMPARE_START = 50

/** Arrows move 1 % (Shift: 10 %), PageUp/PageDown 10 %, Home/End to the edges; null for other keys. */
export function comparePosition(current: number, key: string, shift: boolean): number | null {
  const step = shift ? 10 : 1
  const next: Record<string, number> = {
    ArrowLeft: current - step,
    ArrowDown: current - step,
    ArrowRight: current + step,
    ArrowUp: current + step,
    PageDown: current - 10,
    PageUp: current + 10,
    Home: 0,
    End: 100,
  }
  const value = next[key]
  return value === undefined ? null : Math.min(100, Math.max(0, value))
}

/** Whether converting to this target gives a picture the browser can show beside the original. */
export function comparable(target: string): boolean {
  return ['png', 'jpeg', 'webp', 'avif', 'gif', 'bmp'].includes(target)
}
