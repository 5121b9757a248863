import { describe, expect, it } from 'vitest'
import { i18n } from '@/lib/i18n'
import { tapeChangePayload } from '../api/save-tape-change'
import { addBounds, dayAfter, editBounds, executeAtProblem, tapeChangeSchema } from './tape-change-rules'

const t = i18n.getFixedT('zh-CN', 'orders')

describe('tape-change date bounds', () => {
  it('adds from tomorrow to the cycle end, across month and year ends', () => {
    expect(addBounds('2026-01-01', '2026-12-31', '2026-03-10')).toEqual({ min: '2026-03-11', max: '2026-12-31', tomorrow: '2026-03-11' })
    expect(dayAfter('2026-02-28')).toBe('2026-03-01')
    expect(dayAfter('2026-12-31')).toBe('2027-01-01')
  })

  it('edits within the row’s minDate and maxDate', () => {
    expect(editBounds({ minDate: '2026-04-01', maxDate: '2026-06-30' })).toEqual({ min: '2026-04-01', max: '2026-06-30' })
  })

  it('names what is wrong with a day, as the spec says it', () => {
    const add = addBounds('2026-01-01', '2026-12-31', '2026-03-10')
    expect(executeAtProblem('', add, false)).toEqual({ key: 'dateRequired' })
    expect(executeAtProblem('2026-03-10', add, false)).toEqual({ key: 'notBeforeToday' })
    expect(executeAtProblem('2026-03-11', add, false)).toBeNull()
    expect(executeAtProblem('2026-12-31', add, false)).toBeNull()
    expect(executeAtProblem('2027-01-01', add, false)).toEqual({ key: 'notAfter', date: '2026-12-31' })
    const edit = { min: '2026-04-01', max: '2026-06-30' }
    expect(executeAtProblem('2026-03-31', edit, true)).toEqual({ key: 'notBefore', date: '2026-04-01' })
    expect(executeAtProblem('2026-07-01', edit, true)).toEqual({ key: 'notAfter', date: '2026-06-30' })
  })
})

describe('tape-change form rules', () => {
  const messages = (values: object, editing = false) => {
    const result = tapeChangeSchema(t, { min: '2026-03-11', max: '2026-12-31', tomorrow: '2026-03-11' }, editing).safeParse(values)
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path[0], i.message]))
  }

  it('asks for the versions and the day with the spec’s messages', () => {
    expect(messages({ tapeId: '', upTapeId: '', executeAt: '' })).toEqual({
      tapeId: '请选择订单版本', upTapeId: '请选择换版信息', executeAt: '请选择换版时间',
    })
    expect(messages({ tapeId: '1', upTapeId: '2', executeAt: '2026-03-01' })).toEqual({ executeAt: '换版时间 不能小于当前时间' })
    expect(messages({ tapeId: '1', upTapeId: '2', executeAt: '2027-01-05' })).toEqual({ executeAt: '换版时间不能大于2026-12-31' })
    expect(messages({ tapeId: '1', upTapeId: '2', executeAt: '2026-03-01' }, true)).toEqual({ executeAt: '换版时间不能小于2026-03-11' })
    expect(messages({ tapeId: '3', upTapeId: '3', executeAt: '2026-04-01' })).toEqual({ upTapeId: '换版前后不能是同一版本' })
    expect(messages({ tapeId: '1', upTapeId: '2', executeAt: '2026-04-01' })).toEqual({})
  })

  it('adds with the order and its tape, edits with the id and a midnight time', () => {
    const values = { tapeId: '1', upTapeId: '2', executeAt: '2026-04-01' }
    expect(tapeChangePayload({ orderId: 9, values })).toEqual({ orderId: 9, tapeId: '1', upTapeId: '2', executeAt: '2026-04-01' })
    expect(tapeChangePayload({ orderId: 9, values, id: 4 })).toEqual({ id: 4, upTapeId: '2', executeAt: '2026-04-01 00:00:00' })
  })
})

describe('a cycle that starts after tomorrow', () => {
  it('moves the earliest day to the cycle start, and says so', () => {
    const bounds = addBounds('2026-05-01', '2026-12-31', '2026-03-10')
    expect(bounds.min).toBe('2026-05-01')
    expect(executeAtProblem('2026-03-10', bounds, false)).toEqual({ key: 'notBeforeToday' })
    expect(executeAtProblem('2026-04-01', bounds, false)).toEqual({ key: 'notBefore', date: '2026-05-01' })
    expect(executeAtProblem('2026-05-01', bounds, false)).toBeNull()
  })
})
