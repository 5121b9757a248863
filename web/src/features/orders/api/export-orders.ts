import { useMutation } from '@tanstack/react-query'
import { api, EXPORT_TIMEOUT_MS } from '@/lib/api-client'
import { download } from '@/lib/download'
import type { OrderFilters } from './get-orders'

/** orderIndexExport writes every order that passes the filters and answers the file's url. */
export function exportOrders({ page: _page, limit: _limit, ...filters }: OrderFilters) {
  return api.get('orderIndexExport', filters, { timeoutMs: EXPORT_TIMEOUT_MS })
}

export function useExportOrders() {
  return useMutation({ mutationFn: exportOrders, onSuccess: (answer) => download(answer.url) })
}
