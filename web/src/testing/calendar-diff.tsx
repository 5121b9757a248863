import { act, render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { DayPicker } from 'react-day-picker'
import { enUS, zhCN } from 'react-day-picker/locale'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/lib/i18n'
import { Calendar, type CalendarProps } from '@/components/ui/calendar'

/*
 * Differential test (components/ui/calendar.diff.*.test.tsx, a file per language so two
 * workers share the cases): the app's calendar against react-day-picker 9 (kept as a devDependency)
 * as the app had it — its language's locale, `autoFocus`, `showOutsideDays`, `fixedWeeks`, one
 * month for a day and two for a range, days outside the bounds disabled. Both render the same
 * selections in both languages; then the same clicks and keys run on each, and after every step
 * the markup (attributes and classes in any order; the chevrons' drawing aside), the element
 * with the focus and the days picked must be the same, and the day Tab reaches in the grid too
 * but for one intended difference (below).
 */

type Scenario = Omit<CalendarProps, 'onPick'>
const d = (iso: string) => {
  const [y, m, day] = iso.split('-').map(Number)
  return new Date(y, m - 1, day)
}

function Theirs({ lng, scenario, onPick }: { lng: string; scenario: Scenario; onPick: (day: Date) => void }) {
  const { mode, selected, defaultMonth, numberOfMonths, disabled } = scenario
  const matchers = [...(disabled?.before ? [{ before: disabled.before }] : []), ...(disabled?.after ? [{ after: disabled.after }] : [])]
  const common = { locale: lng === 'en' ? enUS : zhCN, autoFocus: true, showOutsideDays: true, fixedWeeks: true, className: 'calendar', defaultMonth, numberOfMonths, disabled: matchers }
  return mode === 'single' ? (
    <DayPicker {...common} mode="single" selected={selected as Date | undefined} onSelect={(_, day) => onPick(day)} />
  ) : (
    <DayPicker {...common} mode="range" selected={selected as { from: Date; to: Date } | undefined} onSelect={(_, day) => onPick(day)} />
  )
}

/** An element's markup with attributes and classes sorted, and the chevrons' drawing left out. */
function normal(el: Element): string {
  if (el.tagName.toLowerCase() === 'svg') return `<svg class="${el.getAttribute('class')}">`
  const attrs = [...el.attributes]
    .filter((a) => !(el.tagName === 'svg' && a.name !== 'class'))
    .map((a) => (a.name === 'class' ? `class="${a.value.split(/\s+/).sort().join(' ')}"` : `${a.name}="${a.value}"`))
    .sort()
  const children = [...el.childNodes].map((n) => (n.nodeType === 3 ? n.textContent : n.nodeType === 1 ? normal(n as Element) : '')).join('')
  return `<${el.tagName.toLowerCase()} ${attrs.join(' ')}>${children}</${el.tagName.toLowerCase()}>`
}

/** Where the focus is: the day and the month grid it is in, or another element's label. */
function focusIn(root: Element): string {
  const el = document.activeElement
  if (!el || !root.contains(el)) return `outside: ${el?.tagName}`
  const day = el.closest('[data-day]')
  const grids = [...root.querySelectorAll('table')]
  return day ? `${day.getAttribute('data-day')} in grid ${grids.indexOf(day.closest('table')!)}` : `${el.getAttribute('aria-label')}`
}

type Step = { keys?: string; click?: (root: Element) => Element | null | undefined; tab?: boolean }

async function run(which: 'ours' | 'theirs', lng: string, scenario: Scenario, steps: Step[]): Promise<string[]> {
  const picks: string[] = []
  const onPick = (day: Date) => picks.push(day.toDateString())
  await act(() => i18n.changeLanguage(lng as 'en'))
  const view = render(
    <div>
      <button type="button">before</button>
      {which === 'ours' ? <Calendar {...scenario} onPick={onPick} /> : <Theirs lng={lng} scenario={scenario} onPick={onPick} />}
    </div>,
  )
  const root = view.container.querySelector('.rdp-root')!
  const user = userEvent.setup()
  const record = (label: string) => {
    const stop = root.querySelector('[data-day] button[tabindex="0"]')
    const grids = [...root.querySelectorAll('table')]
    const tabStop = stop ? `${stop.closest('[data-day]')!.getAttribute('data-day')} in grid ${grids.indexOf(stop.closest('table')!)}` : 'none'
    return `${label}\n${normal(root).replace(/ tabindex="-?\d"/g, '')}\nfocus: ${focusIn(root)}\npicks: ${picks.join(', ')}\ntab stop: ${tabStop}`
  }
  const out = [record('opened')]
  for (const [i, step] of steps.entries()) {
    if (step.click) {
      const target = step.click(root)
      if (target) await user.click(target)
    }
    if (step.tab) await user.tab({ shift: false })
    if (step.keys) await user.keyboard(step.keys)
    out.push(record(`step ${i}: ${step.keys ?? ''}${step.click ? ' click' : ''}${step.tab ? ' tab' : ''}`))
  }
  view.unmount()
  return out
}

const day = (iso: string, grid = 0) => (root: Element) => root.querySelectorAll('table')[grid]?.querySelector(`[data-day="${iso}"] button`)
const nav = (next: boolean) => (root: Element) => root.querySelector(next ? '.rdp-button_next' : '.rdp-button_previous')

const KEYS: Step[] = [
  { keys: '{ArrowRight}' },
  { keys: '{ArrowDown}{ArrowDown}{ArrowDown}' },
  { keys: '{ArrowDown}{ArrowDown}' },
  { keys: '{PageDown}' },
  { keys: '{Shift>}{PageUp}{/Shift}' },
  { keys: '{Home}' },
  { keys: '{End}' },
  { keys: '{PageUp}{PageUp}' },
  { keys: '{Shift>}{ArrowRight}{/Shift}' },
  { keys: '{Shift>}{ArrowDown}{/Shift}{Shift>}{ArrowUp}{/Shift}' },
  { keys: '{ArrowLeft}'.repeat(12) },
  { keys: '{ArrowRight}'.repeat(24) },
  { keys: '{ArrowUp}' },
  { keys: '{Enter}' },
  { keys: '{ArrowLeft} ' },
]

export const SCENARIOS: [string, Scenario, Step[]][] = [
  ['a day within bounds', { mode: 'single', selected: d('2026-03-05'), defaultMonth: d('2026-03-05'), disabled: { before: d('2026-03-04'), after: d('2026-03-20') } }, KEYS],
  ['no day chosen', { mode: 'single', disabled: {} }, [...KEYS, { click: day('2026-03-18') }, { click: nav(true) }, { click: nav(true) }, { click: nav(false) }, { tab: true }]],
  ['a leap day, bounds before', { mode: 'single', selected: d('2024-02-29'), defaultMonth: d('2024-02-29'), disabled: { before: d('2024-02-20') } }, KEYS],
  ['a chosen day out of bounds', { mode: 'single', selected: d('2026-03-25'), defaultMonth: d('2026-03-25'), disabled: { after: d('2026-03-20') } }, KEYS],
  ['the month end', { mode: 'single', selected: d('2026-01-31'), defaultMonth: d('2026-01-31') }, [{ keys: '{PageDown}' }, { keys: '{ArrowRight}' }, { click: day('2026-02-28') }, { click: day('2026-03-01') }, { click: day('2026-03-02') }]],
  ['a range', { mode: 'range', numberOfMonths: 2, selected: { from: d('2026-03-02'), to: d('2026-03-06') }, defaultMonth: d('2026-03-02') }, KEYS],
  ['a range over two months', { mode: 'range', numberOfMonths: 2, selected: { from: d('2026-03-25'), to: d('2026-04-10') }, defaultMonth: d('2026-03-25') }, [...KEYS, { click: day('2026-04-02', 0) }, { click: day('2026-03-30', 1) }]],
  ['an anchored day', { mode: 'range', numberOfMonths: 2, selected: { from: d('2026-03-20'), to: d('2026-03-20') }, defaultMonth: d('2026-03-20') }, KEYS],
  ['a range typed end first', { mode: 'range', numberOfMonths: 2, selected: { from: d('2026-03-20'), to: d('2026-03-09') }, defaultMonth: d('2026-03-20') }, KEYS.slice(0, 4)],
  ['no range', { mode: 'range', numberOfMonths: 2 }, [...KEYS, { click: day('2026-04-09', 1) }, { click: nav(false) }, { tab: true }, { keys: '{ArrowRight}' }]],
]
// Every month of a year opened on its first day: each way a month can sit in six weeks.
for (let m = 0; m < 12; m++) {
  const first = new Date(2027, m, 1)
  SCENARIOS.push([`opened on ${first.toDateString()}`, m % 2 ? { mode: 'range', numberOfMonths: 2, selected: { from: first, to: first }, defaultMonth: first } : { mode: 'single', selected: first, defaultMonth: first }, [{ keys: '{ArrowLeft}' }, { keys: '{End}' }]])
}

/** A record's Tab stop and focus apart from the rest. */
function split(record: string) {
  const tabStop = /tab stop: (.*)$/.exec(record)![1]
  return { tabStop, focus: /focus: (.*)/.exec(record)![1], rest: record.replace(/tab stop: .*$/, '') }
}

/** The cases of `lng` (every scenario), as one file's suite. */
export function compareCalendars(lng: 'zh-CN' | 'en') {
  describe('the calendar against react-day-picker', () => {
    // Tuesday 10 March 2026: only Date is faked, so user-event's timers run.
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] })
      vi.setSystemTime(new Date(2026, 2, 10, 10, 0, 0))
    })
    afterEach(() => vi.useRealTimers())
    afterAll(() => act(() => i18n.changeLanguage('zh-CN')))

    for (const [name, scenario, steps] of SCENARIOS)
      it(`${lng}: ${name} — the same markup, focus and picks after each step`, { timeout: 60_000 }, async () => {
        const [ours, theirs] = [await run('ours', lng, scenario, steps), await run('theirs', lng, scenario, steps)]
        for (let i = 0; i < theirs.length; i++) {
          const [mine, its] = [split(ours[i]), split(theirs[i])]
          expect(mine.rest).toBe(its.rest)
          // Intended difference: when the month changes under the focus, react-day-picker may
          // leave the grid's Tab stop on another day; ours keeps it on the focused day (the
          // grid pattern's roving tab stop), so Shift+Tab back into the grid lands there.
          if (mine.tabStop !== its.tabStop) expect(mine.tabStop).toBe(mine.focus)
        }
      })
  })
}
