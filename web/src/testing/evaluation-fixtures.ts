import type { CustomerPage, CustomerPreview, CustomerRow, FiguresRow, ViewingClass } from '@/features/orders/api/evaluation-types'

/**
 * Answers of the evaluation calls, typed by the server's OpenAPI document, for the tests of the
 * figures, the estimate editor and 客户数据.
 */

type Level = 'Routine' | 'Low' | 'High'

/** A figure at normal / low / high, under its three names (`estimatedRoutine` …). */
const triple = <K extends string, V>(key: K, normal: V, low: V, high: V) =>
  ({ [`${key}Routine`]: normal, [`${key}Low`]: low, [`${key}High`]: high }) as { [L in `${K}${Level}`]: V }

/**
 * One month row. The customer target 100 split 60 / 40; March issued 30.5 over 10 aired spots,
 * 12 remaining at 2 / 1.5 / 2.5 a spot: expected 54.5 / 48.5 / 60.5, difference −5.5 / −11.5 /
 * 0.5, overplay −9.17% / −19.17% / 0.83%, theatres trunc(−5.5 ÷ 3.05) = −1, −3, 0.
 */
export const figureRow = (month: string, over: Partial<FiguresRow> = {}): FiguresRow => ({
  productName: '纯牛奶', cycleTime: '2026-03-01 ~ 2026-04-30', month, seconds: 15, grp: 60, IssuedGrp: 30.5,
  airedSpots: 10, alreadyUpsideDownThree: 4, positionedSpots: 8, alreadyUpsideDownThreePer: 50, plannedSpots: 22,
  remainingSpots: 12, unestimatedSpots: 0,
  ...triple('estimated', 54.5, 48.5, 60.5),
  ...triple('customerDifferences', -5.5, -11.5, 0.5),
  ...triple('overbroadcast', -9.17, -19.17, 0.83),
  ...triple('numberOfTheaters', -1, -3, 0),
  ...over,
})

/** March as above; April not started (nothing aired: no position %, no theatres); the total. */
export const figures: FiguresRow[] = [
  figureRow('2026-03'),
  figureRow('2026-04', {
    grp: 40, IssuedGrp: 0, airedSpots: 0, alreadyUpsideDownThree: 0, positionedSpots: 0, alreadyUpsideDownThreePer: null,
    remainingSpots: 15, unestimatedSpots: 3,
    ...triple('estimated', 24, 18, 30), ...triple('customerDifferences', -16, -22, -10),
    ...triple('overbroadcast', -40, -55, -25), ...triple('numberOfTheaters', null, null, null),
  }),
  figureRow('合计', {
    grp: 100, IssuedGrp: 30.5, remainingSpots: 27, unestimatedSpots: 3,
    ...triple('estimated', 78.5, 66.5, 90.5), ...triple('customerDifferences', -21.5, -33.5, -9.5),
    ...triple('overbroadcast', -21.5, -33.5, -9.5), ...triple('numberOfTheaters', -7, -10, -3),
  }),
]

export const viewingClass = (over: Partial<ViewingClass> = {}): ViewingClass => ({
  timePeriodClassId: 5,
  timePeriodClassName: '晚间黄金',
  TimePeriod: [
    { id: 51, timePeriodName: '新闻后', preBroadcastTimeForma: '19:30:00', preBroadcastTimeFormaEnd: '19:45:00' },
    { id: 52, timePeriodName: '剧场前', preBroadcastTimeForma: '19:55:00', preBroadcastTimeFormaEnd: '20:05:00' },
  ],
  estimated: 2, estimatedLow: 1.5, estimatedHigh: 2.5,
  default: { estimated: 2, estimatedLow: 1.5, estimatedHigh: 2.5 },
  basis: { source: 'ratings', days: 28, from: '2026-02-10', to: '2026-03-09' },
  edited: false,
  ...over,
})

export const customerRow = (id: number, maoDianPing: number): CustomerRow => ({
  id, title: `纯牛奶 15秒 #${id}`, ymd: '2026-03-02', circumferenceName: '晚间新闻', addTime: '2026-03-02 19:31:05', maoDianPing,
  time_period_class: { timePeriodClassName: '晚间黄金' },
})

export const customerPage: CustomerPage = { data: [customerRow(1, 1.25), customerRow(2, 2.5)], total: 12, sum: 21.3512 }

// 12 rows: 10 on the two cells (2 + 8), 2 on no line.
export const customerPreview: CustomerPreview = {
  count: 12, sum: 21.3512, placed: 10, unplaced: 2,
  cells: [{ lineId: 3, ymd: '2026-03-02', spots: 2, grp: 3.75 }, { lineId: 4, ymd: '2026-03-03', spots: 8, grp: 15.1 }],
  list: customerPage.data,
  basis: 'c0ffee',
}
