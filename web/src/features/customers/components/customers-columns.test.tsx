import { renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setLanguage } from '@/lib/i18n'
import { type ColumnSelection, useCustomerColumns } from './customers-columns'

// jsdom lays nothing out: a cell here is 8 px a character (10 px in a header, bold) plus its
// 20 px of padding and 1 px of border, as in fit-width.test.ts.
function layOut() {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const text = this.textContent ?? ''
    const header = this.closest('.virtual-table__head') !== null
    return { width: text.length * (header ? 10 : 8) + 21 } as DOMRect
  })
}

const selection: ColumnSelection = { selected: new Set(), state: 'none', toggle: () => {}, toggleAll: () => {} }
const widthOf = (columns: { key: string; width?: number }[], key: string) => columns.find((c) => c.key === key)?.width

afterEach(async () => {
  vi.restoreAllMocks()
  await setLanguage('zh-CN')
})

describe('useCustomerColumns', () => {
  it('makes 数据类别 and 数据来源 as wide as their longest label, so English is not cut', async () => {
    await setLanguage('en')
    layOut()
    const { result } = renderHook(() => useCustomerColumns(selection, []))
    // The longest category label is 'Customer data' (13 characters): 13 × 8 + 21 = 125, + 1 px
    // against rounding = 126; the header 'Data category' is as long but bolder: 13 × 10 + 21 =
    // 151, + 1 = 152. The column was a fixed 90 and showed 'Custom…'.
    expect(widthOf(result.current, 'category')).toBe(152)
    // Sources: 'Actual broadcast' (16) is the longest: 16 × 8 + 21 = 149, + 1 = 150; the header
    // 'Data source' 11 × 10 + 21 = 131. It was 90 and showed 'Actual …'.
    expect(widthOf(result.current, 'source')).toBe(150)
  })

  it('keeps the Chinese columns at their 90 px, wider than 客户数据 and 实际播出 need', async () => {
    layOut()
    const { result } = renderHook(() => useCustomerColumns(selection, []))
    // 客户数据 4 × 8 + 21 = 53; header 数据类别 4 × 10 + 21 = 61: under the 90 px minimum.
    expect(widthOf(result.current, 'category')).toBe(90)
    expect(widthOf(result.current, 'source')).toBe(90)
  })
})
