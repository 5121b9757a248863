import { describe, expect, it } from 'vitest'
import type { EntryValue } from '../api/create-suit'
import { suitPayload } from '../api/create-suit'
import type { Suit } from '../api/get-suits'
import { entriesOfSuit, parseCount, putEntry } from './suit-entries'

const entry = (ids: number[], count: number): EntryValue => ({ ids, count, names: ids.join('、'), times: '' })

describe('suit entries', () => {
  it('re-adding a period set replaces its entry where it stands', () => {
    const list = [entry([3, 4], 2), entry([5], 1)]
    expect(putEntry(list, entry([4, 3], 6)).map((e) => [e.ids, e.count])).toEqual([[[3, 4], 6], [[5], 1]])
    expect(putEntry(list, entry([3], 1))).toHaveLength(3)
  })

  it('counts are whole numbers of at least 1', () => {
    expect(parseCount('2')).toBe(2)
    for (const bad of ['0', '-1', '1.5', '', 'x']) expect(parseCount(bad)).toBeNull()
  })

  it('reads a listed suit back and sends comma-joined period ids', () => {
    const suit = {
      suit_time_period: [{ timePeriodId: '4,3', timePeriodName: '早间、午间', numberOfTimes: 2, preBroadcastTimeForma: 'x' }],
    } as Suit
    const entries = entriesOfSuit(suit)
    expect(entries[0].ids).toEqual([3, 4])
    const payload = suitPayload({
      mediaId: '1', brandId: '2', suitName: ' 春季 ', customerMetrics: '1', mediaMetrics: '2', seconds: '15', suitTime: '2026-03',
      timePeriodArray: entries,
    })
    expect(payload.suitName).toBe('春季')
    expect(payload.timePeriodArray).toEqual([{ timePeriodId: '3,4', numberOfTimes: 2 }])
  })
})
