import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import type { AccountFilters } from '../api/get-accounts'

const DEFAULT_LIMIT = 10

/** The list's filters and page live in the URL query, so a reload restores them. */
export function useAccountFilters() {
  const [params, setParams] = useSearchParams()
  const filters = useMemo<AccountFilters>(
    () => ({
      page: Math.max(1, Number(params.get('page')) || 1),
      limit: Number(params.get('limit')) || DEFAULT_LIMIT,
      name: params.get('name') || undefined,
      account: params.get('account') || undefined,
      status: params.get('status') || undefined,
    }),
    [params],
  )
  const setFilters = useCallback(
    (next: Partial<AccountFilters>) =>
      setParams((current) => {
        const merged = new URLSearchParams(current)
        for (const [k, v] of Object.entries(next)) {
          if (v === undefined || v === '' || (k === 'page' && v === 1) || (k === 'limit' && v === DEFAULT_LIMIT)) merged.delete(k)
          else merged.set(k, String(v))
        }
        return merged
      }),
    [setParams],
  )
  return { filters, setFilters }
}
