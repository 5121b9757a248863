import { listOf } from '@/lib/i18n-text'
import type { EntryValue } from '../api/create-suit'
import type { SuitPeriod } from '../api/get-suit-periods'
import type { Suit } from '../api/get-suits'

const sorted = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b)

export const sameSet = (a: number[], b: number[]) => a.length === b.length && sorted(a).every((id, i) => id === sorted(b)[i])

/** Adds an entry; one with the same period set is replaced where it stands (docs/screens.md "Master-data screens"). */
export function putEntry(list: EntryValue[], added: EntryValue): EntryValue[] {
  const entry = { ...added, ids: sorted(added.ids) }
  const at = list.findIndex((e) => sameSet(e.ids, entry.ids))
  if (at < 0) return [...list, entry]
  return list.map((e, i) => (i === at ? entry : e))
}

/** An entry of the chosen periods, named and timed in broadcast order. */
export function entryOf(ids: number[], count: number, periods: SuitPeriod[]): EntryValue {
  const chosen = periods.filter((p) => ids.includes(p.id))
  return {
    ids: sorted(ids),
    count,
    names: listOf(chosen.map((p) => p.timePeriodName)),
    times: listOf(chosen.map((p) => `${p.preBroadcastTimeForma}-${p.preBroadcastTimeFormaEnd}`)),
  }
}

/** A listed suit's entries as the dialog edits them. */
export function entriesOfSuit(suit: Suit): EntryValue[] {
  return suit.suit_time_period.map((e) => ({
    ids: sorted(e.timePeriodId.split(',').filter(Boolean).map(Number)),
    count: e.numberOfTimes,
    names: e.timePeriodName,
    times: e.preBroadcastTimeForma,
  }))
}

/** A count typed by the user: an integer ≥ 1, else null. */
export function parseCount(text: string): number | null {
  const n = Number(text)
  return text.trim() !== '' && Number.isInteger(n) && n >= 1 ? n : null
}
