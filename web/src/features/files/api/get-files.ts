import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData, ListFilters, Schema } from '@/types/call'

export type FileRow = CallData<'fileIndex'>['data'][number]
export type FileJob = Schema<'JobState'>
/** The job states the contract names (the document types `status` as text). */
export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const

export type FileFilters = ListFilters<'fileIndex'>

/** fileIndex. No full-screen mask: the table shows its own spinner, and job pushes refresh it in the background. */
export function getFiles(filters: FileFilters) {
  return api.get('fileIndex', filters, { mask: false })
}

export function filesQueryOptions(filters: FileFilters = { page: 1, limit: 30 }) {
  return queryOptions({
    queryKey: ['fileIndex', filters],
    queryFn: () => getFiles(filters),
    placeholderData: keepPreviousData,
  })
}

export function useFiles(filters: FileFilters) {
  return useQuery(filesQueryOptions(filters))
}
