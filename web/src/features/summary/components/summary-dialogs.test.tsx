import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { fakeApi, signedIn } from '@/testing/fake-api'
import { renderPage } from '@/testing/render-page'
import { SummaryDialogs, type SummaryAction } from './summary-dialogs'
import { cell, row, stubResizeObserver } from '@/testing/summary-fixtures'

fakeApi({}, () => [])
signedIn()
stubResizeObserver()

const verified = cell({ isHe: 2, reasonDisappearance: '1' })
const cases: [string, NonNullable<SummaryAction>][] = [
  ['修改点位', { kind: 'modify', row: row(), cell: null, ymd: '2026-03-05' }],
  ['移动点位', { kind: 'move', row: row(), cell: verified }],
  ['备注', { kind: 'reason', row: row(), cell: verified }],
  ['手动GRP', { kind: 'grp', row: row(), cell: verified }],
  ['记录', { kind: 'records', row: row(), cell: null, ymd: '2026-03-05' }],
  ['批量撤掉/修改', { kind: 'batch', items: [{ row: row(), cell: cell() }] }],
  ['添加时段', { kind: 'addSlot', month: '2026-03' }],
]

describe('SummaryDialogs', () => {
  it.each(cases)('opens only %s for its action; Escape closes it', async (title, action) => {
    const onClose = vi.fn()
    const { user } = renderPage(<SummaryDialogs orderId={3} month="2026-03" action={action} onClose={onClose} />)
    expect(await screen.findByRole('dialog', { name: title })).toBeTruthy()
    expect(screen.getAllByRole('dialog')).toHaveLength(1)
    await user.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('opens nothing without an action', () => {
    renderPage(<SummaryDialogs orderId={3} month="2026-03" action={null} onClose={() => {}} />)
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
