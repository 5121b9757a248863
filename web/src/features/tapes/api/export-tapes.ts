import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { getToken } from '@/lib/session'
import type { CallData } from '@/types/call'
import type { TapeFilters } from './get-tapes'

/** productMagneticTapeIndexExport: every row the filters select, as an xlsx behind `{url}`. */
export function exportTapes(filters: TapeFilters) {
  const { page: _page, limit: _limit, ...rest } = filters
  return api.get<CallData<'productMagneticTapeIndexExport'>>('productMagneticTapeIndexExport', rest)
}

/** Downloads an export's file; a browser download can't send headers, so the token rides in the query. */
export function download(url: string) {
  const link = document.createElement('a')
  link.href = `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(getToken() ?? '')}`
  link.rel = 'noopener'
  document.body.appendChild(link)
  link.click()
  link.remove()
}

export function useExportTapes() {
  return useMutation({ mutationFn: exportTapes, onSuccess: ({ url }) => download(url) })
}
