import type { CallData, Schema } from '@/types/call'
import type { SummaryFilter } from '@/features/summary/api/get-summary-grid'

/*
 * The shapes of the evaluation calls, from the server's OpenAPI document like every other
 * call; the names are the ones the components use.
 */

/** The summary toolbar's filters: ownership 1 客户 / 2 媒体, category and source ('' for the order's own). */
export type EvaluationFilter = SummaryFilter

/** orderSummaryList: a month (`YYYY-MM`) or the total (`合计`) of one side's figures. */
export type FiguresRow = CallData<'orderSummaryList'>[number]

/** orderViewingList: a time-period class of the order's media with its estimate (the edit, else the default). */
export type ViewingClass = CallData<'orderViewingList'>[number]

/** One period of a time-period class. */
export type ClassPeriod = Schema<'ViewingPeriod'>

/** normal / low / high: a class's estimate (each absent when nothing gives one) or its default. */
export type Estimate = Pick<ViewingClass, 'estimated' | 'estimatedLow' | 'estimatedHigh'>

/** Where a class's default comes from: the rating series (days), the viewing rows (days and spots), or nothing. */
export type EstimateBasis = Schema<'Basis'>

/** orderCustomerIndex's filters: category and source ('' for any), the days (within the cycle). */
export type CustomerFilter = { category: string; source: string; addTime: string; endTime: string }

/** A viewing row that matches the order. */
export type CustomerRow = Schema<'IndexRow'>

/** orderCustomerIndex: a page of the matching rows, their count and the GRP sum of all of them. */
export type CustomerPage = CallData<'orderCustomerIndex'>

/** The spots of one cell (a line's day) the preview attaches. */
export type CustomerCell = Schema<'CellSpots'>

/** orderCustomerUp typeY 1: what 确认 would attach, stored for it, with its fingerprint (`basis`). */
export type CustomerPreview = Schema<'CustomerPreview'>

/** orderCustomerUp typeY 2: what was attached. */
export type CustomerAttached = Schema<'CustomerAttached'>

/** An export's answer: the file to download. */
export type ExportAnswer = CallData<'orderSummaryGrpIndexExport'>
