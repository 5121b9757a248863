import type { TFunction } from '@/lib/i18n'
import { z } from '@/lib/schema'
import { dayAfter, localDay } from '@/lib/timestamps'
import type { TapeChange } from '../api/get-tape-changes'
import type { TapeChangeValues } from '../api/save-tape-change'

/** The days a change may be put on, `YYYY-MM-DD` both ends. */
export type DateBounds = { min: string; max: string; /** Adding only: the first day after today. */ tomorrow?: string }

export { dayAfter }
export const todayText = () => localDay()

/** Adding: after today (tomorrow at the earliest) and within the cycle. */
export function addBounds(cycleStart: string, cycleEnd: string, today = todayText()): DateBounds {
  const tomorrow = dayAfter(today)
  return { min: cycleStart > tomorrow ? cycleStart : tomorrow, max: cycleEnd, tomorrow }
}

/** Editing a pending change: between the server's minDate (tomorrow or the cycle start) and maxDate (the cycle end). */
export function editBounds(change: Pick<TapeChange, 'minDate' | 'maxDate'>): DateBounds {
  return { min: change.minDate, max: change.maxDate }
}

export type DateProblem = { key: 'dateRequired' | 'notBeforeToday' | 'notBefore' | 'notAfter'; date?: string }

/**
 * What is wrong with `date` (`YYYY-MM-DD`) for a change, with the spec's messages in mind:
 * adding before tomorrow is 换版时间 不能小于当前时间, an edit before its minDate names it.
 */
export function executeAtProblem(date: string, bounds: DateBounds, editing: boolean): DateProblem | null {
  if (!date) return { key: 'dateRequired' }
  if (!editing && bounds.tomorrow && date < bounds.tomorrow) return { key: 'notBeforeToday' }
  if (date < bounds.min) return { key: 'notBefore', date: bounds.min }
  if (bounds.max && date > bounds.max) return { key: 'notAfter', date: bounds.max }
  return null
}

/** docs/screens.md "Order dialogs" tape change: 订单版本 and 换版信息 required and different, the day within its bounds. */
export function tapeChangeSchema(t: TFunction<'orders'>, bounds: DateBounds, editing: boolean) {
  return z
    .object({
      tapeId: z.string().min(1, t('tapeChanges.tapeRequired')),
      upTapeId: z.string().min(1, t('tapeChanges.upTapeRequired')),
      executeAt: z.string(),
    })
    .superRefine((v: TapeChangeValues, ctx) => {
      const problem = executeAtProblem(v.executeAt, bounds, editing)
      if (problem) ctx.addIssue({ code: 'custom', path: ['executeAt'], message: t(`tapeChanges.${problem.key}`, { date: problem.date }) })
      if (v.tapeId && v.upTapeId && v.tapeId === v.upTapeId) {
        ctx.addIssue({ code: 'custom', path: ['upTapeId'], message: t('tapeChanges.sameTape') })
      }
    })
}
