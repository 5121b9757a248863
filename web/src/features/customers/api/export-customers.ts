import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { download } from '@/lib/download'
import type { CallData } from '@/types/call'
import { customerQuery, type CustomerFilters } from './get-customers'

/** customerIndexExport: every row the filters select (not just the page), as an xlsx behind `{url}`. */
export function exportCustomers(filters: CustomerFilters) {
  return api.get<CallData<'customerIndexExport'>>('customerIndexExport', customerQuery(filters))
}

export function useExportCustomers() {
  return useMutation({ mutationFn: exportCustomers, onSuccess: ({ url }) => download(url) })
}
