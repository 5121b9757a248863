import type { OrderTime } from '../api/get-order-time'

/** The days a moved spot may land on, as orderTime tells them (`YYYY-MM-DD` compare as text). */
export type MoveDays = {
  /** Today or the cycle's first day, the later. */
  first: string
  /** The cycle's last day. */
  last: string
  /** `YYYY-MM` months whose certificate is confirmed. */
  confirmed: readonly string[]
}

/**
 * The days still to air: from today (the server's day) to the cycle's end, no day of a confirmed
 * month — what the server accepts as a destination ('移动后日期须在未播出的周期内'). Null until
 * orderTime answers: the server checks then.
 */
export function moveDays(time: Pick<OrderTime, 'today' | 'cycleTimeAdd' | 'cycleTimeEnd' | 'confirmedMonths'> | undefined): MoveDays | null {
  if (!time?.today) return null
  const first = time.today > time.cycleTimeAdd ? time.today : time.cycleTimeAdd
  return { first, last: time.cycleTimeEnd, confirmed: time.confirmedMonths ?? [] }
}

/** Whether `day` can still air; any day while the days are not known. */
export function stillToAir(days: MoveDays | null, day: string) {
  if (!days) return true
  return day >= days.first && day <= days.last && !days.confirmed.includes(day.slice(0, 7))
}
