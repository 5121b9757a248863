import { useCallback, useMemo } from 'react'
import { useSearchParams } from '@/lib/router'
import { useUrlFilters } from '@/lib/use-url-filters'

export const TABS = ['media', 'audience', 'brand'] as const
export type SettingsTab = (typeof TABS)[number]

/** docs/screens.md "Constants": audience and brand lists page by 10; media by the generic default 20. */
export const PAGE_SIZE: Record<SettingsTab, number> = { media: 20, audience: 10, brand: 10 }

/** The active tab's list state: page, size, name search and (groups) a brand. */
export type TabQuery = { page: number; limit: number; name?: string; brandId?: number }
const QUERY_KEYS = ['name', 'brandId'] as const

const isTab = (v: string | null): v is SettingsTab => TABS.includes(v as SettingsTab)

/**
 * The active tab and its filters live in the URL query (`?tab=audience&name=全国&page=2`), so
 * a reload or a shared link restores them. Switching tabs starts the new tab unfiltered.
 */
export function useSettingsParams() {
  const [params, setParams] = useSearchParams()
  const raw = params.get('tab')
  const tab: SettingsTab = isTab(raw) ? raw : 'media'
  const { filters, setFilters: setQuery } = useUrlFilters(QUERY_KEYS, PAGE_SIZE[tab])
  const query = useMemo<TabQuery>(() => {
    const brandId = Number(filters.brandId)
    return {
      page: filters.page,
      limit: filters.limit,
      name: filters.name,
      brandId: Number.isInteger(brandId) && brandId > 0 ? brandId : undefined,
    }
  }, [filters])
  const setTab = useCallback(
    (next: string) => setParams(isTab(next) && next !== 'media' ? { tab: next } : {}),
    [setParams],
  )
  return { tab, query, setQuery, setTab }
}
