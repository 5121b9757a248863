import { useUrlFilters } from '@/lib/use-url-filters'
import type { FileFilters } from '../api/get-files'

/** docs/screens.md "Constants": the file list pages by 30. */
export const FILE_PAGE_SIZE = 30

export const FILTER_KEYS = ['fileName', 'description', 'tags', 'createTimeAdd', 'createTimeEnd'] as const satisfies readonly (keyof FileFilters)[]

export type FilterKey = (typeof FILTER_KEYS)[number]

/** Filters and page live in the URL query under the call's own names, so a reload restores them. */
export function useFileFilters() {
  return useUrlFilters(FILTER_KEYS, FILE_PAGE_SIZE)
}
