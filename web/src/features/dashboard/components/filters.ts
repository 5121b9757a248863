import type { DashboardQuery } from '../api'

// The dashboard's filters (docs/screens.md "Dashboard screen", "Dashboard"), as pure functions the toolbar and the
// page share: what the URL or the remembered choice gives, the toolbar's draft, and the query
// a search sends.

/** URL keys, named as dashboardoneIndex names its arguments. */
export const FILTER_KEYS = [
  'mediaId', 'productId', 'defaultAudienceCityGroupId', 'belongingTo', 'category', 'source', 'timePeriodClassId',
  'timeType', 'timeTypeValue', 'timeAdd', 'timeEnd',
] as const satisfies readonly (keyof DashboardQuery)[]
export type FilterKey = (typeof FILTER_KEYS)[number]
export type UrlValues = { [K in FilterKey]?: string }

/** Time grouping (docs/screens.md "Constants"): 1 年, 2 月, 3 日, 4 周, 5 天数 (runs of a day count). */
export const TIME_TYPES = ['1', '2', '3', '4', '5'] as const
export const DEFAULT_TIME_TYPE = '4'
export const DAY_RUNS = '5'
export const DEFAULT_DAY_COUNT = '1'
export const MAX_DAY_COUNT = 366
/** The longest range the server takes (docs/dashboard.md): from and to at most 3,660 days apart. */
export const MAX_RANGE_DAYS = 3660
/** The categories the dashboard offers (docs/screens.md "Constants": 2 客户数据, 3 公司数据, 4 其他). */
export const DASHBOARD_CATEGORIES = ['2', '3', '4'] as const
/** The side counted when none is asked for: the customer's data (1); 2 is the media's. */
export const DEFAULT_SIDE = '1'
const MEDIA_SIDE = '2'

/** What a visit remembers of the last search (docs/screens.md "Dashboard screen"): media, time grouping and dates. */
export type Remembered = Pick<DashboardQuery, 'mediaId' | 'timeType' | 'timeTypeValue' | 'timeAdd' | 'timeEnd'>

const pad = (n: number) => String(n).padStart(2, '0')
const dayText = (y: number, m: number, d: number) => `${y}-${pad(m + 1)}-${pad(d)}`
const isDay = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)
const isTimeType = (v: unknown): v is string => TIME_TYPES.includes(v as (typeof TIME_TYPES)[number])
const dayNumber = (v: string) => Date.UTC(Number(v.slice(0, 4)), Number(v.slice(5, 7)) - 1, Number(v.slice(8, 10))) / 86_400_000

/** Why a range of two `YYYY-MM-DD` days is refused, as the server would refuse it; undefined when sound. */
export function rangeError(from: string, to: string): 'datesReversed' | 'datesTooLong' | undefined {
  if (from > to) return 'datesReversed'
  return dayNumber(to) - dayNumber(from) > MAX_RANGE_DAYS ? 'datesTooLong' : undefined
}

/** The first visit's choice: the current month, by week. */
export function firstVisit(today: Date): Remembered {
  const y = today.getFullYear()
  const m = today.getMonth()
  return { timeType: DEFAULT_TIME_TYPE, timeAdd: dayText(y, m, 1), timeEnd: dayText(y, m, new Date(y, m + 1, 0).getDate()) }
}

/** The remembered choice, or the first visit's when nothing (or nothing sound) is kept. */
export function readRemembered(text: string | null, today: Date): Remembered {
  try {
    const kept = JSON.parse(text ?? 'null') as Partial<Remembered> | null
    if (!kept || !isDay(kept.timeAdd) || !isDay(kept.timeEnd) || !isTimeType(kept.timeType)) return firstVisit(today)
    // A range the server refuses (kept by an earlier version) would fail on every visit.
    if (rangeError(kept.timeAdd, kept.timeEnd)) return firstVisit(today)
    const mediaId = typeof kept.mediaId === 'string' && /^\d+$/.test(kept.mediaId) ? kept.mediaId : undefined
    const timeTypeValue = kept.timeType === DAY_RUNS ? dayCountOr(kept.timeTypeValue) : undefined
    return { mediaId, timeType: kept.timeType, timeTypeValue, timeAdd: kept.timeAdd, timeEnd: kept.timeEnd }
  } catch {
    return firstVisit(today)
  }
}

export function rememberedOf(query: DashboardQuery): Remembered {
  const { mediaId, timeType, timeTypeValue, timeAdd, timeEnd } = query
  return { mediaId, timeType, timeTypeValue, timeAdd, timeEnd }
}

const dayCountOr = (v: unknown) => (typeof v === 'string' && dayCountError(v) === undefined ? v : DEFAULT_DAY_COUNT)

/**
 * The query the page shows. A URL with a date range is a search (a reload or a shared link):
 * it is taken as it is. Without one the visit starts from what was remembered; media, time
 * grouping and dates come from there, nothing else is chosen.
 */
export function resolveQuery(url: UrlValues, remembered: Remembered): DashboardQuery {
  if (!isDay(url.timeAdd) || !isDay(url.timeEnd)) return { ...remembered }
  const timeType = isTimeType(url.timeType) ? url.timeType : DEFAULT_TIME_TYPE
  const query: DashboardQuery = { ...url, timeType, timeAdd: url.timeAdd, timeEnd: url.timeEnd }
  query.timeTypeValue = timeType === DAY_RUNS ? dayCountOr(url.timeTypeValue) : undefined
  return query
}

