import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { getToast } from '@/components/ui/toast-store'
import { envelope, fakeApi, signedIn, type Sent } from '@/testing/fake-api'
import { fakeRealtime, renderPage } from '@/testing/render-page'
import type { CertificateDiff, CertificateMonth, Comparison, ConfirmResult, Preview, UnassignedRow } from '../api/certificates'
import { useOrders, type Order } from '../api/get-orders'
import { CertificateDialog } from './certificate-dialog'

// The upload itself is the upload dialog's business (tested there): here it stores the file and names job 9.
const signed: unknown[] = []
vi.mock('@/components/upload/upload-file', () => ({
  useUploadFile: () => ({
    mutateAsync: async ({ target, file }: { target: unknown; file: File }) => {
      signed.push(target)
      return { file: { id: 1, fileName: file.name }, jobId: 9 }
    },
    isPending: false,
  }),
}))

const order = { id: 3, mediaId: 2, productId: 4, status: 4, statusName: '播出中' } as unknown as Order

const diff = (over: Partial<CertificateDiff>): CertificateDiff => ({
  mediaFileName: 'v1.mp4', tapeId: 5, pointDateYm: '2026-03', timePeriodName: '早间', timePeriodId: 7, num: 1, type: 1, ...over,
})
/** A month: over, and due unless confirmed (or said otherwise). */
const month = (ym: string, confirmed: boolean, over: Partial<CertificateMonth> = {}): CertificateMonth => ({
  pointDateYm: ym, planned: 10, aired: 9, added: 1, missing: 2, confirmed, due: !confirmed, over: true, ...over,
})
const noPeriod: UnassignedRow = { id: 41, ymd: '2026-03-02', addTime: '25:10:00', mediaFileName: 'v1.mp4', tapeId: 5, timePeriodName: '', num: 1, reason: '未匹配到时段', kind: 1 }
const foreign: UnassignedRow = { id: 42, ymd: '2026-03-03', addTime: '08:00:00', mediaFileName: 'other.mp4', tapeId: 6, timePeriodName: '早间', num: 2, reason: '版本不在订单中', kind: 2 }

/** What the fake server has: the current certificate (null: none), the preview typeY 1 answers, typeY 2's answer. */
let current: Comparison | null
let preview: Preview | null
let confirmAnswer: () => unknown
let unassigned: UnassignedRow[]

const lists = (): Comparison['dataList'] => ({
  added: [diff({ pointDateYm: '2026-04', mediaFileName: 'b.mp4', num: 3 }), diff({ pointDateYm: '2026-03', timePeriodName: undefined, timePeriodId: undefined, timePeriodClassName: '晚间', timePeriodClassId: 8, num: 2, type: 2 })],
  missing: [diff({ pointDateYm: '2026-03', mediaFileName: 'c.mp4', timePeriodName: '午间', num: 4 })],
})

/** The comparison of `months`, its rows still to fix read live from `unassigned`. */
function comparison(months: CertificateMonth[]): Comparison {
  const value = { planned: 20, aired: 19, added: 5, missing: 6, pending: months.some((m) => m.due), unassigned: [] as UnassignedRow[], months }
  Object.defineProperty(value, 'unassigned', { get: () => unassigned, enumerable: true })
  return { dataList: lists(), dataValue: value }
}

