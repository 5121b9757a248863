import { render } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ChartPlot } from '@/features/dashboard/components/chart-plot'
import { curve, spot } from '@/testing/analysis-fixtures'
import { spotWindow } from '@/features/summary/components/analysis/analysis-model'
import SpotCurveChart from '@/features/summary/components/analysis/spot-curve-chart'
import reduceCSSCalc from './css-calc'

/*
 * Differential test: our stand-in for reduce-css-calc (vite.config.ts points @visx/text at it)
 * against reduce-css-calc 1.3 itself, kept as a devDependency and loaded past the alias with
 * Node's require. The expressions are the ones the app's charts make @visx/text build — recorded
 * while both charts render — and every expression @visx/text's templates give over its props.
 */

// Node's require resolves the package itself; through a variable, as the app's types leave Node out.
const nodeModule = 'node:module'
const { createRequire } = (await import(/* @vite-ignore */ nodeModule)) as { createRequire: (from: string) => (id: string) => unknown }
const real = createRequire(import.meta.url)('reduce-css-calc') as (value: string) => string

// Everything the charts ask of reduce-css-calc, on its way to our module.
const asked = vi.hoisted(() => new Set<string>())
vi.mock('reduce-css-calc', async (importOriginal) => {
  const ours = (await importOriginal()) as { default: (value: string) => string }
  return { default: (value: string) => (asked.add(value), ours.default(value)) }
})

/**
 * The line offset @visx/text 4.0.0 builds (hooks/useText.js, `startDy`) for a text of `lines`
 * lines: below its anchor by the cap height, centred on it, or ending at it (the default).
 */
function startDyExpression(verticalAnchor: 'start' | 'middle' | 'end', lines: number, lineHeight = '1em', capHeight = '0.71em') {
  if (verticalAnchor === 'start') return `calc(${capHeight})`
  if (verticalAnchor === 'middle') return `calc(${(lines - 1) / 2} * -${lineHeight} + (${capHeight} / 2))`
  return `calc(${lines - 1} * -${lineHeight})`
}

const LINE_HEIGHTS = ['1em', '1.2em', '1.15em', '0.9em', '0.6em', '1.3333em', '14px', '16.5px', '20px', '1', '1.5', '120%', '2rem']
const CAP_HEIGHTS = ['0.71em', '0.5em', '0.75em', '0.3333em', '8px', '10.5px', '0.71', '71%']

function generated(): string[] {
  const out = new Set<string>()
  for (const anchor of ['start', 'middle', 'end'] as const)
    for (let lines = 1; lines <= 12; lines++)
      for (const lineHeight of LINE_HEIGHTS) for (const capHeight of CAP_HEIGHTS) out.add(startDyExpression(anchor, lines, lineHeight, capHeight))
  return [...out]
}

/*
 * Where ours answers otherwise on purpose (docs/decisions.md "Differential tests"): a
 * division by zero. reduce-css-calc writes the JavaScript result into the CSS ('Infinityem',
 * 'NaN'), which no browser reads; ours leaves the calc() to the browser. @visx/text only ever
 * divides by 2.
 */
const INTENDED = ['calc(2em / 0): ours calc(2em / 0), reduce-css-calc Infinityem', 'calc(0 / 0): ours calc(0 / 0), reduce-css-calc NaN']

const compare = (expressions: string[]) => expressions.filter((e) => reduceCSSCalc(e) !== real(e)).map((e) => `${e}: ours ${reduceCSSCalc(e)}, reduce-css-calc ${real(e)}`)

describe('css-calc against reduce-css-calc', () => {
  it('answers as it does for what the app’s charts ask', () => {
    asked.clear()
    render(<SpotCurveChart curve={curve()} window={spotWindow(spot())} width={640} height={280} />)
    const buckets = ['2026-03-01', '2026-03-02', '2026-03-03']
    render(
      <ChartPlot
        title="GRP"
        width={720}
        buckets={buckets}
        total={buckets.length}
        axes={{ left: 'GRP', right: '频次' }}
        series={[
          { key: 'grp:1', label: 'A', mark: 'bar', axis: 'left', decimals: 3, color: '#409eff', values: [1.5, null, 2.25] },
          { key: 'spots:1', label: 'B', mark: 'line', axis: 'right', decimals: 0, color: '#67c23a', values: [3, 4, null] },
        ]}
      />,
    )
    const seen = [...asked]
    // Tick labels and axis titles alike: one line, ending at its anchor, visx's default sizes.
    expect(seen).toEqual([startDyExpression('end', 1)])
    expect(compare(seen)).toEqual([])
  })

  it('answers as it does for every offset @visx/text builds from its props', () => {
    const all = generated()
    expect(all.length).toBeGreaterThan(1000)
    expect(compare(all)).toEqual([])
  })

  it('answers as it does around the edges of those shapes', () => {
    const edges = [
      ...['calc(0.71em)', 'calc(-0.5 * -1em)', 'calc(1e2px)', 'calc(1em * 2 * 3)', 'calc((1em))', 'calc(1em - -1em)', 'calc(0.1em + 0.2em)'],
      ...['calc(1px + 1em)', 'calc(1 / 3 * 1em)', 'calc(10px / 3)', 'calc(50% * 50%)', 'calc(100% - 10%)', 'calc(33.333% / 3)', 'calc(1 + (50% / 3))'],
      ...['calc(2em / 0)', 'calc(0 / 0)'],
    ]
    expect(compare(edges)).toEqual(INTENDED)
  })
})
