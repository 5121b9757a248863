import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

// Written by hand from the issue-6 contract until the server's OpenAPI document has the calls.
/** One customer viewing row (spec §3 "Customer data row"). */
export type CustomerRow = {
  id: number
  title: string
  /** The media's name as imported. */
  channel: string
  mediaId: number
  /** Air time, 'YYYY-MM-DD HH:MM:SS'. */
  addTime: string
  /** Seconds. */
  duration: number
  /** The broadcast date, 'YYYY-MM-DD'. */
  ymd: string
  /** The surrounding programme. */
  circumferenceName: string | null
  category: number
  source: number
  belongingTo: number
  time_period_class: { timePeriodClassName: string } | null
  /** GRP of the spot. */
  maoDianPing: number
  default_audience_city_group: { audienceCityGroupName: string }
  position: string | null
  createTime: string
}

export type CustomerPage = { data: CustomerRow[]; total: number }

/** customerIndex's filters as the URL keeps them, named as the call names them. */
export type CustomerFilters = {
  page: number
  limit: number
  brandId?: string
  mediaId?: string
  /** 2–4. */
  category?: string
  /** 1–3. */
  source?: string
  /** 1 客户, 2 媒体. */
  belongingTo?: string
  /** Contains, case-insensitive. */
  title?: string
  /** YYYY-MM-DD, inclusive. */
  addTime?: string
  /** YYYY-MM-DD, inclusive. */
  endTime?: string
}

export type CustomerQuery = Omit<CustomerFilters, 'page' | 'limit'>

const QUERY_KEYS = ['brandId', 'mediaId', 'category', 'source', 'belongingTo', 'title', 'addTime', 'endTime'] as const

/** The filters the call gets: trimmed, and none that are empty (an empty filter is no filter). */
export function customerQuery(filters: Partial<CustomerFilters>): CustomerQuery {
  const query: CustomerQuery = {}
  for (const key of QUERY_KEYS) {
    const value = filters[key]?.trim()
    if (value) query[key] = value
  }
  return query
}

/** customerIndex, one page. */
export function getCustomers(filters: CustomerFilters) {
  // No full-screen mask: the table shows its own spinner, and an import's end refreshes it in the background.
  return api.get<CustomerPage>('customerIndex', { page: filters.page, limit: filters.limit, ...customerQuery(filters) }, { mask: false })
}

export function customersQueryOptions(filters: CustomerFilters = { page: 1, limit: 100 }) {
  return queryOptions({
    queryKey: ['customerIndex', filters],
    queryFn: () => getCustomers(filters),
    placeholderData: keepPreviousData,
  })
}

export function useCustomers(filters: CustomerFilters) {
  return useQuery(customersQueryOptions(filters))
}