const NOT_FOUND = () => envelope(null, '该订单尚未导入播出证明', 4004)
const calls: Record<string, (sent: Sent) => unknown> = {
  broadcastingCertificate: () => current ?? NOT_FOUND(),
  orderBroadcastLicenseUp: (sent) => {
    const { typeY } = sent.body as { typeY: number }
    if (typeY === 2) return confirmAnswer()
    if (!current) return NOT_FOUND()
    return preview ?? envelope(null, '播出证明已确认', 4009)
  },
  orderBroadcastLicenseTimeUp: () => {
    unassigned = unassigned.filter((r) => r.kind !== 1)
    return null
  },
  broadcastingMagneticTapeDetailsUp: () => ({ rows: 1 }),
  orderBroadcastingMagneticTapeDetailsList: () => [
    { tapeId: 5, mediaFileName: 'v1.mp4', mediaTapeNumber: 'T1', inOrder: true, rows: 10, spots: 12 },
    { tapeId: 6, mediaFileName: 'other.mp4', mediaTapeNumber: 'T9', inOrder: false, rows: 1, spots: 2 },
  ],
  broadcastingMagneticTapeDetailsList: () => [{ id: 5, mediaFileName: 'v1.mp4', mediaTapeNumber: 'T1', seconds: 15 }],
  suitTimePeriodList: () => [
    { id: 7, timePeriodName: '早间', mediaId: 2, preBroadcastTimeForma: '06:00:00', preBroadcastTimeFormaEnd: '09:00:00' },
    { id: 9, timePeriodName: '深夜', mediaId: 2, preBroadcastTimeForma: '24:00:00', preBroadcastTimeFormaEnd: '26:00:00' },
  ],
  orderList: () => ({ data: [], total: 0 }),
}
const server = fakeApi({}, (sent) => (calls[sent.name] ? calls[sent.name](sent) : []))
const asked = (name: string) => server.sent.filter((s) => s.name === name)
const typeY = (n: number) => asked('orderBroadcastLicenseUp').filter((s) => (s.body as { typeY: number }).typeY === n)
const live = fakeRealtime()
signedIn()

let onClose: ReturnType<typeof vi.fn>
/** The order list as the page has it open behind the dialog (so its refreshes show as calls). */
function OrderList() {
  useOrders({ page: 1, limit: 10 })
  return null
}

function setup() {
  onClose = vi.fn()
  return renderPage(<><OrderList /><CertificateDialog order={order} onClose={onClose as () => void} /></>, { realtime: live.channel })
}
const openDialog = () => screen.findByRole('dialog', { name: '媒体播出证明 #3' })
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))

beforeEach(() => {
  signed.length = 0
  unassigned = []
  current = comparison([month('2026-03', false), month('2026-04', true)])
  preview = {
    dataList: { added: [diff({ mediaFileName: 'p.mp4', num: 1 })], missing: [] },
    dataValue: { planned: 10, aired: 9, added: 1, missing: 2, pending: true, unassigned: [], months: [month('2026-03', false)],
      changes: { verifiedCells: 8, missingCells: 2, missingSpots: 2, freeSpots: 1 }, basis: 'b1' },
  }
  confirmAnswer = () => {
    current = comparison([month('2026-03', true), month('2026-04', true)])
    return { verifiedCells: 8, missingCells: 2, missingSpots: 2, freeSpots: 1, months: ['2026-03'] } satisfies ConfirmResult
  }
})

