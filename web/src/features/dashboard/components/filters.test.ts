import { describe, expect, it } from 'vitest'
import {
  byName, dayCountError, defaultGroupNames, draftError, draftOf, firstVisit, queryOf, readRemembered, rememberedOf, resolveQuery, withDefaults, withMedia,
} from './filters'

const today = new Date(2026, 1, 17) // 17 February 2026, local time

describe('remembered filters', () => {
  it('the first visit is the current month by week', () => {
    expect(firstVisit(today)).toEqual({ timeType: '4', timeAdd: '2026-02-01', timeEnd: '2026-02-28' })
    expect(firstVisit(new Date(2028, 1, 3)).timeEnd).toBe('2028-02-29')
    expect(readRemembered(null, today)).toEqual(firstVisit(today))
  })

  it('keeps media, time grouping, day count and dates of the last search, nothing else', () => {
    const searched = { mediaId: '2', productId: '5,6', category: '2', timeType: '5', timeTypeValue: '7', timeAdd: '2026-01-01', timeEnd: '2026-01-31' }
    const kept = JSON.stringify(rememberedOf(searched))
    expect(readRemembered(kept, today)).toEqual({ mediaId: '2', timeType: '5', timeTypeValue: '7', timeAdd: '2026-01-01', timeEnd: '2026-01-31' })
    // A bare visit starts from there.
    expect(resolveQuery({}, readRemembered(kept, today))).toEqual({ mediaId: '2', timeType: '5', timeTypeValue: '7', timeAdd: '2026-01-01', timeEnd: '2026-01-31' })
  })

  it('ignores what it cannot use', () => {
    expect(readRemembered('{', today)).toEqual(firstVisit(today))
    expect(readRemembered('{"timeType":"9","timeAdd":"2026-01-01","timeEnd":"2026-01-31"}', today)).toEqual(firstVisit(today))
    expect(readRemembered('{"timeType":"3","timeAdd":"2026-01-01","timeEnd":"x"}', today)).toEqual(firstVisit(today))
    expect(readRemembered('{"mediaId":"x","timeType":"5","timeTypeValue":"0","timeAdd":"2026-01-01","timeEnd":"2026-01-31"}', today))
      .toEqual({ mediaId: undefined, timeType: '5', timeTypeValue: '1', timeAdd: '2026-01-01', timeEnd: '2026-01-31' })
  })

  it('a URL with dates is a search and wins over what is remembered', () => {
    const remembered = { mediaId: '2', timeType: '3', timeAdd: '2026-01-01', timeEnd: '2026-01-31' }
    expect(resolveQuery({ productId: '5', timeAdd: '2026-03-01', timeEnd: '2026-03-31' }, remembered))
      .toEqual({ productId: '5', timeType: '4', timeTypeValue: undefined, timeAdd: '2026-03-01', timeEnd: '2026-03-31' })
    expect(resolveQuery({ timeType: '5', timeAdd: '2026-03-01', timeEnd: '2026-03-31' }, remembered).timeTypeValue).toBe('1')
    expect(resolveQuery({ timeType: '3', timeTypeValue: '9', timeAdd: '2026-03-01', timeEnd: '2026-03-31' }, remembered).timeTypeValue).toBeUndefined()
  })
})

