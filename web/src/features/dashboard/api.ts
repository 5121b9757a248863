import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api, type CallOptions } from '@/lib/api-client'

import type { CallData, TextArgs } from '@/types/call'

// The dashboard's calls, typed from the server's OpenAPI document (web/src/types/api.ts).

/** dashboardMediaList: every media, by id. */
export type DashboardMedia = CallData<'dashboardMediaList'>[number]
/** dashboardPList {mediaId?}: the products of a media (all when none). */
export type DashboardProduct = CallData<'dashboardPList'>[number]
/** dashboardProductList {productId}: the audience/city groups of the chosen products, each with
 *  the products it is the default group of (`defaultFor`: what they count when none is chosen). */
export type DashboardGroup = CallData<'dashboardProductList'>[number]
/** dashboardTimePeriodClassList {mediaId?}. */
export type DashboardTimePeriodClass = CallData<'dashboardTimePeriodClassList'>[number]

/** dashboardoneIndex / dashboardoneBIndex: bucket labels (tTime) and per series GRP (tData),
 *  spots (cData) and GRP per spot (oData, null where there was no spot). */
export type DashboardIndex = CallData<'dashboardoneIndex'>
/** One series: a product (or an audience group), one value per bucket of `tTime`. */
export type DashboardSeries<V = number> = { id: number; name: string; t: V[] }

/**
 * dashboardoneIndex's arguments, named as the document names them: multi-values comma-joined,
 * as the URL keeps them. An empty `defaultAudienceCityGroupId` makes each product count its
 * default audience group; `belongingTo` is whose measurement, '1' 客户 (also when absent) or
 * '2' 媒体, never both added up. The time range and its bucketing are always sent.
 */
export type DashboardQuery = TextArgs<'dashboardoneIndex', 'timeType' | 'timeAdd' | 'timeEnd'>

// The selects and the charts show their own loading state: no full-screen mask.
const QUIET: CallOptions = { mask: false }

/** Every dashboard call's cache key starts with this, so 重置 can refresh them all. */
export const DASHBOARD = 'dashboard'

export const dashboardMediaQueryOptions = () =>
  queryOptions({ queryKey: [DASHBOARD, 'dashboardMediaList'], queryFn: () => api.get('dashboardMediaList', {}, QUIET), staleTime: 60_000 })

export const dashboardProductsQueryOptions = (mediaId: string | undefined) =>
  queryOptions({
    queryKey: [DASHBOARD, 'dashboardPList', mediaId ?? ''],
    queryFn: () => api.get('dashboardPList', { mediaId }, QUIET),
    staleTime: 60_000,
  })

/** The groups of the chosen products; nothing to ask while none is chosen. */
export const dashboardGroupsQueryOptions = (productIds: string) =>
  queryOptions({
    queryKey: [DASHBOARD, 'dashboardProductList', productIds],
    queryFn: () => api.get('dashboardProductList', { productId: productIds }, QUIET),
    enabled: productIds !== '',
    staleTime: 60_000,
  })

export const dashboardClassesQueryOptions = (mediaId: string | undefined) =>
  queryOptions({
    queryKey: [DASHBOARD, 'dashboardTimePeriodClassList', mediaId ?? ''],
    queryFn: () => api.get('dashboardTimePeriodClassList', { mediaId }, QUIET),
    staleTime: 60_000,
  })

export function dashboardIndexQueryOptions(query: DashboardQuery) {
  return queryOptions({
    queryKey: [DASHBOARD, 'dashboardoneIndex', query],
    queryFn: () => api.get('dashboardoneIndex', query, QUIET),
    placeholderData: keepPreviousData,
  })
}

/** dashboardoneBIndex's arguments: one product and dashboardoneIndex's other filters, so each
 *  group's series is the product's with that group chosen. */
export type DashboardGroupQuery = TextArgs<'dashboardoneBIndex', 'productId' | 'timeType' | 'timeAdd' | 'timeEnd'>

/** The per-group view of `productId` under the filters of `query` (its groups aside). */
export function groupQueryOf(query: DashboardQuery, productId: string): DashboardGroupQuery {
  const { defaultAudienceCityGroupId: _groups, ...rest } = query
  return { ...rest, productId }
}

/** The series per audience group of one product (dashboardoneBIndex); nothing asked while `query` is null. */
export function dashboardGroupIndexQueryOptions(query: DashboardGroupQuery | null) {
  return queryOptions({
    queryKey: [DASHBOARD, 'dashboardoneBIndex', query],
    queryFn: () => api.get('dashboardoneBIndex', query!, QUIET),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  })
}

export const useDashboardMedia = () => useQuery(dashboardMediaQueryOptions())
export const useDashboardProducts = (mediaId: string | undefined) => useQuery(dashboardProductsQueryOptions(mediaId))
export const useDashboardGroups = (productIds: string) => useQuery(dashboardGroupsQueryOptions(productIds))
export const useDashboardClasses = (mediaId: string | undefined) => useQuery(dashboardClassesQueryOptions(mediaId))
export const useDashboardIndex = (query: DashboardQuery) => useQuery(dashboardIndexQueryOptions(query))
export const useDashboardGroupIndex = (query: DashboardGroupQuery | null) => useQuery(dashboardGroupIndexQueryOptions(query))
