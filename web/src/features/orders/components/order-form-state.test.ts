import { describe, expect, it } from 'vitest'
import { i18n } from '@/lib/i18n'
import { orderPayload, orderSchema, type OrderFormValues } from '../api/create-order'
import type { Order } from '../api/get-orders'
import { updatePayload } from '../api/update-order'
import { addBlankDay, initialValues, mediaChanged, productChanged, suitMetrics } from './order-form-state'

const suit = (id: number, customerMetrics: number, mediaMetrics: number) => ({ id, customerMetrics, mediaMetrics })

const filled: OrderFormValues = {
  ...initialValues(),
  mediaId: '3', productId: '7', defaultId: '11', seconds: '30',
  orderProductMagneticTapeId: [21, 20], suitId: [5, 4],
  cycleTimeAdd: '2026-03-01', cycleTimeEnd: '2026-03-31', followDate: '2026-02-20', blankWeek: ['2026-03-08', '2026-03-15'],
  notes: ' 春节档 ', adjustingQuantity: '', category: '2', source: '',
  customerFreeBroadcastCalculation: '2', customerFreeBroadcastValue: '10', customerMetrics: '220.500',
  mediaFreeBroadcastCalculation: '1', mediaFreeBroadcastValue: '0', mediaMetrics: '200',
}

describe('suit metrics', () => {
  it('sums each side to 3 decimals without float drift', () => {
    expect(suitMetrics([suit(1, 0.1, 0.7), suit(2, 0.2, 0.1)], [1, 2])).toEqual({ customerMetrics: '0.300', mediaMetrics: '0.800' })
    expect(suitMetrics([suit(1, 120.5, 100), suit(2, 100, 100.25)], [2, 1])).toEqual({ customerMetrics: '220.500', mediaMetrics: '200.250' })
    expect(suitMetrics([suit(1, 1.1, 2.2), suit(2, 2.2, 1.1), suit(3, 3.3, 3.3)], [1, 2, 3]).customerMetrics).toBe('6.600')
  })

  it('counts only the chosen suits, and nothing when none is chosen', () => {
    const suits = [suit(1, 1.234, 5), suit(2, 9, 9)]
    expect(suitMetrics(suits, [1])).toEqual({ customerMetrics: '1.234', mediaMetrics: '5.000' })
    expect(suitMetrics(suits, [])).toEqual({ customerMetrics: '0.000', mediaMetrics: '0.000' })
    expect(suitMetrics(suits, [99])).toEqual({ customerMetrics: '0.000', mediaMetrics: '0.000' })
  })
})

describe('dialog resets', () => {
  it('another product clears tapes, suits and group, zeroes the metrics and takes its seconds', () => {
    expect(productChanged({ seconds: 30 })).toEqual({
      orderProductMagneticTapeId: [], suitId: [], defaultId: '', customerMetrics: '0', mediaMetrics: '0', seconds: '30',
    })
    expect(productChanged(undefined)).not.toHaveProperty('seconds')
  })

  it('another media clears the suits and zeroes the metrics, keeping the tapes', () => {
    expect(mediaChanged()).toEqual({ suitId: [], customerMetrics: '0', mediaMetrics: '0' })
  })

  it('adds a blank day once, in date order', () => {
    expect(addBlankDay(['2026-03-15'], '2026-03-08')).toEqual(['2026-03-08', '2026-03-15'])
    expect(addBlankDay(['2026-03-08'], '2026-03-08')).toEqual(['2026-03-08'])
    expect(addBlankDay([], '')).toEqual([])
  })
})

describe('initial values', () => {
  it('starts a new order at 15 seconds with values and metrics 0', () => {
    const v = initialValues()
    expect([v.seconds, v.customerFreeBroadcastValue, v.customerMetrics, v.mediaFreeBroadcastValue, v.mediaMetrics]).toEqual(['15', '0', '0', '0', '0'])
    expect(v.customerFreeBroadcastCalculation).toBe('')
  })

  it('fills an edit from orderInfo', () => {
    const order = {
      id: 9, mediaId: 3, productId: 7, defaultId: 11, seconds: 30, orderProductMagneticTapeId: [21, 20],
      suit: [{ id: 5, suitName: 'A', customerMetrics: 1, mediaMetrics: 2 }], cycleTimeAdd: '2026-03-01', cycleTimeEnd: '2026-03-31',
      followDate: '2026-02-20', blankWeek: '2026-03-08,2026-03-15', notes: 'n', adjustingQuantity: -2, category: null, source: 3,
      customerFreeBroadcastCalculation: 2, customerFreeBroadcastValue: 10, customerMetrics: 1.5,
      mediaFreeBroadcastCalculation: 3, mediaFreeBroadcastValue: 4, mediaMetrics: 2,
    } as unknown as Order
    const v = initialValues(order)
    expect(v).toMatchObject({ mediaId: '3', productId: '7', defaultId: '11', seconds: '30', suitId: [5], category: '', source: '3' })
    expect(v.blankWeek).toEqual(['2026-03-08', '2026-03-15'])
    expect(v.adjustingQuantity).toBe('-2')
    expect(initialValues({ ...order, blankWeek: '' } as Order).blankWeek).toEqual([])
  })
})

