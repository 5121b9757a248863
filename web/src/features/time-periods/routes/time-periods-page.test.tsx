import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { envelope, fakeApi, signedIn } from '@/testing/fake-api'
import { renderPage } from '@/testing/render-page'
import TimePeriodsPage from './time-periods-page'

const period = {
  id: 11, timePeriodName: '晚间新闻', preBroadcastTimeForma: '19:00:00', preBroadcastTimeFormaEnd: '19:30:00',
  updateTime: '2026-01-01 10:00:00', createTime: '2026-01-01 10:00:00',
}
const server = fakeApi(
  {
    timePeriodIndex: () =>
      ({
        data: [{ classId: 3, timePeriodClassName: '黄金时段', mediaId: 1, media: { mediaName: 'CCTV-1' }, children: [period], updateTime: '', createTime: '' }],
        total: 1,
      }) as never,
    timePeriodClassDel: () => envelope(null, '删除成功'),
    timePeriodDel: () => envelope(null, '删除成功'),
  },
  () => [],
)
signedIn()

describe('TimePeriodsPage deletes', () => {
  it('names the class it deletes and says what becomes of its periods; names a period by its name', async () => {
    const { user } = renderPage(<TimePeriodsPage />, { url: '/timePeriodManagement/index' })
    await screen.findByText('晚间新闻')
    const [ofClass, ofPeriod] = screen.getAllByRole('button', { name: '删除' })
    await user.click(ofClass)
    let ask = await screen.findByRole('alertdialog', { name: '提示' })
    expect(ask.textContent).toContain('确定删除时段归纳「黄金时段」吗？其中的时段将变为未归纳。')
    await user.click(within(ask).getByRole('button', { name: '取消' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    await user.click(ofPeriod)
    ask = await screen.findByRole('alertdialog', { name: '提示' })
    expect(ask.textContent).toContain('确定删除时段「晚间新闻」吗？')
    await user.click(within(ask).getByRole('button', { name: '确定' }))
    await waitFor(() => expect(server.asked('timePeriodDel')).toHaveLength(1))
    expect(server.asked('timePeriodClassDel')).toEqual([])
  })
})
