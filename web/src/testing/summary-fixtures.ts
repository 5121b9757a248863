import { afterAll, beforeAll, beforeEach, vi } from 'vitest'
import { envelope } from '@/testing/fake-api'
import type { GridCell, GridRow } from '@/features/summary/api/get-summary-grid'

/*
 * Test fixtures of the summary dialogs: a line of the grid and its cells as orderSummaryGrpList
 * answers them, and the server's refusals as the envelope carries them.
 */

export const cell = (over: Partial<GridCell> = {}): GridCell => ({
  id: 31,
  d: 2,
  ymd: '2026-03-02',
  point: 3,
  value: '',
  type: 'A',
  isHe: 1,
  reasonType: '1',
  reasonValue: '',
  reasonDisappearance: '0',
  mdp: null,
  aired: 0,
  moved: 0,
  makeGood: 0,
  order_summary_grp_ymd_operation: [],
  ...over,
})

export const row = (over: Partial<GridRow> = {}): GridRow =>
  ({
    id: 11,
    contractNumber: 'HT-1',
    type: 'A',
    position: '正一',
    length: 15,
    product_magnetic_tape: { id: 5, mediaFileName: 'v1.mp4' },
    time_period: { id: 7, timePeriodName: '早间' },
    timePeriodId: 7,
    pointDateYm: '2026-03',
    order_summary_grp_ymd: [],
    ...over,
  }) as GridRow

/** A 4000 answer with per-field messages. */
export const invalid = (fields: Record<string, string>, message = Object.values(fields)[0]) =>
  envelope({ fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [v]])) }, message, 4000)

/** A 4009 answer (locked, changed). */
export const conflict = (message: string) => envelope(null, message, 4009)

/** The text of the message a control is described by (its field's error or hint). */
export const messageOf = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent

/** Radix's switch measures itself inside a form; jsdom has no ResizeObserver. */
export function stubResizeObserver() {
  beforeEach(() => {
    vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} })
  })
}

/**
 * jsdom lays nothing out: gives every element a `width` × 600 box, so react-window renders the
 * grid's cells, and a ResizeObserver that does nothing — stubbed for each test, as the fake api
 * unstubs every global after each.
 */
export function layGridOut(width: number) {
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 })
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => width })
  })
  beforeEach(() => {
    vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} })
  })
  afterAll(() => {
    delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight
    delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth
    vi.unstubAllGlobals()
  })
}
