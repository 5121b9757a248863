import { render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { DataTable } from '@/components/ui/data-table'
import { TooltipProvider } from '@/components/ui/tooltip'
import { i18n } from '@/lib/i18n'
import type { Order } from '../api/get-orders'
import { months, orderColumns } from './orders-columns'

const side = (prefix: 'customer' | 'media', figures: Record<string, number | null>) =>
  Object.fromEntries(Object.entries(figures).map(([k, v]) => [`${prefix}${k}`, v]))

const row = {
  id: 5, mediaName: 'CCTV-1', createTime: '2026-03-01 10:00:00', estimateTime: '', status: 4, statusName: '播出中', jStatus: 1, jStatusName: '未评估',
  brandName: '伊利', productName: '纯牛奶', cycleTimeMonth: '2026-03,2026-04', cycleTimeAdd: '2026-03-01', cycleTimeEnd: '2026-04-15',
  seconds: 15, notes: '',
  ...side('customer', {
    Metrics: 100, FreeBroadcast: 10, ExpectedCompletion: 95.5, Difference: -14.5, Overplay: -13.1818, AlreadyUpsideDownThree: 40,
    IssuedGrp: 60, AiredSpots: 12, ExpectedLow: 90, ExpectedHigh: 99, UnestimatedSpots: 3,
  }),
  ...side('media', {
    Metrics: 80, FreeBroadcast: 0, ExpectedCompletion: 95.5, Difference: 15.5, Overplay: null, AlreadyUpsideDownThree: null,
    IssuedGrp: 60, AiredSpots: 12, ExpectedLow: 90, ExpectedHigh: 99, UnestimatedSpots: 0,
  }),
} as unknown as Order

describe('order columns', () => {
  it('shows both blocks with 3-decimal GRP, percentages, red shortfalls, — for nulls and the unestimated hint', () => {
    const t = i18n.getFixedT('zh-CN', 'orders')
    render(
      <TooltipProvider>
        <DataTable columns={orderColumns(t, { onEdit: vi.fn(), onDelete: vi.fn(), onMore: vi.fn() })} data={[row]} label="订单汇总" />
      </TooltipProvider>,
    )
    const [top, bottom] = screen.getAllByRole('row')
    expect(within(top).getByRole('columnheader', { name: '客户' }).getAttribute('colspan')).toBe('6')
    expect(within(bottom).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'GRP', '赠播', '预计完成', '差值', '超播%', '已播正负三%', 'GRP', '赠播', '预计完成', '差值', '超播%', '已播正负三%',
    ])
    const cells = within(screen.getAllByRole('row')[2]).getAllByRole('cell').map((c) => c.textContent)
    expect(cells.slice(0, 12)).toEqual([
      'CCTV-1', '2026-03-0110:00:00', '—', '播出中', '未评估', '伊利', '纯牛奶', '2026-032026-04', '2026-03-01~ 2026-04-15', '15', '—', '5',
    ])
    expect(cells.slice(12, 24)).toEqual([
      '100.000', '10.000', '95.5003', '-14.500', '-13.18%', '40.00%', '80.000', '0.000', '95.500', '15.500', '—', '—',
    ])
    const red = [...document.querySelectorAll('.order-figure--negative')].map((e) => e.textContent)
    expect(red).toEqual(['-14.500', '-13.18%'])
    expect(screen.getByRole('note', { name: '3 个剩余点位暂无预估，按 0 计' })).toBeTruthy()
    expect(screen.getAllByTitle('已播 60.000（12 个点位）· 低 90.000 · 高 99.000')).toHaveLength(2)
  })
})

describe('the status columns in English', () => {
  const renderRows = async (rows: Partial<Order>[]) => {
    await i18n.loadLanguages('en')
    const t = i18n.getFixedT('en', 'orders')
    render(
      <TooltipProvider>
        <DataTable columns={orderColumns(t, { onEdit: vi.fn(), onDelete: vi.fn(), onMore: vi.fn() })} data={rows.map((r, i) => ({ ...row, id: i + 1, ...r }))} label="Orders" />
      </TooltipProvider>,
    )
    // Status and evaluation are the 4th and 5th cells of each body row.
    return screen.getAllByRole('row').slice(2).map((tr) => within(tr).getAllByRole('cell').slice(3, 5).map((c) => c.textContent))
  }

  it('shows the status code and the evaluation word the server sends in Chinese as English labels', async () => {
    // The server's statusName per status (engine status_label) and jStatusName per jStatus.
    const sent: [number, string][] = [[1, '待创建订单'], [2, '公司播出证明'], [3, '待开播'], [4, '播出中'], [5, '待换版'], [6, '已完结（数据缺失）'], [7, '已完结']]
    const evaluation = (i: number) => (i % 2 ? { jStatus: 2, jStatusName: '已评估' } : { jStatus: 1, jStatusName: '未评估' })
    const shown = await renderRows(sent.map(([status, statusName], i) => ({ status, statusName, ...evaluation(i) })))
    expect(shown).toEqual([
      ['Pending order creation', 'Not evaluated'],
      ['Company broadcast certificate', 'Evaluated'],
      ['Awaiting broadcast start', 'Not evaluated'],
      ['On air', 'Evaluated'],
      ['Awaiting version change', 'Not evaluated'],
      ['Finished (data missing)', 'Evaluated'],
      ['Finished', 'Not evaluated'],
    ])
  })

  it('shows a status no locale knows as the server sent it', async () => {
    expect(await renderRows([{ status: 9, statusName: '新状态', jStatus: 3, jStatusName: '评估中' }])).toEqual([['新状态', '评估中']])
  })
})

describe('the month column', () => {
  const t = i18n.getFixedT('zh-CN', 'orders')

  it('lists a short cycle month by month', () => {
    render(<>{months('2026-03,2026-04', t)}</>)
    expect(screen.getByText('2026-03')).toBeTruthy()
    expect(screen.getByText('2026-04')).toBeTruthy()
  })

  it('shows a long cycle as its first and last month with the count, every month in the tooltip', () => {
    const all = Array.from({ length: 13 }, (_, i) => `${2026 + Math.floor((i + 10) / 12)}-${String(((i + 10) % 12) + 1).padStart(2, '0')}`)
    const { container } = render(<>{months(all.join(','), t)}</>)
    expect(container.textContent).toBe('2026-11~ 2027-1113 个月')
    expect(container.querySelector('[title]')?.getAttribute('title')).toBe(all.join('、'))
  })
})