/** The toolbar's choices before 搜索: multi-values as lists of ids. */
export type Draft = {
  mediaId: string
  productIds: string[]
  groupIds: string[]
  /** '1' 客户 or '2' 媒体. */
  side: string
  categories: string[]
  sources: string[]
  classIds: string[]
  timeType: string
  dayCount: string
  timeAdd: string
  timeEnd: string
}

const split = (v: string | undefined) => (v ? v.split(',').filter(Boolean) : [])

export function draftOf(q: DashboardQuery): Draft {
  return {
    mediaId: q.mediaId ?? '',
    productIds: split(q.productId),
    groupIds: split(q.defaultAudienceCityGroupId),
    side: q.belongingTo === MEDIA_SIDE ? MEDIA_SIDE : DEFAULT_SIDE,
    categories: split(q.category),
    sources: split(q.source),
    classIds: split(q.timePeriodClassId),
    timeType: q.timeType,
    dayCount: q.timeTypeValue ?? DEFAULT_DAY_COUNT,
    timeAdd: q.timeAdd,
    timeEnd: q.timeEnd,
  }
}

/** Another media offers other products (docs/screens.md "Dashboard screen"): the chosen ones, and their groups, go. */
export function withMedia(draft: Draft, mediaId: string): Draft {
  if (mediaId === draft.mediaId) return draft
  return { ...draft, mediaId, productIds: [], groupIds: [] }
}

/** Why a day count is refused, or undefined when it is a whole number of days 1…366. */
export function dayCountError(text: string): 'dayCount' | undefined {
  const n = Number(text.trim())
  return /^\d+$/.test(text.trim()) && n >= 1 && n <= MAX_DAY_COUNT ? undefined : 'dayCount'
}

/** The first reason a draft cannot be searched (a key under `dashboard:errors`), if any. */
export function draftError(draft: Draft): 'datesMissing' | 'datesReversed' | 'datesTooLong' | 'dayCount' | undefined {
  if (!isDay(draft.timeAdd) || !isDay(draft.timeEnd)) return 'datesMissing'
  const range = rangeError(draft.timeAdd, draft.timeEnd)
  if (range) return range
  return draft.timeType === DAY_RUNS ? dayCountError(draft.dayCount) : undefined
}

/** Only what is still offered: a group of a product no longer chosen, a class of another media. */
const offeredOnly = (ids: string[], offered: readonly number[] | undefined) =>
  offered ? ids.filter((id) => offered.includes(Number(id))) : ids

const join = (ids: string[]) => (ids.length ? ids.join(',') : undefined)

/** The query 搜索 sends for a (sound) draft; the day count only goes with time grouping 5. */
export function queryOf(draft: Draft, offered: { groups?: readonly number[]; classes?: readonly number[] } = {}): DashboardQuery {
  return {
    mediaId: draft.mediaId || undefined,
    productId: join(draft.productIds),
    defaultAudienceCityGroupId: draft.productIds.length ? join(offeredOnly(draft.groupIds, offered.groups)) : undefined,
    // The default side stays out of the URL, as every filter left at its default does.
    belongingTo: draft.side === MEDIA_SIDE ? MEDIA_SIDE : undefined,
    category: join(draft.categories),
    source: join(draft.sources),
    timePeriodClassId: join(offeredOnly(draft.classIds, offered.classes)),
    timeType: draft.timeType,
    timeTypeValue: draft.timeType === DAY_RUNS ? String(Number(draft.dayCount.trim())) : undefined,
    timeAdd: draft.timeAdd,
    timeEnd: draft.timeEnd,
  }
}

/**
 * Options named once each: rows of the same name (a prime-time class of every media, a group
 * of each chosen product's brand) become one option whose value joins their ids, so one pick
 * filters by all of them — the name is what the reader picks (docs/decisions.md
 * "The dashboard screen"). Names compare trimmed; the first row's order is kept.
 */
export function byName<T extends { id: number }>(rows: readonly T[] | undefined, name: (r: T) => string): { value: string; label: string }[] {
  const merged = new Map<string, number[]>()
  for (const r of rows ?? []) {
    const label = name(r).trim()
    const ids = merged.get(label)
    if (ids) ids.push(r.id)
    else merged.set(label, [r.id])
  }
  return [...merged].map(([label, ids]) => ({ value: ids.join(','), label }))
}

/**
 * The group options with the default group of a chosen product marked (`mark` appended): with
 * no group chosen each product counts its default group, so the list says which that is.
 */
export function withDefaults(options: { value: string; label: string }[], groups: readonly { id: number; defaultFor: number[] }[] | undefined, mark: string) {
  const defaults = new Set((groups ?? []).filter((g) => g.defaultFor.length > 0).map((g) => String(g.id)))
  return options.map((o) => (o.value.split(',').some((id) => defaults.has(id)) ? { ...o, label: `${o.label}${mark}` } : o))
}

/** The names of the default groups of the chosen products, once each, in the list's order. */
export function defaultGroupNames(groups: readonly { name: string; defaultFor: number[] }[] | undefined): string[] {
  return [...new Set((groups ?? []).filter((g) => g.defaultFor.length > 0).map((g) => g.name.trim()))]
}