describe('the draft', () => {
  const query = {
    mediaId: '1', productId: '5,6', defaultAudienceCityGroupId: '11,12', category: '2,4', source: '3', timePeriodClassId: '8',
    timeType: '4', timeAdd: '2026-03-01', timeEnd: '2026-03-31',
  }

  it('splits multi-values and joins them back unchanged', () => {
    const draft = draftOf(query)
    expect(draft).toMatchObject({ productIds: ['5', '6'], groupIds: ['11', '12'], categories: ['2', '4'], sources: ['3'], classIds: ['8'], dayCount: '1' })
    expect(queryOf(draft)).toEqual({ ...query, belongingTo: undefined, timeTypeValue: undefined })
  })

  it('counts the customer side unless the media side is chosen, which the URL then says', () => {
    expect(draftOf(query).side).toBe('1')
    expect(draftOf({ ...query, belongingTo: '9' }).side).toBe('1')
    const media = draftOf({ ...query, belongingTo: '2' })
    expect(media.side).toBe('2')
    expect(queryOf(media).belongingTo).toBe('2')
    expect(queryOf({ ...media, side: '1' }).belongingTo).toBeUndefined()
    expect(withMedia(media, '2').side).toBe('2')
  })

  it('changing media clears the chosen products and their groups, keeping the rest', () => {
    const draft = withMedia(draftOf(query), '2')
    expect(draft).toMatchObject({ mediaId: '2', productIds: [], groupIds: [], categories: ['2', '4'], classIds: ['8'] })
    expect(queryOf(draft)).toMatchObject({ mediaId: '2', productId: undefined, defaultAudienceCityGroupId: undefined })
    const same = draftOf(query)
    expect(withMedia(same, '1')).toBe(same)
  })

  it('sends only groups and classes still offered', () => {
    expect(queryOf(draftOf(query), { groups: [12, 13], classes: [] })).toMatchObject({ defaultAudienceCityGroupId: '12', timePeriodClassId: undefined })
  })

  it('time grouping 5 sends a day count, 1 unless changed; other groupings send none', () => {
    const weekly = draftOf(query)
    const runs = { ...weekly, timeType: '5' }
    expect(queryOf(runs).timeTypeValue).toBe('1')
    expect(queryOf({ ...runs, dayCount: ' 14 ' }).timeTypeValue).toBe('14')
    expect(queryOf({ ...weekly, dayCount: '14' }).timeTypeValue).toBeUndefined()
    expect(draftError({ ...runs, dayCount: '0' })).toBe('dayCount')
    expect(draftError({ ...runs, dayCount: '367' })).toBe('dayCount')
    expect(draftError({ ...runs, dayCount: '1.5' })).toBe('dayCount')
    expect(draftError({ ...runs, dayCount: '366' })).toBeUndefined()
    expect(dayCountError('')).toBe('dayCount')
  })

  it('refuses missing or reversed dates', () => {
    expect(draftError({ ...draftOf(query), timeEnd: '' })).toBe('datesMissing')
    expect(draftError({ ...draftOf(query), timeAdd: '2026-04-01' })).toBe('datesReversed')
    expect(draftError(draftOf(query))).toBeUndefined()
  })

  it('refuses a range longer than the server takes (3,660 days), as it would', () => {
    // 2016-01-01 to 2026-01-08 is 3,660 days apart (three leap days), to 2026-01-09 3,661.
    expect(draftError({ ...draftOf(query), timeAdd: '2016-01-01', timeEnd: '2026-01-08' })).toBeUndefined()
    expect(draftError({ ...draftOf(query), timeAdd: '2016-01-01', timeEnd: '2026-01-09' })).toBe('datesTooLong')
  })
})

describe('remembered ranges', () => {
  it('a kept range the server refuses is not used', () => {
    const kept = JSON.stringify({ timeType: '3', timeAdd: '2016-01-01', timeEnd: '2026-11-30' })
    expect(readRemembered(kept, today)).toEqual(firstVisit(today))
  })
})

describe('default groups', () => {
  const groups = [{ id: 11, name: '全国4+', defaultFor: [5] }, { id: 12, name: '北京', defaultFor: [] }, { id: 21, name: '全国4+ ', defaultFor: [6] }]

  it('marks the option of a chosen product\'s default group, merged or not', () => {
    const options = byName(groups, (g) => g.name)
    expect(withDefaults(options, groups, '（默认）')).toEqual([{ value: '11,21', label: '全国4+（默认）' }, { value: '12', label: '北京' }])
    expect(withDefaults(options, undefined, '（默认）')).toEqual(options)
  })

  it('names each default group once', () => {
    expect(defaultGroupNames(groups)).toEqual(['全国4+'])
    expect(defaultGroupNames([...groups, { id: 13, name: '上海', defaultFor: [7] }])).toEqual(['全国4+', '上海'])
    expect(defaultGroupNames(undefined)).toEqual([])
  })
})

describe('same-named options', () => {
  it('become one option holding every id of the name, in the first one\'s place', () => {
    const rows = [{ id: 4, n: '黄金时段' }, { id: 5, n: '非黄金时段' }, { id: 9, n: '黄金时段 ' }, { id: 12, n: '非黄金时段' }, { id: 13, n: '午间' }]
    expect(byName(rows, (r) => r.n)).toEqual([
      { value: '4,9', label: '黄金时段' }, { value: '5,12', label: '非黄金时段' }, { value: '13', label: '午间' },
    ])
    expect(byName(undefined, () => '')).toEqual([])
  })
})
