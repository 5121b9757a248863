/*
 * The query keys of the summary dialog's calls, in one place: each call's query options build
 * their key from these, and a write invalidates by the same prefixes (a key's first entries
 * match every filter and argument that follows them).
 */

/** Every orderSummaryGrpList of the order, whatever the filter. */
export const gridKey = (orderId: number) => ['orderSummaryGrpList', orderId] as const

/** orderSummarySuitList: what each suit entry of the order has left. */
export const suitRemainingKey = (orderId: number) => ['orderSummarySuitList', orderId] as const

/** orderTime: the order's cycle and assessment date. */
export const orderTimeKey = (orderId: number) => ['orderTime', orderId] as const

/** Every orderNum of the order, whatever the entry asked about. */
export const orderNumKey = (orderId: number) => ['orderNum', orderId] as const

/** timePeriod: the periods of the order's media. */
export const periodsKey = (orderId: number) => ['timePeriod', orderId] as const

/** orderTimePeriodSuitList: the suit entries of the order that hold a period. */
export const periodSuitsKey = (orderId: number, timePeriodId: number | null) => ['orderTimePeriodSuitList', orderId, timePeriodId] as const

/** The 数据分析 mode's calls, each by its whole arguments (a page, a week, a spot). */
export const dataAnalysisKey = (args: unknown) => ['dataAnalysis', args] as const
export const lastWeekKey = (args: unknown) => ['dataAnalysisLastWeek', args] as const
export const spotCurveKey = (args: unknown) => ['spotCurve', args] as const
