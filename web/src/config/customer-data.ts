// The constants of customer viewing data (docs/screens.md "Constants"); labels under `common:dataCategory.<n>`,
// `common:dataSource.<n>` and `common:belongingTo.<n>`.

/** Every data category: 1 初始数据, 2 客户数据, 3 公司数据, 4 其他. Every filter offers these (汇总, 客户数据). */
export const DATA_CATEGORIES = ['1', '2', '3', '4'] as const
/** The categories an upload offers (2 to 4; 1 is the system's own, imported from the shell). */
export const PICKABLE_CATEGORIES = ['2', '3', '4'] as const
/** Data sources: 1 收视设置, 2 快数据, 3 实际播出. */
export const DATA_SOURCES = ['1', '2', '3'] as const
/** Data ownership: 1 客户 (the default), 2 媒体. */
export const BELONGING = ['1', '2'] as const
