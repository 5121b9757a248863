import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'

export const TABS = ['media', 'audience', 'brand'] as const
export type SettingsTab = (typeof TABS)[number]

/** Spec §9: audience and brand lists page by 10; media by the generic default 20. */
export const PAGE_SIZE: Record<SettingsTab, number> = { media: 20, audience: 10, brand: 10 }

/** The active tab's list state: page, size, name search and (groups) a brand. */
export type TabQuery = { page: number; limit: number; name?: string; brandId?: number }

const isTab = (v: string | null): v is SettingsTab => TABS.includes(v as SettingsTab)

/**
 * The active tab and its filters live in the URL query (`?tab=audience&name=全国&page=2`), so
 * a reload or a shared link restores them. Switching tabs starts the new tab unfiltered.
 */
export function useSettingsParams() {
  const [params, setParams] = useSearchParams()
  const raw = params.get('tab')
  const tab: SettingsTab = isTab(raw) ? raw : 'media'
  const query = useMemo<TabQuery>(() => {
    const brandId = Number(params.get('brandId'))
    return {
      page: Math.max(1, Number(params.get('page')) || 1),
      limit: Number(params.get('limit')) || PAGE_SIZE[tab],
      name: params.get('name') || undefined,
      brandId: Number.isInteger(brandId) && brandId > 0 ? brandId : undefined,
    }
  }, [params, tab])

  const setQuery = useCallback(
    (next: Partial<TabQuery>) =>
      setParams((current) => {
        const merged = new URLSearchParams(current)
        for (const [k, v] of Object.entries(next)) {
          const isDefault = (k === 'page' && v === 1) || (k === 'limit' && v === PAGE_SIZE[tab])
          if (v === undefined || v === '' || isDefault) merged.delete(k)
          else merged.set(k, String(v))
        }
        return merged
      }),
    [setParams, tab],
  )
  const setTab = useCallback(
    (next: string) => setParams(isTab(next) && next !== 'media' ? { tab: next } : {}),
    [setParams],
  )
  return { tab, query, setQuery, setTab }
}

/** Deleting the last row of the last page leaves an empty page: step back to the last one. */
export function lastPage(total: number | undefined, limit: number) {
  return Math.max(1, Math.ceil((total ?? 0) / limit))
}
