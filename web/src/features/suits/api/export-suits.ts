import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { getToken } from '@/lib/session'
import type { CallData } from '@/types/call'
import type { SuitFilters } from './get-suits'

/** suitIndexExport writes every suit that passes the filters and answers the file's url. */
export function exportSuits({ page: _page, limit: _limit, ...filters }: SuitFilters) {
  return api.post<CallData<'suitIndexExport'>>('suitIndexExport', filters)
}

/** Downloads an export: a browser download can't send headers, so the token rides in the query. */
export function download(url: string) {
  const link = document.createElement('a')
  link.href = `${url}?token=${encodeURIComponent(getToken() ?? '')}`
  link.rel = 'noopener'
  document.body.appendChild(link)
  link.click()
  link.remove()
}

export function useExportSuits() {
  return useMutation({ mutationFn: exportSuits, onSuccess: (answer) => download(answer.url) })
}
