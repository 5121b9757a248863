import { useMutation } from '@tanstack/react-query'
import { EXPORT_TIMEOUT_MS, api } from '@/lib/api-client'
import { download } from '@/lib/download'
import { figureExportArgs, type FigureQuery } from './get-figure-rows'

/** figureRowsExport: every row behind the figure and their sum, as a workbook; answers its url. */
export function exportFigureRows(query: FigureQuery) {
  return api.get('figureRowsExport', figureExportArgs(query), { timeoutMs: EXPORT_TIMEOUT_MS })
}

export function useExportFigureRows() {
  return useMutation({ mutationFn: exportFigureRows, onSuccess: (answer) => download(answer.url) })
}
