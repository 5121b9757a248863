import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

// Written by hand from the issue-5 contract until the server's OpenAPI document has the call.
export type FileJobStatus = 'queued' | 'running' | 'done' | 'failed'
export type FileJob = { id: number; status: FileJobStatus; progress: number; message: string }
export type FileRow = {
  id: number
  /** The original file name. */
  fileName: string
  /** The object key. */
  path: string
  mimeType: string
  size: number
  extension: string
  description: string
  tags: string
  tags_name: string
  admin: { name: string }
  createTime: string
  /** The download path; a browser download adds `?token=`. */
  url_name: string
  job: FileJob | null
}

export type FileFilters = {
  page: number
  limit: number
  fileName?: string
  description?: string
  tags?: string
  /** YYYY-MM-DD, inclusive. */
  createTimeAdd?: string
  /** YYYY-MM-DD, inclusive. */
  createTimeEnd?: string
}

/** fileIndex. No full-screen mask: the table shows its own spinner, and job pushes refresh it in the background. */
export function getFiles(filters: FileFilters) {
  return api.get<{ data: FileRow[]; total: number }>('fileIndex', filters, { mask: false })
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
