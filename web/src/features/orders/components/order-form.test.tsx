import { fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api-client'
import type { OrderFormValues } from '../api/create-order'
import type { OrderProduct } from '../api/get-order-products'
import type { Order } from '../api/get-orders'
import { OrderForm } from './order-form'

// Stable answers, as the query cache gives them.
const groups: Record<string, unknown> = {
  '7': { defaultId: 12, list: [{ id: 11, name: '全国' }, { id: 12, name: '北京' }] },
  '8': { defaultId: 13, list: [{ id: 13, name: '上海' }] },
}
const tapes: Record<string, unknown> = {
  '7': [{ id: 21, mediaFileName: 'spring.mp4', mediaTapeNumber: 'T-1' }, { id: 22, mediaFileName: 'summer.mp4', mediaTapeNumber: 'T-2' }],
  '8': [{ id: 23, mediaFileName: 'other.mp4', mediaTapeNumber: 'T-3' }],
}
const suits = [
  { id: 4, suitName: '春季套装', customerMetrics: 0.1, mediaMetrics: 100, suitTime: '2026-03', seconds: 15 },
  { id: 5, suitName: '夏季套装', customerMetrics: 0.2, mediaMetrics: 100.25, suitTime: '2026-04', seconds: 15 },
]
vi.mock('../api/get-order-groups', () => ({ useOrderGroups: (p: string) => ({ data: groups[p] }) }))
vi.mock('../api/get-order-tapes', () => ({ useOrderTapes: (p: string) => ({ data: tapes[p] }) }))
vi.mock('../api/get-order-suits', () => ({ useOrderSuits: (p: string, m: string) => ({ data: p && m === '1' ? suits : p && m ? [] : undefined }) }))

const media = [{ id: 1, mediaName: 'CCTV-1' }, { id: 2, mediaName: '湖南卫视' }]
const products = [
  { id: 7, productName: '纯牛奶', seconds: 30, brandId: 2, brandName: '伊利', mediaId: null },
  { id: 8, productName: '酸奶', seconds: 10, brandId: 2, brandName: '伊利', mediaId: null },
] as OrderProduct[]

function setup(order?: Order, onSubmit = vi.fn(async (_: OrderFormValues) => undefined)) {
  render(
    <>
      <OrderForm id="o" order={order} media={media} products={products} onSubmit={onSubmit} />
      <button type="submit" form="o">确定</button>
    </>,
  )
  const user = userEvent.setup()
  return { user, onSubmit, submit: () => user.click(screen.getByRole('button', { name: '确定' })) }
}

const messageOf = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement
const group = (name: string) => screen.getByRole('group', { name })

async function chooseProduct(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByLabelText('产品名称'))
  await user.click(screen.getByRole('option', { name: new RegExp(name) }))
}

