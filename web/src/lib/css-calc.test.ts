import { describe, expect, it } from 'vitest'
import reduceCSSCalc from './css-calc'

// The offsets @visx/text asks for, with reduce-css-calc's answers.
describe('reduceCSSCalc', () => {
  it('works out one-unit expressions, rounded to 5 decimals', () => {
    expect(reduceCSSCalc('calc(0.71em)')).toBe('0.71em')
    expect(reduceCSSCalc('calc(2 * -1em)')).toBe('-2em')
    expect(reduceCSSCalc('calc(0 * -1em)')).toBe('0em')
    expect(reduceCSSCalc('calc(0.5 * -1.2em + (0.71em / 2))')).toBe('-0.245em')
    expect(reduceCSSCalc('calc(1 * -1em + (0.3333em / 3))')).toBe('-0.8889em')
    expect(reduceCSSCalc('calc(-0.5 * -1 + (10 / 2))')).toBe('5.5')
  })

  // Found by the differential test against reduce-css-calc (css-calc.diff.test.tsx).
  it('works percentages in hundredths, so a bare number beside them is a whole', () => {
    expect(reduceCSSCalc('calc(50% * 50%)')).toBe('25%')
    expect(reduceCSSCalc('calc(0.5 * -1 + (71% / 2))')).toBe('-14.5%')
    expect(reduceCSSCalc('calc(1 * -120% + (0.71 / 2))')).toBe('-84.5%')
  })

  it('leaves several units to the browser, their one-unit groups worked out', () => {
    expect(reduceCSSCalc('calc(1.5 * -14px + (0.71em / 2))')).toBe('calc(1.5 * -14px + 0.355em)')
    expect(reduceCSSCalc('calc(1em + (1px / 3))')).toBe('calc(1em + 0.3333333333333333px)')
  })

  it('passes anything else through', () => {
    expect(reduceCSSCalc('12px')).toBe('12px')
    expect(reduceCSSCalc('calc(var(--x) * 2)')).toBe('calc(var(--x) * 2)')
    expect(reduceCSSCalc('calc(1em +)')).toBe('calc(1em +)')
  })
})
