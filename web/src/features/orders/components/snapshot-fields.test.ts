import { describe, expect, it } from 'vitest'
import { i18n } from '@/lib/i18n'
import { changedRows, snapshotRows } from './snapshot-fields'

const t = i18n.getFixedT('zh-CN', ['orders', 'common'])

const version = {
  orderProductMagneticTapeId: [11, 12, 99],
  cycleTimeAdd: '2026-03-01',
  cycleTimeEnd: '2027-03-01',
  followDate: '2026-02-20',
  blankWeek: '2026-03-08,2026-03-09',
  notes: '首版',
  adjustingQuantity: 2.5,
  category: 2,
  source: null,
  customerFreeBroadcastCalculation: 2,
  customerFreeBroadcastValue: 10,
  customerMetrics: 220.3,
  mediaFreeBroadcastCalculation: 1,
  mediaFreeBroadcastValue: 0,
  mediaMetrics: 180.125,
  makeGoodPolicy: 3,
}
const names = new Map([[11, 'spring.mp4'], [12, 'lantern.mp4']])

describe('snapshot fields', () => {
  it('labels every field in Chinese, names tapes and spells out calculations and data kinds', () => {
    const rows = snapshotRows(version, t, (id) => names.get(id))
    expect(Object.fromEntries(rows.map((r) => [r.label, r.value]))).toEqual({
      周期: '2026-03-01 ~ 2027-03-01',
      产品磁带: 'spring.mp4、lantern.mp4、#99',
      跟进日期: '2026-02-20',
      空档日期: '2026-03-08、2026-03-09',
      备注: '首版',
      调整数量: '2.5',
      数据类别: '客户数据',
      数据来源: '不限',
      客户赠播计算方式: '百分比',
      客户赠播值: '10',
      客户指标: '220.300',
      媒体赠播计算方式: '无',
      媒体赠播值: '0',
      媒体指标: '180.125',
      补播政策: '漏一补二',
    })
  })

  it('reads empty or missing fields as 无', () => {
    const rows = snapshotRows({ notes: ' ', blankWeek: '', orderProductMagneticTapeId: [] }, t, () => undefined)
    const value = (label: string) => rows.find((r) => r.label === label)?.value
    expect(value('备注')).toBe('无')
    expect(value('空档日期')).toBe('无')
    expect(value('产品磁带')).toBe('无')
    expect(value('周期')).toBe('无')
    expect(value('客户指标')).toBe('无')
    // A version kept before the make-good policy existed: the order had none (无).
    expect(value('补播政策')).toBe('无')
    expect(snapshotRows(null, t, () => undefined)).toHaveLength(15)
  })

  it('marks the rows a version changed against the one before', () => {
    expect(changedRows(version, undefined).size).toBe(0)
    const next = { ...version, notes: '改了', cycleTimeEnd: '2027-02-01', orderProductMagneticTapeId: [11, 12] }
    expect([...changedRows(next, version)].sort()).toEqual(['cycle', 'notes', 'tapes'])
    expect(changedRows(version, { ...version }).size).toBe(0)
    expect([...changedRows({ ...version, makeGoodPolicy: 2 }, version)]).toEqual(['makeGoodPolicy'])
    // No policy in the older version is 无 (1): choosing 无 is no change, 错一补一 is.
    const { makeGoodPolicy: _, ...before } = version
    expect(changedRows({ ...version, makeGoodPolicy: 1 }, before).size).toBe(0)
    expect([...changedRows({ ...version, makeGoodPolicy: 2 }, before)]).toEqual(['makeGoodPolicy'])
  })
})