describe('CertificateDialog', () => {
  it('opening only reads: every month with its spots and state, 新增 warning-styled and a cancelled class success-styled', async () => {
    current = comparison([month('2026-03', false), month('2026-04', true), month('2026-05', false, { due: false })])
    setup()
    const dialog = await openDialog()
    const summary = await within(dialog).findByRole('region', { name: '播出证明汇总' })
    expect(within(summary).getByLabelText('点位合计').tagName).toBe('DL')
    expect(within(summary).getByText('计划', { selector: 'dt' }).nextElementSibling?.textContent).toBe('20个点位')
    expect(within(summary).getByText('缺失', { selector: 'dt' }).nextElementSibling?.textContent).toBe('6个点位')
    expect(within(summary).getByRole('status').textContent).toBe('2026-03 待确认：点击「确认更新」核对后确认')
    const months = within(summary).getByRole('table', { name: '各月核对' })
    // 计划 counts the days up to yesterday: a month still running (2026-12 of the demo's 农夫山泉
    // order: 计划 18 here against 计划次数 80 in 评估报告) says so where its figure shows.
    expect(within(months).getByText('各月核对（单位：点位；计划为截至昨天应播的点位）')).toBeTruthy()
    expect(rowsOf(months)).toEqual([
      ['2026-03', '10', '9', '1', '2', '待确认'],
      ['2026-04', '10', '9', '1', '2', '已确认'],
      ['2026-05', '10', '9', '1', '2', '已核对，月末确认'],
    ])

    const added = within(dialog).getByRole('table', { name: '新增' })
    expect(within(added).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['媒体文件名', '月份 ⇅', '时段/时段归纳', '数量（点位）'])
    const [first, second] = within(added).getAllByRole('row').slice(1)
    expect(within(first).getAllByRole('cell').map((c) => c.textContent)).toEqual(['b.mp4', '2026-04', '早间', '3'])
    expect(first.className).toBe('certificate-diff__row--warning')
    expect(within(second).getAllByRole('cell').map((c) => c.textContent)).toEqual(['v1.mp4', '2026-03', '归纳晚间', '2'])
    expect(second.className).toBe('certificate-diff__row--success')
    expect(within(dialog).getByText('2 行')).toBeTruthy()
    const missing = within(dialog).getByRole('table', { name: '缺失' })
    expect(within(missing).getAllByRole('cell').map((c) => c.textContent)).toEqual(['c.mp4', '2026-03', '午间', '4'])
    expect(within(dialog).getByRole('button', { name: '确认更新' })).toHaveProperty('disabled', false)
    // Nothing but the read: no preview (typeY 1), no other call of the certificate.
    expect(asked('broadcastingCertificate')).toHaveLength(1)
    expect(asked('orderBroadcastLicenseUp')).toHaveLength(0)
  })

  it('sorts a table by month, ascending then descending', async () => {
    current!.dataList.added.push(diff({ pointDateYm: '2026-02', mediaFileName: 'a.mp4' }))
    const { user } = setup()
    const added = await within(await openDialog()).findByRole('table', { name: '新增' })
    const files = () => within(added).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0].textContent)
    expect(files()).toEqual(['b.mp4', 'v1.mp4', 'a.mp4'])
    const header = within(added).getAllByRole('columnheader')[1]
    expect(header.getAttribute('aria-sort')).toBe('none')
    await user.click(within(header).getByRole('button'))
    expect(header.getAttribute('aria-sort')).toBe('ascending')
    expect(files()).toEqual(['a.mp4', 'v1.mp4', 'b.mp4'])
    await user.click(within(header).getByRole('button'))
    expect(header.getAttribute('aria-sort')).toBe('descending')
    expect(files()).toEqual(['b.mp4', 'v1.mp4', 'a.mp4'])
  })

  it('确认更新 checks (typeY 1) and shows what confirming does in units, then applies that preview (typeY 2) and the months stay, confirmed', async () => {
    const { user } = setup()
    const dialog = await openDialog()
    await within(dialog).findByRole('table', { name: '新增' })
    await waitFor(() => expect(asked('orderList')).toHaveLength(1))
    await user.click(within(dialog).getByRole('button', { name: '确认更新' }))
    const check = await screen.findByRole('dialog', { name: '确认更新播出证明' })
    expect(await within(check).findByText('核对月份：2026-03')).toBeTruthy()
    expect(typeY(1)).toHaveLength(1)
    const tiles = within(check).getByLabelText('待确认月份的点位')
    expect(within(tiles).getByText('新增', { selector: 'dt' }).nextElementSibling?.textContent).toBe('1个点位')
    expect(within(check).getByRole('status').textContent).toBe(
      '确认更新将核实 8 个点位格（全部播出），标记缺失 2 个点位格（缺 2 个点位，可补播），新增 1 个点位记为 C 类赠播',
    )
    expect(rowsOf(within(check).getByRole('table', { name: '新增' }))).toEqual([['p.mp4', '2026-03', '早间', '1']])
    // The month it checks is over: confirming locks it, as its row says.
    expect(rowsOf(within(check).getByRole('table', { name: '待确认月份' }))).toEqual([['2026-03', '10', '9', '1', '2', '确认后锁定']])

    // 确认更新 asks first, naming the month it locks and its aired spots (the row's 9); 取消 sends nothing.
    await user.click(within(check).getByRole('button', { name: '确认更新' }))
    let ask = await screen.findByRole('alertdialog', { name: '确认锁定' })
    expect(ask.textContent).toContain('将锁定 2026-03 共 1 个月（播出 9 个点位），锁定后不能再修改。')
    await user.click(within(ask).getByRole('button', { name: '取消' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(typeY(2)).toHaveLength(0)
    expect(screen.getByRole('dialog', { name: '确认更新播出证明' })).toBeTruthy()

    await user.click(within(check).getByRole('button', { name: '确认更新' }))
    ask = await screen.findByRole('alertdialog', { name: '确认锁定' })
    await user.click(within(ask).getByRole('button', { name: '确认锁定' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '确认更新播出证明' })).toBeNull())
    expect(typeY(2).map((s) => s.body)).toEqual([{ orderId: 3, typeY: 2, basis: 'b1' }])
    expect(getToast()).toMatchObject({
      kind: 'success',
      message: '已确认 2026-03 的播出证明：核实 8 个点位格，标记缺失 2 个点位格（缺 2 个点位），新增 1 个点位记为 C 类赠播',
    })
    // The comparison is read again: both months listed, confirmed; nothing left to confirm.
    const summary = within(dialog).getByRole('region', { name: '播出证明汇总' })
    await waitFor(() => expect(within(summary).getByRole('status').textContent).toBe('各月播出证明均已确认，无需再确认'))
    expect(rowsOf(within(summary).getByRole('table', { name: '各月核对' })).map((r) => [r[0], r[5]])).toEqual([['2026-03', '已确认'], ['2026-04', '已确认']])
    expect(within(dialog).queryByRole('button', { name: '确认更新' })).toBeNull()
    expect(onClose).not.toHaveBeenCalled()
    // The order list behind refreshes (the status follows the confirmation); one check in all.
    await waitFor(() => expect(asked('orderList')).toHaveLength(2))
    expect(typeY(1)).toHaveLength(1)
  })

  it('the lock asked for names the months over with their aired spots and the running ones left open', async () => {
    // 2026-03 (9 aired) and 2026-04 (7 aired) are over, 2026-05 still runs: 9 + 7 = 16 spots locked.
    const months = [month('2026-03', false), month('2026-04', false, { aired: 7 }), month('2026-05', false, { aired: 4, over: false })]
    preview = { ...preview!, dataValue: { ...preview!.dataValue, months } }
    const { user } = setup()
    await user.click(await within(await openDialog()).findByRole('button', { name: '确认更新' }))
    const check = await screen.findByRole('dialog', { name: '确认更新播出证明' })
    const states = rowsOf(await within(check).findByRole('table', { name: '待确认月份' })).map((r) => [r[0], r[5]])
    expect(states).toEqual([['2026-03', '确认后锁定'], ['2026-04', '确认后锁定'], ['2026-05', '未结束，核对到昨天，不锁定']])
    await user.click(within(check).getByRole('button', { name: '确认更新' }))
    const ask = await screen.findByRole('alertdialog', { name: '确认锁定' })
    expect(ask.textContent).toContain(
      '将锁定 2026-03、2026-04 共 2 个月（播出 16 个点位），锁定后不能再修改。2026-05 尚未结束：核实到昨天的点位格不能再修改，月份不锁定，月末重新导入后再确认。',
    )
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(typeY(2)).toHaveLength(0)
  })

  it('a 4009 on 确认更新 shows the server’s message as a warning and checks again', async () => {
    confirmAnswer = () => envelope(null, '数据已变化，请重新核对', 4009)
    const { user } = setup()
    const dialog = await openDialog()
    await user.click(await within(dialog).findByRole('button', { name: '确认更新' }))
    const check = await screen.findByRole('dialog', { name: '确认更新播出证明' })
    await user.click(await within(check).findByRole('button', { name: '确认更新' }))
    await user.click(await screen.findByRole('button', { name: '确认锁定' }))
    await waitFor(() => expect(typeY(1)).toHaveLength(2))
    expect(getToast()).toMatchObject({ kind: 'warning', message: '数据已变化，请重新核对' })
    expect(await within(check).findByRole('button', { name: '确认更新' })).toBeTruthy()
  })

  it('every month confirmed: listed and read-only, the dialog says so, offers no 确认更新 and asks nothing more', async () => {
    current = comparison([month('2026-03', true), month('2026-04', true)])
    setup()
    const dialog = await openDialog()
    const summary = await within(dialog).findByRole('region', { name: '播出证明汇总' })
    expect(within(summary).getByRole('status').textContent).toBe('各月播出证明均已确认，无需再确认')
    expect(within(summary).getAllByText('已确认')).toHaveLength(2)
    expect(within(dialog).queryByRole('button', { name: '确认更新' })).toBeNull()
    expect(within(dialog).getByRole('button', { name: '导出' })).toHaveProperty('disabled', false)
    expect(asked('orderBroadcastLicenseUp')).toHaveLength(0)
  })

  it('a running month checked with its rows: nothing due, no 确认更新', async () => {
    current = comparison([month('2026-03', true), month('2026-04', false, { due: false })])
    setup()
    const summary = await within(await openDialog()).findByRole('region', { name: '播出证明汇总' })
    expect(within(summary).getByRole('status').textContent).toBe('暂无待确认的月份：未结束的月份已核对到昨天，月末重新导入后再确认')
    expect(screen.queryByRole('button', { name: '确认更新' })).toBeNull()
  })

  it('without a certificate (4004): the empty state, no toast; an upload tagged broadcastingCertificate follows its job and reads the comparison', async () => {
    current = null
    const { user } = setup()
    const dialog = await openDialog()
    expect(await within(dialog).findByText('该订单尚未导入播出证明，请上传播出证明')).toBeTruthy()
    expect(getToast()?.message).not.toBe('该订单尚未导入播出证明')
    expect(within(dialog).getByRole('button', { name: '导出' })).toHaveProperty('disabled', true)

    await user.click(within(dialog).getByRole('button', { name: '上传播出证明' }))
    const upload = await screen.findByRole('dialog', { name: '上传文件' })
    await waitFor(() => expect(within(upload).getByRole('button', { name: '选择文件' })).toHaveProperty('disabled', false))
    await user.upload(within(upload).getByLabelText('选择要上传的文件'), new File([new Uint8Array(3)], '播证.xlsx'))
    await user.click(within(upload).getByRole('button', { name: '开始上传' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '上传文件' })).toBeNull())
    expect(signed).toEqual([expect.objectContaining({ tags: 'broadcastingCertificate', tagValue: { orderId: 3 } })])
    expect((await screen.findByTestId('import-result')).textContent).toContain('播出证明已上传，正在导入')

    current = comparison([month('2026-03', false)])
    live.timeline({ status: 2, jobId: 9, level: 'success', data: '已导入 3 行播出证明（4 个点位）：2026-03；未指定时段 0 行，版本待替换 0 行' })
    expect((await screen.findByRole('status', { name: '导入完成' })).textContent).toContain('已导入 3 行播出证明')
    expect(await within(dialog).findByRole('table', { name: '新增' })).toBeTruthy()
    expect(asked('orderBroadcastLicenseUp')).toHaveLength(0)
  })

  it('a row no period holds gets the media’s periods; picking one assigns it and reads the comparison again', async () => {
    unassigned = [noPeriod]
    const { user } = setup()
    const dialog = await openDialog()
    const rows = await within(dialog).findByRole('region', { name: '待处理的播证记录' })
    expect(within(dialog).getByRole('button', { name: '确认更新' })).toHaveProperty('disabled', true)
    const picker = within(rows).getByRole('combobox', { name: '指定时段：2026-03-02 25:10:00 v1.mp4' })
    await waitFor(() => expect(within(picker).getAllByRole('option')).toHaveLength(3))
    expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual(['指定时段', '早间（06:00:00~09:00:00）', '深夜（24:00:00~26:00:00）'])
    expect(asked('suitTimePeriodList')[0].params.get('mediaId')).toBe('2')

    await user.selectOptions(picker, '9')
    await waitFor(() => expect(asked('orderBroadcastLicenseTimeUp').map((s) => s.body)).toEqual([{ broadcastingCertificateId: 41, timePeriodId: 9 }]))
    await waitFor(() => expect(asked('broadcastingCertificate')).toHaveLength(2))
    await waitFor(() => expect(within(dialog).queryByRole('region', { name: '待处理的播证记录' })).toBeNull())
    expect(within(dialog).getByRole('button', { name: '确认更新' })).toHaveProperty('disabled', false)
    expect(asked('orderBroadcastLicenseUp')).toHaveLength(0)
  })

  it('the batch swap asks for both versions with the spec’s messages, then swaps every row of the version', async () => {
    unassigned = [foreign]
    const { user } = setup()
    const dialog = await openDialog()
    await user.click(await within(dialog).findByRole('button', { name: '批量替换版本' }))
    const swap = await screen.findByRole('dialog', { name: '替换版本' })
    await user.click(within(swap).getByRole('button', { name: '确定' }))
    expect(await within(swap).findByText('选择播证版本', { selector: '[role="alert"]' })).toBeTruthy()
    expect(within(swap).getByText('选择订单版本', { selector: '[role="alert"]' })).toBeTruthy()
    expect(asked('broadcastingMagneticTapeDetailsUp')).toHaveLength(0)

    const tape = within(swap).getByRole('combobox', { name: '播证版本' })
    await waitFor(() => expect(within(tape).getAllByRole('option').map((o) => o.textContent)).toContain('other.mp4（1 行，2 次，不在订单中）'))
    await user.selectOptions(tape, '6')
    await user.selectOptions(within(swap).getByRole('combobox', { name: '订单版本' }), '5')
    await user.click(within(swap).getByRole('button', { name: '确定' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '替换版本' })).toBeNull())
    expect(asked('broadcastingMagneticTapeDetailsUp').map((s) => s.body)).toEqual([
      { orderId: 3, tapeId: 6, upTapeId: 5, broadcastingMagneticTapeDetailsType: 1 },
    ])
    expect(getToast()?.message).toBe('已替换 1 行')
    await waitFor(() => expect(asked('broadcastingCertificate')).toHaveLength(2))
  })

  it('a row’s swap preselects the row’s version, single by default (the version fixed), only that row sent', async () => {
    unassigned = [foreign]
    const { user } = setup()
    const dialog = await openDialog()
    await user.click(await within(dialog).findByRole('button', { name: '替换版本：2026-03-03 08:00:00 other.mp4' }))
    const swap = await screen.findByRole('dialog', { name: '替换版本' })
    expect(within(swap).getByRole('radio', { name: /单条替换/ })).toHaveProperty('checked', true)
    // The same select as the batch swap's, on the row's version (6, other.mp4) from the start.
    const tape = within(swap).getByRole('combobox', { name: '播证版本' }) as HTMLSelectElement
    const shown = () => [tape.value, tape.selectedOptions[0]?.textContent, tape.disabled]
    expect([tape.value, tape.disabled]).toEqual(['6', true])
    await waitFor(() => expect(shown()).toEqual(['6', 'other.mp4（1 行，2 次，不在订单中）', true]))
    // 批量 swaps that version's rows: still preselected, now open to another choice.
    await user.click(within(swap).getByRole('radio', { name: /批量替换/ }))
    expect(shown()).toEqual(['6', 'other.mp4（1 行，2 次，不在订单中）', false])
    await user.click(within(swap).getByRole('radio', { name: /单条替换/ }))
    await user.click(within(swap).getByRole('button', { name: '确定' }))
    expect(await within(swap).findByText('选择订单版本', { selector: '[role="alert"]' })).toBeTruthy()
    await user.selectOptions(within(swap).getByRole('combobox', { name: '订单版本' }), '5')
    await user.click(within(swap).getByRole('button', { name: '确定' }))
    await waitFor(() => expect(asked('broadcastingMagneticTapeDetailsUp').map((s) => s.body)).toEqual([
      { orderId: 3, tapeId: 6, upTapeId: 5, broadcastingId: 42, broadcastingMagneticTapeDetailsType: 2 },
    ]))
  })
})
