import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData, ListFilters } from '@/types/call'

export type LogEntry = CallData<'adminUserLog'>['data'][number]

export type LogFilters = ListFilters<'adminUserLog'>

export function getAdminLogs(filters: LogFilters) {
  return api.get('adminUserLog', filters)
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
