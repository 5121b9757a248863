import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { getToast } from '@/components/ui/toast-store'
import { envelope, fakeApi, signedIn, type Sent } from '@/testing/fake-api'
import { renderPage } from '@/testing/render-page'
import type { Period } from '../api/get-periods'
import { DEFAULT_FILTER } from '../api/get-summary-grid'
import { viewingClass } from '@/testing/evaluation-fixtures'
import { ViewingEditor } from './viewing-editor'

const period = (id: number, name: string, classId: number | null, className: string | null): Period => ({
  id, timePeriodName: name, mediaId: 3, media: { mediaName: '湖南卫视' }, preBroadcastTimeForma: '19:30:00', preBroadcastTimeFormaEnd: '19:45:00',
  classId, timePeriodClassName: className, updateTime: '', createTime: '',
})

let refuse: ((sent: Sent) => unknown) | null = null
const written = (sent: Sent) => (refuse ? refuse(sent) : { classId: 9, id: 9, mediaId: 3, timePeriodClassName: '白天', timePeriodId: '53' })
const api = fakeApi({
  orderViewingList: () => [viewingClass()],
  mediaList: () => [{ id: 2, mediaName: 'CCTV-1' }, { id: 3, mediaName: '湖南卫视' }] as never,
  // The order's periods (an order call), not the time-period screen's tree.
  timePeriod: () => [period(51, '新闻后', 5, '晚间黄金'), period(52, '剧场前', 5, '晚间黄金'), period(53, '午间', null, null)],
  timePeriodClassAdd: written as never,
  timePeriodClassUp: written as never,
})
signedIn()

beforeEach(() => {
  refuse = null
})

function show() {
  const page = renderPage(<ViewingEditor orderId={7} mediaId={3} filter={DEFAULT_FILTER} />)
  const invalidated = vi.spyOn(page.client, 'invalidateQueries')
  return { ...page, invalidated }
}
const checked = (d: HTMLElement) =>
  within(d).getAllByRole('checkbox').filter((c) => (c as HTMLInputElement).checked).map((c) => c.closest('label')?.querySelector('span')?.textContent)

describe('时段归纳 from 汇总', () => {
  it('adds a class of the order’s media from the order’s periods, with the time-period screen’s messages', async () => {
    const { user, invalidated } = show()
    await user.click(await screen.findByRole('button', { name: '添加时段归纳' }))
    const d = await screen.findByRole('dialog', { name: '新增时段归纳' })
    // The media is the order's, shown and not chosen.
    expect((within(d).getByRole('textbox', { name: '媒体名称' }) as HTMLInputElement).value).toBe('湖南卫视')
    expect(within(d).queryByRole('combobox', { name: '媒体名称' })).toBeNull()
    await within(d).findByText('午间')
    expect(within(d).getAllByText('当前属于：晚间黄金')).toHaveLength(2)
    expect(api.asked('timePeriod')[0].params.get('orderId')).toBe('7')
    expect(api.asked('timePeriodIndex')).toEqual([])

    await user.click(within(d).getByRole('button', { name: '确定' }))
    expect(await within(d).findByText('请输入时段归纳名称')).toBeTruthy()
    expect(api.asked('timePeriodClassAdd')).toEqual([])

    await user.type(within(d).getByRole('textbox', { name: '时段归纳' }), '白天')
    await user.click(within(d).getByRole('checkbox', { name: /午间/ }))
    await user.click(within(d).getByRole('button', { name: '确定' }))
    await waitFor(() => expect(api.asked('timePeriodClassAdd')).toHaveLength(1))
    expect(api.asked('timePeriodClassAdd')[0].body).toEqual({ mediaId: '3', timePeriodClassName: '白天', timePeriodId: '53' })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新增时段归纳' })).toBeNull())
    expect(getToast()?.message).toBe('添加成功')
    // A class decides which spots its estimate values: the order's estimates, figures and grid refresh.
    const keys = invalidated.mock.calls.map(([f]) => f?.queryKey)
    expect(keys).toEqual(expect.arrayContaining([['orderViewingList'], ['orderSummaryList'], ['orderSummaryGrpList'], ['timePeriod']]))
  })

  it('edits a class from its row: its name and periods shown, a server refusal under the field', async () => {
    const { user } = show()
    await user.click(await screen.findByRole('button', { name: '编辑归纳：晚间黄金' }))
    const d = await screen.findByRole('dialog', { name: '编辑时段归纳' })
    expect((within(d).getByRole('textbox', { name: '时段归纳' }) as HTMLInputElement).value).toBe('晚间黄金')
    await within(d).findByText('午间')
    expect(checked(d)).toEqual(['新闻后', '剧场前'])

    refuse = () => envelope({ fields: { timePeriodClassName: ['该媒体下已存在同名时段归纳'] } }, '该媒体下已存在同名时段归纳', 4009)
    const name = within(d).getByRole('textbox', { name: '时段归纳' })
    await user.clear(name)
    await user.type(name, '午后')
    await user.click(within(d).getByRole('checkbox', { name: /剧场前/ }))
    await user.click(within(d).getByRole('button', { name: '确定' }))
    expect(await within(d).findByText('该媒体下已存在同名时段归纳')).toBeTruthy()
    expect(api.asked('timePeriodClassUp')[0].body).toEqual({
      classId: 5, mediaId: '3', timePeriodClassName: '午后', timePeriodClassNameUp: '午后', timePeriodId: '51',
    })

    refuse = null
    await user.click(within(d).getByRole('button', { name: '确定' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '编辑时段归纳' })).toBeNull())
    expect(getToast()?.message).toBe('修改成功')
  })
})
