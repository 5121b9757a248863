import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData } from '@/types/call'

export type LogEntry = CallData<'adminUserLog'>['data'][number]

export type LogFilters = {
  page: number
  limit: number
  adminName?: string
  title?: string
  url?: string
  /** YYYY-MM-DD, inclusive. */
  createTimeAdd?: string
  /** YYYY-MM-DD, inclusive. */
  createTimeEnd?: string
}

export function getAdminLogs(filters: LogFilters) {
  return api.get<CallData<'adminUserLog'>>('adminUserLog', filters)
}

export function adminLogsQueryOptions(filters: LogFilters = { page: 1, limit: 10 }) {
  return queryOptions({
    queryKey: ['adminUserLog', filters],
    queryFn: () => getAdminLogs(filters),
    placeholderData: keepPreviousData,
  })
}

export function useAdminLogs(filters: LogFilters) {
  return useQuery(adminLogsQueryOptions(filters))
}