describe('payloads', () => {
  it('orderAdd gets comma-joined ids and days, trimmed notes, and no empty fields', () => {
    const p = orderPayload(filled)
    expect(p).toMatchObject({
      mediaId: '3', productId: '7', defaultId: '11', seconds: '30', orderProductMagneticTapeId: '21,20', suitId: '5,4',
      blankWeek: '2026-03-08,2026-03-15', notes: '春节档', category: '2', customerMetrics: '220.500',
    })
    expect(p.source).toBeUndefined()
    expect(p.adjustingQuantity).toBeUndefined()
    expect(orderPayload({ ...filled, blankWeek: [] }).blankWeek).toBeUndefined()
  })

  it('sends the make-good policy as a number with orderAdd and orderUp; an order read without one has 无', () => {
    expect(initialValues().makeGoodPolicy).toBe('1')
    expect(orderPayload({ ...filled, makeGoodPolicy: '3' }).makeGoodPolicy).toBe(3)
    expect(updatePayload(9, { ...filled, makeGoodPolicy: '2' }).makeGoodPolicy).toBe(2)
    const withoutPolicy = { id: 9, orderProductMagneticTapeId: [], suit: [], blankWeek: '' } as unknown as Order
    expect(initialValues(withoutPolicy).makeGoodPolicy).toBe('1')
    expect(initialValues({ ...withoutPolicy, makeGoodPolicy: 3 } as Order).makeGoodPolicy).toBe('3')
  })

  it('orderUp leaves the locked fields out', () => {
    const p = updatePayload(9, filled)
    expect(p.orderId).toBe(9)
    for (const locked of ['mediaId', 'productId', 'defaultId', 'seconds', 'suitId']) expect(p).not.toHaveProperty(locked)
    expect(p).toMatchObject({ orderProductMagneticTapeId: '21,20', cycleTimeEnd: '2026-03-31', customerFreeBroadcastValue: '10' })
  })
})

describe('order schema', () => {
  const schema = orderSchema(i18n.getFixedT('zh-CN', 'orders'))
  const messages = (v: OrderFormValues) => {
    const r = schema.safeParse(v)
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]))
  }

  it('names every missing required field with the spec messages', () => {
    expect(messages(initialValues())).toEqual({
      mediaId: '请选择媒体', productId: '请选择产品名称', defaultId: '请选择受众/城市组', orderProductMagneticTapeId: '请选择产品磁带',
      suitId: '请选择套装', cycleTimeAdd: '请选择周期开始', cycleTimeEnd: '请选择周期结束', followDate: '请选择跟进日期',
      customerFreeBroadcastCalculation: '请选择赠播计算方式', mediaFreeBroadcastCalculation: '请选择赠播计算方式',
    })
    expect(messages(filled)).toEqual({})
  })

  it('checks the cycle, blank days and numbers', () => {
    expect(messages({ ...filled, cycleTimeEnd: '2026-02-28', blankWeek: [] })).toEqual({ cycleTimeEnd: '周期结束不能早于周期开始' })
    expect(messages({ ...filled, blankWeek: ['2026-04-01'] })).toEqual({ blankWeek: '空档日期 2026-04-01 不在周期内' })
    expect(messages({ ...filled, mediaMetrics: '-1', customerFreeBroadcastValue: 'x', adjustingQuantity: 'abc' })).toEqual({
      mediaMetrics: '指标必须是大于等于0的数字', customerFreeBroadcastValue: '赠播值必须是大于等于0的数字', adjustingQuantity: '调整数量必须是数字',
    })
  })
})
