import { describe, expect, it } from 'vitest'
import { labelCenter } from './chart-plot'

describe('x label placement', () => {
  it('keeps a label centred on its bucket unless that would cross an edge', () => {
    // A plot from -60 to 520 (its margins): a 70-wide label needs 35 either side.
    expect(labelCenter(200, 70, -60, 520)).toBe(200)
    expect(labelCenter(500, 70, -60, 520)).toBe(485)
    expect(labelCenter(-50, 70, -60, 520)).toBe(-25)
    expect(labelCenter(485, 70, -60, 520)).toBe(485)
  })
})
