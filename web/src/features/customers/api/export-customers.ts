import { useMutation } from '@tanstack/react-query'
import { api, EXPORT_TIMEOUT_MS } from '@/lib/api-client'
import { download } from '@/lib/download'
import { customerQuery, type CustomerFilters } from './get-customers'

/** customerIndexExport: every row the filters select (not just the page), as an xlsx behind `{url}`. */
export function exportCustomers(filters: CustomerFilters) {
  return api.get('customerIndexExport', customerQuery(filters), {
    timeoutMs: EXPORT_TIMEOUT_MS,
  })
}

export function useExportCustomers() {
  return useMutation({ mutationFn: exportCustomers, onSuccess: ({ url }) => download(url) })
}
