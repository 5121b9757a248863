import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData, ListFilters } from '@/types/call'

export type AccountLogEntry = CallData<'adminUserLog'>['data'][number]

/** One admin's log entries: the log filtered by that admin's name. */
export type AccountLogFilters = Required<Pick<ListFilters<'adminUserLog'>, 'page' | 'limit' | 'adminName'>>

export function getAccountLogs(filters: AccountLogFilters) {
  return api.get('adminUserLog', filters)
}

export function accountLogsQueryOptions(filters: AccountLogFilters) {
  return queryOptions({
    queryKey: ['adminUserLog', filters],
    queryFn: () => getAccountLogs(filters),
    placeholderData: keepPreviousData,
  })
}

export function useAccountLogs(filters: AccountLogFilters, enabled: boolean) {
  return useQuery({ ...accountLogsQueryOptions(filters), enabled })
}
