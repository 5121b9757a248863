import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { getToast } from '@/components/ui/toast-store'
import { fakeApi, signedIn } from '@/testing/fake-api'
import { renderPage } from '@/testing/render-page'
import type { SuitFormValues } from '../api/create-suit'
import type { SuitPeriod } from '../api/get-suit-periods'
import type { Suit } from '../api/get-suits'
import { SuitForm } from './suit-form'

const period = (id: number, name: string, start: string, end: string) =>
  ({ id, timePeriodName: name, mediaId: 1, preBroadcastTimeForma: start, preBroadcastTimeFormaEnd: end }) as SuitPeriod

const periods = [period(3, '早间', '07:00:00', '09:00:00'), period(4, '午间', '12:00:00', '13:00:00'), period(5, '晚间', '19:00:00', '21:00:00')]

// The periods of CCTV-1 (media 1), from the fake server as the form's query asks for them.
fakeApi({ suitTimePeriodList: (sent) => (sent.params.get('mediaId') === '1' ? periods : []) })
signedIn()

const spring = {
  id: 7, mediaId: 1, brandId: 2, suitName: '春季', customerMetrics: 120.5, mediaMetrics: 100, seconds: 30, suitTime: '2026-03',
  suit_time_period: [{ timePeriodId: '3,4', timePeriodName: '早间、午间', numberOfTimes: 2, preBroadcastTimeForma: '07:00:00-09:00:00、12:00:00-13:00:00' }],
} as Suit

function setup(suit?: Suit) {
  const onSubmit = vi.fn(async (_: SuitFormValues) => undefined)
  const { user } = renderPage(
    <>
      <SuitForm id="s" suit={suit} media={[{ id: 1, mediaName: 'CCTV-1' }]} brands={[{ id: 2, brandName: '伊利' }]} onSubmit={onSubmit} />
      <button type="submit" form="s">确定</button>
    </>,
  )
  return { user, onSubmit, submit: () => user.click(screen.getByRole('button', { name: '确定' })) }
}

const messageOf = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent
const rows = () => within(screen.getByRole('table', { name: '时段列表' })).getAllByRole('row').slice(1).map((r) => r.textContent)

describe('SuitForm', () => {
  it('starts blank with 15 seconds, shows every required message and warns about the periods', async () => {
    const { submit, onSubmit } = setup()
    expect((screen.getByLabelText('秒数') as HTMLSelectElement).value).toBe('15')
    await submit()
    expect(messageOf(screen.getByLabelText('媒体名称'))).toBe('请选择媒体名称')
    expect(messageOf(screen.getByLabelText('品牌名称'))).toBe('请选择品牌名称')
    expect(messageOf(screen.getByLabelText('套装名称'))).toBe('请输入套装名称')
    expect(messageOf(screen.getByLabelText('客户指标'))).toBe('请输入客户指标')
    expect(messageOf(screen.getByLabelText('媒体指标'))).toBe('请输入媒体指标')
    expect(messageOf(screen.getByLabelText('套装时间'))).toBe('请选择套装时间')
    expect(screen.getByText('请选择时段列表')).toBeTruthy()
    expect(getToast()?.message).toBe('请添加时段集合')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('adds, replaces, takes back and removes entries, then saves them', async () => {
    const { user, submit, onSubmit } = setup(spring)
    expect(rows()).toEqual(['早间、午间07:00:00-09:00:00、12:00:00-13:00:002'])
    await user.click(screen.getByRole('button', { name: '添加' }))
    expect(getToast()?.message).toBe('请选择时段名称')

    // The same set again replaces the entry's count (once CCTV-1's periods are in).
    await user.click(await screen.findByRole('checkbox', { name: /午间/ }))
    await user.click(screen.getByRole('checkbox', { name: /早间/ }))
    await user.clear(screen.getByLabelText('次数'))
    await user.type(screen.getByLabelText('次数'), '5')
    await user.click(screen.getByRole('button', { name: '添加' }))
    expect(rows()).toEqual(['早间、午间07:00:00-09:00:00、12:00:00-13:00:005'])

    await user.click(screen.getByRole('checkbox', { name: /晚间/ }))
    await user.click(screen.getByRole('button', { name: '添加' }))
    expect(rows()).toHaveLength(2)
    // The edit icon moves the entry back into the selector.
    await user.click(screen.getByRole('button', { name: '编辑 早间、午间' }))
    expect(rows()).toHaveLength(1)
    expect((screen.getByRole('checkbox', { name: /早间/ }) as HTMLInputElement).checked).toBe(true)
    expect((screen.getByLabelText('次数') as HTMLInputElement).value).toBe('5')
    await user.click(screen.getByRole('button', { name: '删除 晚间' }))
    expect(rows()).toEqual(['暂无时段，请选择时段和次数后点击添加'])
    await user.click(screen.getByRole('button', { name: '添加' }))

    await submit()
    expect(onSubmit).toHaveBeenCalledOnce()
    const values = onSubmit.mock.calls[0][0]
    expect(values.timePeriodArray.map((e) => [e.ids, e.count])).toEqual([[[3, 4], 5]])
    expect(values.seconds).toBe('30')
  })
})
