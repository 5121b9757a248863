import { renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { measureCells, useFitWidth } from './fit-width'

// jsdom lays nothing out: a cell here is 8 px a character (10 px in a header, bold) plus its
// 20 px of padding and 1 px of border, so the arithmetic below is the browser's in small.
function layOut() {
  const measured: string[] = []
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const text = this.textContent ?? ''
    measured.push(text)
    const header = this.closest('.virtual-table__head') !== null
    return { width: text.length * (header ? 10 : 8) + 21 } as DOMRect
  })
  return measured
}

afterEach(() => vi.restoreAllMocks())

describe('useFitWidth', () => {
  it('is the widest cell, header included, and leaves no probe behind', () => {
    layOut()
    // '2026-12-07 01:58:00' is 19 characters: 19 × 8 + 21 = 173; the header 4 × 10 + 21 = 61.
    expect(measureCells(['2026-12-07 01:58:00'], '播出时间')).toBe(173)
    // A long header wins: 20 × 10 + 21 = 221.
    expect(measureCells(['2026-12-07 01:58:00'], 'A header twenty long')).toBe(221)
    expect(document.querySelectorAll('.virtual-table')).toHaveLength(0)
  })

  it('measures one text per shape (digits are equally wide) and answers at least the minimum', () => {
    const measured = layOut()
    const times = ['2026-12-07 01:58:00', '2026-12-07 22:41:20', '2026-12-06 19:00:05']
    const { result } = renderHook(() => useFitWidth(times, '播出时间', 160))
    // 173 + 1 px against rounding: wider than the 160 a time was cut at.
    expect(result.current).toBe(174)
    expect(measured).toEqual(['播出时间', '0000-00-00 00:00:00'])
    const short = renderHook(() => useFitWidth(['1'], 'x', 160))
    expect(short.result.current).toBe(160)
  })
})
