import type { SummaryFilter } from './summary'

/*
 * The shapes of issue 17's evaluation calls, written from the contract (wt SUMMARY.md, DESIGN
 * §5.3) while the server routes are not yet in the OpenAPI document. Once they are, each of
 * these becomes its `Schema<'…'>` / `CallData<'…'>` and the fetchers move from `transport` to
 * the typed `api`; the names below are the ones the components use, so only this file changes.
 */

/** The summary toolbar's filters: ownership 1 客户 / 2 媒体, category and source ('' for the order's own). */
export type EvaluationFilter = SummaryFilter

/** normal / low / high, each null when there is nothing to compute it from. */
type Triple<K extends string> = { [P in `${K}${'Routine' | 'Low' | 'High'}`]: number | null }

/** orderSummaryList: a month (`YYYY-MM`) or the total (`合计`) of one side's figures. */
export type FiguresRow = {
  productName: string
  cycleTime: string
  month: string
  seconds: number
  /** The side's target (the month's share of it on a month row). */
  grp: number | null
  IssuedGrp: number | null
  airedSpots: number
  alreadyUpsideDownThree: number
  positionedSpots: number
  alreadyUpsideDownThreePer: number | null
  plannedSpots: number
  remainingSpots: number
  unestimatedSpots: number
} & Triple<'estimated'> &
  Triple<'customerDifferences'> &
  Triple<'overbroadcast'> &
  Triple<'numberOfTheaters'>

/** One period of a time-period class. */
export type ClassPeriod = { id: number; timePeriodName: string; preBroadcastTimeForma: string; preBroadcastTimeFormaEnd?: string }

export type Estimate = { estimated: number | null; estimatedLow: number | null; estimatedHigh: number | null }

/** Where a class's default comes from: the rating series (days), the viewing rows (days and spots), or nothing. */
export type EstimateBasis = {
  source: 'ratings' | 'viewing' | 'none'
  days?: number
  spots?: number
  from: string
  to: string
  message?: string
}

/** orderViewingList: a time-period class of the order's media with its estimate (the edit, else the default). */
export type ViewingClass = Estimate & {
  timePeriodClassId: number
  timePeriodClassName: string
  TimePeriod: ClassPeriod[]
  default: Estimate | null
  basis: EstimateBasis
  edited: boolean
}

/** orderCustomerIndex's filters: category and source ('' for any), the days (within the cycle). */
export type CustomerFilter = { category: string; source: string; addTime: string; endTime: string }

/** A viewing row that matches the order. */
export type CustomerRow = {
  id: number
  title: string
  ymd: string
  circumferenceName: string
  addTime: string
  maoDianPing: number
  time_period_class: { timePeriodClassName: string } | null
}

export type CustomerPage = { data: CustomerRow[]; total: number; sum: number }

/** The spots of one cell (a line's day) the preview attaches. */
export type CustomerCell = { lineId: number; ymd: string; spots: number; grp: number }

/** orderCustomerUp typeY 1: what 确认 would attach, stored for it. */
export type CustomerPreview = {
  count: number
  sum: number
  cells: CustomerCell[]
  unplaced: number
  list: CustomerRow[]
  /** The preview's fingerprint: 确认更新 names it, so it attaches exactly the preview shown. */
  basis?: string
}

/** An export's answer: the file to download. */
export type ExportAnswer = { url: string }