describe('OrderForm', () => {
  it('shows every required message and does not send', async () => {
    const { submit, onSubmit } = setup()
    expect(input('秒数').value).toBe('15')
    await submit()
    expect(messageOf(input('媒体'))).toBe('请选择媒体')
    expect(messageOf(input('产品名称'))).toBe('请选择产品名称')
    expect(messageOf(input('受众/城市组'))).toBe('请选择受众/城市组')
    expect(messageOf(input('周期开始'))).toBe('请选择周期开始')
    expect(messageOf(input('周期结束'))).toBe('请选择周期结束')
    expect(messageOf(input('跟进日期'))).toBe('请选择跟进日期')
    for (const [name, message] of [['产品磁带', '请选择产品磁带'], ['套装', '请选择套装'], ['客户赠播计算方式', '请选择赠播计算方式'], ['媒体赠播计算方式', '请选择赠播计算方式']]) {
      expect(within(group(name)).getByRole('alert').textContent).toBe(message)
    }
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('sums the chosen suits into both metrics and resets them when the media or product changes', async () => {
    const { user } = setup()
    await user.selectOptions(input('媒体'), '1')
    await chooseProduct(user, '纯牛奶')
    // The product's seconds and default group are taken.
    expect(input('秒数').value).toBe('30')
    expect(input('受众/城市组').value).toBe('12')
    await user.click(screen.getByRole('checkbox', { name: /spring\.mp4/ }))
    await user.click(screen.getByRole('checkbox', { name: /春季套装/ }))
    await user.click(screen.getByRole('checkbox', { name: /夏季套装/ }))
    expect(input('客户指标').value).toBe('0.300')
    expect(input('媒体指标').value).toBe('200.250')
    await user.click(screen.getByRole('checkbox', { name: /春季套装/ }))
    expect(input('客户指标').value).toBe('0.200')
    // Metrics stay editable.
    await user.clear(input('客户指标'))
    await user.type(input('客户指标'), '5')
    expect(input('客户指标').value).toBe('5')

    await user.selectOptions(input('媒体'), '2')
    expect(within(group('套装')).getByText('该媒体暂无此品牌的套装，请先在套装管理中添加')).toBeTruthy()
    expect(input('客户指标').value).toBe('0')
    expect((screen.getByRole('checkbox', { name: /spring\.mp4/ }) as HTMLInputElement).checked).toBe(true)

    await user.selectOptions(input('媒体'), '1')
    await user.click(screen.getByRole('checkbox', { name: /夏季套装/ }))
    await chooseProduct(user, '酸奶')
    expect(input('秒数').value).toBe('10')
    expect(input('受众/城市组').value).toBe('13')
    expect(input('媒体指标').value).toBe('0')
    expect((screen.getByRole('checkbox', { name: /other\.mp4/ }) as HTMLInputElement).checked).toBe(false)
    expect(screen.queryAllByRole('checkbox', { checked: true })).toHaveLength(0)
  })

  const order = {
    id: 9, mediaId: 1, mediaName: 'CCTV-1', productId: 7, productName: '纯牛奶', brandId: 2, brandName: '伊利', seconds: 30,
    defaultId: 11, defaultName: '全国', orderProductMagneticTapeId: [21],
    tapes: [{ id: 21, mediaFileName: 'spring.mp4', mediaTapeNumber: 'T-1' }],
    suit: [{ id: 4, suitName: '春季套装', customerMetrics: 0.1, mediaMetrics: 100 }],
    cycleTimeAdd: '2026-03-01', cycleTimeEnd: '2026-03-31', followDate: '2026-02-20', blankWeek: '2026-03-08', notes: '旧备注',
    adjustingQuantity: 0, category: null, source: null, customerFreeBroadcastCalculation: 1, customerFreeBroadcastValue: 0,
    customerMetrics: 0.1, mediaFreeBroadcastCalculation: 3, mediaFreeBroadcastValue: 5, mediaMetrics: 100,
  } as unknown as Order

  it('offers the make-good policy, 无 by default for a new order, the order\'s own when editing, and sends the choice', async () => {
    const { unmount } = render(<OrderForm id="n" media={media} products={products} onSubmit={vi.fn()} />)
    const fresh = input('补播政策') as unknown as HTMLSelectElement
    expect(fresh.value).toBe('1')
    expect([...fresh.options].map((o) => [o.value, o.textContent])).toEqual([['1', '无'], ['2', '错一补一'], ['3', '漏一补二']])
    unmount()

    const { user, submit, onSubmit } = setup({ ...order, makeGoodPolicy: 2 } as Order)
    expect(input('补播政策').value).toBe('2')
    await user.selectOptions(input('补播政策'), '3')
    await submit()
    expect(onSubmit).toHaveBeenCalledTimes(1)
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ makeGoodPolicy: '3' })
  })

  it('locks media, product, group, seconds and suits when editing, and keeps the input on a server error', async () => {
    const onSubmit = vi.fn(async (_: OrderFormValues) => {
      throw new ApiError(4000, '参数错误', { fields: { cycleTimeAdd: ['周期外已有排期点位，不能缩短到该周期'] } }, 400)
    })
    const { user, submit } = setup(order, onSubmit)
    for (const label of ['媒体', '产品名称', '受众/城市组', '秒数']) expect(input(label).disabled).toBe(true)
    expect(input('受众/城市组').value).toBe('11')
    for (const box of within(group('套装')).getAllByRole('checkbox')) expect((box as HTMLInputElement).disabled).toBe(true)
    expect(within(group('空档日期')).getByText('2026-03-08')).toBeTruthy()
    await user.clear(input('备注'))
    await user.type(input('备注'), '新备注')
    fireEvent.change(input('周期开始'), { target: { value: '2026-03-05' } })
    await submit()
    expect(onSubmit).toHaveBeenCalledTimes(1)
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ mediaId: '1', productId: '7', defaultId: '11', seconds: '30', suitId: [4], notes: '新备注' })
    expect(messageOf(input('周期开始'))).toBe('周期外已有排期点位，不能缩短到该周期')
    expect(input('备注').value).toBe('新备注')
  })
})
