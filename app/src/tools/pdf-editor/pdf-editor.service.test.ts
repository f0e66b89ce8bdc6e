import { describe, expect, it } from 'vitest'
import { formatPageList, hasEdits, moveTile, planEdits, rangesError, rotateTiles, suffixedName, tilesFor, turn } from '@/tools/pdf-editor/pdf-editor.service'

describe('moving and turning tiles', () => {
  it('moves a tile to a new index and leaves the others in order', () => {
    expect(moveTile(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c'])
    expect(moveTile(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd'])
    expect(moveTile(['a', 'b'], 1, 9)).toEqual(['a', 'b'])
  })

  it('turns by quarter turns in both directions and wraps around', () => {
    expect(turn(0, -90)).toBe(270)
    expect(turn(270, 90)).toBe(0)
    expect(turn(90, 180)).toBe(270)
  })

  it('rotates the one page asked for, or every selected page', () => {
    const tiles = tilesFor(0, 3).map((tile, index) => ({ ...tile, selected: index !== 1 }))
    expect(rotateTiles(tiles, 90, '0:2').map((tile) => tile.rotation)).toEqual([0, 90, 0])
    expect(rotateTiles(tiles, -90).map((tile) => tile.rotation)).toEqual([270, 0, 270])
  })
})

describe('formatPageList', () => {
  it('joins runs into ranges and keeps the order given', () => {
    expect(formatPageList([1, 2, 3, 5, 8, 9])).toBe('1-3,5,8-9')
    expect(formatPageList([4, 1, 2, 3])).toBe('4,1-3')
    expect(formatPageList([7])).toBe('7')
    expect(formatPageList([])).toBe('')
  })
})

describe('planEdits', () => {
  it('asks for nothing when one file is untouched', () => {
    const plan = planEdits(tilesFor(0, 4), [4])
    expect(plan).toEqual({ merge: false, keep: null, rotations: null })
    expect(hasEdits(plan)).toBe(false)
  })

  it('turns a reorder, a delete and a rotation into one extract and one rotate numbered after the extract', () => {
    let tiles = moveTile(tilesFor(0, 4), 3, 0) // 4,1,2,3
    tiles = tiles.filter((tile) => tile.page !== 2) // 4,1,3
    tiles = rotateTiles(tiles, 90, '0:4')
    tiles = rotateTiles(tiles, -90, '0:3')
    expect(planEdits(tiles, [4])).toEqual({ merge: false, keep: '4,1,3', rotations: '{"1":90,"3":270}' })
  })

  it('numbers pages through every merged file', () => {
    const tiles = [...tilesFor(0, 2), ...tilesFor(1, 3)]
    expect(planEdits(tiles, [2, 3])).toEqual({ merge: true, keep: null, rotations: null })
    expect(planEdits([tiles[2]!, tiles[0]!], [2, 3]).keep).toBe('3,1')
  })
})

describe('rangesError', () => {
  it('accepts pages, ranges and open ends within the document', () => {
    expect(rangesError('1-3,5', 5)).toBeNull()
    expect(rangesError('4-', 10)).toBeNull()
    expect(rangesError(' 2 ', 2)).toBeNull()
  })

  it('names the part that is wrong', () => {
    expect(rangesError('', 3)).toBe('Enter pages like 1-3,5')
    expect(rangesError('1,,2', 3)).toBe('Enter pages like 1-3,5')
    expect(rangesError('1-x', 3)).toBe('"1-x" is not a page or range')
    expect(rangesError('2-9', 3)).toBe('"2-9" is outside 1-3')
    expect(rangesError('3-1', 3)).toBe('"3-1" is outside 1-3')
  })
})

it('suffixes the name before the extension', () => {
  expect(suffixedName('Report.PDF', '-edited')).toBe('Report-edited.pdf')
})
