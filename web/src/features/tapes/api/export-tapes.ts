import { useMutation } from '@tanstack/react-query'
import { api, EXPORT_TIMEOUT_MS } from '@/lib/api-client'
import { download } from '@/lib/download'
import type { TapeFilters } from './get-tapes'

/** productMagneticTapeIndexExport: every row the filters select, as an xlsx behind `{url}`. */
export function exportTapes(filters: TapeFilters) {
  const { page: _page, limit: _limit, ...rest } = filters
  return api.get('productMagneticTapeIndexExport', rest, {
    timeoutMs: EXPORT_TIMEOUT_MS,
  })
}

export function useExportTapes() {
  return useMutation({ mutationFn: exportTapes, onSuccess: ({ url }) => download(url) })
}
