import { useMemo, useState } from 'react'

export type Ids = ReadonlySet<number>

/** `id` added when it was not chosen, removed when it was. */
export function toggleOne(chosen: Ids, id: number): Ids {
  const next = new Set(chosen)
  if (!next.delete(id)) next.add(id)
  return next
}

/** How much of the page is chosen: the select-all box is checked, mixed or empty. */
export function pageState(chosen: Ids, pageIds: readonly number[]): 'none' | 'some' | 'all' {
  const count = pageIds.filter((id) => chosen.has(id)).length
  if (count === 0) return 'none'
  return count === pageIds.length ? 'all' : 'some'
}

/** Select-all on the page: with every row chosen it clears them, otherwise it chooses them all. */
export function toggleAll(chosen: Ids, pageIds: readonly number[]): Ids {
  if (pageState(chosen, pageIds) === 'all') {
    const next = new Set(chosen)
    for (const id of pageIds) next.delete(id)
    return next
  }
  return new Set([...chosen, ...pageIds])
}

/** Only the chosen rows still on the page: another page, a search or a delete drops the rest. */
export function onPage(chosen: Ids, pageIds: readonly number[]): Ids {
  const kept = pageIds.filter((id) => chosen.has(id))
  return kept.length === chosen.size ? chosen : new Set(kept)
}

/**
 * The rows chosen for 批量删除 among `pageIds` (the rows shown). A row that leaves the page
 * (another page, a search, a delete) leaves the choice for good; a refetch that keeps it keeps it.
 * The result is stable while neither changes.
 */
export function useRowSelection(pageIds: readonly number[]) {
  const [chosen, setChosen] = useState<Ids>(() => new Set())
  const kept = onPage(chosen, pageIds)
  if (kept !== chosen) setChosen(kept)
  return useMemo(
    () => ({
      selected: kept,
      state: pageState(kept, pageIds),
      toggle: (id: number) => setChosen((c) => toggleOne(c, id)),
      toggleAll: () => setChosen(toggleAll(kept, pageIds)),
      clear: () => setChosen(new Set()),
    }),
    [kept, pageIds],
  )
}
