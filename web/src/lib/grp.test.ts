import { describe, expect, it } from 'vitest'
import { formatGrp } from './grp'

describe('formatGrp', () => {
  it('shows 3 decimals unless the 4th is needed', () => {
    expect(formatGrp(165.825)).toBe('165.825')
    expect(formatGrp(40)).toBe('40.000')
    expect(formatGrp(103.6406)).toBe('103.6406')
    expect(formatGrp(-97.1406)).toBe('-97.1406')
    expect(formatGrp(0.0001)).toBe('0.0001')
  })

  it('shows the exact figure, not a float artefact, and never −0', () => {
    // 0.1 + 0.2 in JavaScript is 0.30000000000000004: still 0.300.
    expect(formatGrp(0.1 + 0.2)).toBe('0.300')
    expect(formatGrp(-0.00001)).toBe('0.000')
  })

  it('shows the placeholder for a missing figure', () => {
    expect(formatGrp(null)).toBe('—')
    expect(formatGrp(undefined, '-')).toBe('-')
    expect(formatGrp(Number.NaN)).toBe('—')
  })
})
