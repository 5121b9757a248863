import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData, Schema } from '@/types/call'

export type ImportColumn = CallData<'importColumns'>[number]

/** The upload tags whose files are imported, each with a template and header help. */
export const IMPORT_TAGS: readonly Schema<'FileTag'>[] = ['customerData', 'alreadyUpsideDownThree', 'orderTemplate', 'broadcastingCertificate']

/**
 * importColumns: an import's columns as its reader takes them (the header, when a file needs
 * it, the other names it goes by). They change only with the server, so they are fetched once.
 */
export function importColumnsQueryOptions(tags: Schema<'FileTag'>) {
  return queryOptions({
    queryKey: ['importColumns', tags] as const,
    queryFn: () => api.get('importColumns', { tags }, { mask: false }),
    staleTime: Infinity,
  })
}

export function useImportColumns(tags: Schema<'FileTag'>) {
  return useQuery({ ...importColumnsQueryOptions(tags), enabled: IMPORT_TAGS.includes(tags) })
}
