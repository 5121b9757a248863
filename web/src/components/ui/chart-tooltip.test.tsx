import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ChartTooltip, useTooltip } from './chart-tooltip'

const box = (width: number, height: number) => ({ width, height, x: 0, y: 0, top: 0, left: 0, right: width, bottom: height, toJSON: () => ({}) }) as DOMRect

/** The tooltip 100×40, in a 300×200 container. */
function sized() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('tip') ? box(100, 40) : box(300, 200)
  })
}

afterEach(() => vi.restoreAllMocks())

describe('ChartTooltip', () => {
  const at = (left: number, top: number) => {
    render(
      <div>
        <ChartTooltip left={left} top={top} className="tip">
          says
        </ChartTooltip>
      </div>,
    )
    return screen.getByText('says').style.transform
  }

  it('sits below and right of its point', () => {
    sized()
    expect(at(20, 30)).toBe('translate(30px, 40px)')
  })

  it('flips left and up where it would overflow its container', () => {
    sized()
    expect(at(250, 180)).toBe('translate(140px, 130px)')
  })

  it('shows and hides what it is given', () => {
    let api: ReturnType<typeof useTooltip<number>> | undefined
    function Probe() {
      api = useTooltip<number>()
      return null
    }
    render(<Probe />)
    expect(api?.tooltipOpen).toBe(false)
    act(() => api?.showTooltip({ tooltipData: 3, tooltipLeft: 5, tooltipTop: 6 }))
    expect(api).toMatchObject({ tooltipOpen: true, tooltipData: 3, tooltipLeft: 5, tooltipTop: 6 })
    act(() => api?.hideTooltip())
    expect(api?.tooltipOpen).toBe(false)
    expect(api?.tooltipData).toBeUndefined()
  })
})
