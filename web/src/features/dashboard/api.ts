import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { transport, type CallOptions } from '@/lib/api-client'

// The dashboard's calls are typed here by hand from the issue-18 contract (/work/wt/SUMMARY.md)
// until the server's catalogue lists them; then these types become `CallData<'…'>` of the
// generated web/src/types/api.ts and the calls go through the typed `api`. Field names are the
// server's, exactly.

/** dashboardMediaList: every media, by id. */
export type DashboardMedia = { id: number; mediaName: string }
/** dashboardPList {mediaId?}: the products of a media (all when none). */
export type DashboardProduct = { id: number; productName: string }
/** dashboardProductList {productId}: the audience/city groups of the chosen products. */
export type DashboardGroup = { id: number; name: string }
/** dashboardTimePeriodClassList {mediaId?}. */
export type DashboardTimePeriodClass = { id: number; timePeriodClassName: string }

/** One series: a product (or an audience group), one value per bucket of `tTime`. */
export type DashboardSeries<V = number> = { id: number; name: string; t: V[] }

/** dashboardoneIndex / dashboardoneBIndex. */
export type DashboardIndex = {
  /** [timeAdd, timeEnd] as asked. */
  time: [string, string]
  /** The bucket labels, every bucket of the range in time order. */
  tTime: string[]
  /** GRP per bucket (3 decimals). */
  tData: DashboardSeries[]
  /** Spots per bucket. */
  cData: DashboardSeries[]
  /** GRP per spot per bucket; null where there was no spot. */
  oData: DashboardSeries<number | null>[]
}

/** dashboardoneIndex's arguments: multi-values comma-joined, as the URL keeps them. */
export type DashboardQuery = {
  mediaId?: string
  productId?: string
  defaultAudienceCityGroupId?: string
  category?: string
  source?: string
  timePeriodClassId?: string
  timeType: string
  timeTypeValue?: string
  timeAdd: string
  timeEnd: string
}

// The selects and the charts show their own loading state: no full-screen mask.
const QUIET: CallOptions = { mask: false }
const get = <T>(call: string, args: Record<string, string | undefined> = {}) => transport.get<T>(call, args, QUIET)

/** Every dashboard call's cache key starts with this, so 重置 can refresh them all. */
export const DASHBOARD = 'dashboard'

export const dashboardMediaQueryOptions = () =>
  queryOptions({ queryKey: [DASHBOARD, 'dashboardMediaList'], queryFn: () => get<DashboardMedia[]>('dashboardMediaList'), staleTime: 60_000 })

export const dashboardProductsQueryOptions = (mediaId: string | undefined) =>
  queryOptions({
    queryKey: [DASHBOARD, 'dashboardPList', mediaId ?? ''],
    queryFn: () => get<DashboardProduct[]>('dashboardPList', { mediaId }),
    staleTime: 60_000,
  })

/** The groups of the chosen products; nothing to ask while none is chosen. */
export const dashboardGroupsQueryOptions = (productIds: string) =>
  queryOptions({
    queryKey: [DASHBOARD, 'dashboardProductList', productIds],
    queryFn: () => get<DashboardGroup[]>('dashboardProductList', { productId: productIds }),
    enabled: productIds !== '',
    staleTime: 60_000,
  })

export const dashboardClassesQueryOptions = (mediaId: string | undefined) =>
  queryOptions({
    queryKey: [DASHBOARD, 'dashboardTimePeriodClassList', mediaId ?? ''],
    queryFn: () => get<DashboardTimePeriodClass[]>('dashboardTimePeriodClassList', { mediaId }),
    staleTime: 60_000,
  })

export function dashboardIndexQueryOptions(query: DashboardQuery) {
  return queryOptions({
    queryKey: [DASHBOARD, 'dashboardoneIndex', query],
    queryFn: () => get<DashboardIndex>('dashboardoneIndex', query),
    placeholderData: keepPreviousData,
  })
}

export const useDashboardMedia = () => useQuery(dashboardMediaQueryOptions())
export const useDashboardProducts = (mediaId: string | undefined) => useQuery(dashboardProductsQueryOptions(mediaId))
export const useDashboardGroups = (productIds: string) => useQuery(dashboardGroupsQueryOptions(productIds))
export const useDashboardClasses = (mediaId: string | undefined) => useQuery(dashboardClassesQueryOptions(mediaId))
export const useDashboardIndex = (query: DashboardQuery) => useQuery(dashboardIndexQueryOptions(query))
