import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { fakeApi, signedIn } from '@/testing/fake-api'
import { renderPage } from '@/testing/render-page'
import { CellRecordsDialog, type CellRecordsTarget } from './cell-records-dialog'
import { cell, row } from '@/testing/summary-fixtures'

const server = fakeApi({})
signedIn()

function setup(target: CellRecordsTarget) {
  const onClose = vi.fn()
  const page = renderPage(<CellRecordsDialog target={target} onClose={onClose} />)
  return { ...page, onClose }
}

describe('CellRecordsDialog', () => {
  it('lists the cell\'s records newest first: who, what, when; asks the server nothing', async () => {
    const records = [
      { adminName: '张三', content: '点位 2 → 3', updateTime: '2026-03-01 09:00:00' },
      { adminName: '李四', content: '撤掉', updateTime: '2026-03-03 10:30:00' },
      { adminName: '王五', content: '原因：客户要求', updateTime: '2026-03-02 08:00:00' },
    ]
    setup({ row: row(), cell: cell({ order_summary_grp_ymd_operation: records }), ymd: '2026-03-02' })
    const dialog = await screen.findByRole('dialog', { name: '记录' })
    const table = within(dialog).getByRole('table', { name: '记录' })
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['操作人', '内容', '时间'])
    expect(within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['李四', '撤掉', '2026-03-03 10:30:00'],
      ['王五', '原因：客户要求', '2026-03-02 08:00:00'],
      ['张三', '点位 2 → 3', '2026-03-01 09:00:00'],
    ])
    expect(server.sent).toEqual([])
  })

  it('says 暂无记录数据 for a cell without records and for an empty day; Escape and 关闭 close', async () => {
    const { user, onClose } = setup({ row: row(), cell: null, ymd: '2026-03-09' })
    const dialog = await screen.findByRole('dialog', { name: '记录' })
    expect(within(dialog).getByText('暂无记录数据')).toBeTruthy()
    expect(within(dialog).getByText('早间 · v1.mp4 · A 类 · 2026-03-09')).toBeTruthy()
    expect(within(dialog).queryByRole('table')).toBeNull()
    await user.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledTimes(1)
    await user.click(within(dialog).getAllByRole('button', { name: '关闭' }).at(-1)!)
    expect(onClose).toHaveBeenCalledTimes(2)
  })

  it('says 暂无记录数据 for a stored cell with no records', async () => {
    setup({ row: row(), cell: cell(), ymd: '2026-03-02' })
    expect(await screen.findByText('暂无记录数据')).toBeTruthy()
  })
})
