import { storageKeys } from '@/config/storage-keys'
import { subscribeSession, getSession } from '@/lib/session'
import { createStore } from '@/lib/store'

/** One open page of the tags view. `title` is a key of the `routes` namespace. */
export type Tag = { path: string; fullPath: string; title: string; affix?: boolean }

function load(): Tag[] {
  try {
    const raw = JSON.parse(sessionStorage.getItem(storageKeys.tags) ?? '[]') as unknown
    return Array.isArray(raw) ? raw.filter((t): t is Tag => typeof t?.path === 'string' && typeof t?.title === 'string') : []
  } catch {
    return []
  }
}

export const tagsStore = createStore<Tag[]>(load())

function save(tags: Tag[]) {
  tagsStore.set(tags)
  try {
    if (getSession()) sessionStorage.setItem(storageKeys.tags, JSON.stringify(tags))
  } catch {
    // Tabs then last only until the page reloads.
  }
}

// Logout clears the stored tabs (session.ts); forget the in-memory ones too.
subscribeSession(() => {
  if (!getSession()) tagsStore.set([])
})

/**
 * Pinned tabs go first; an open tab keeps its place and becomes pinned or closable as `affix`
 * now says (a tab kept in the session from a build that pinned another page is unpinned).
 */
export function ensureAffix(affix: Tag[]) {
  const tags = tagsStore.get()
  const missing = affix.filter((a) => !tags.some((t) => t.path === a.path))
  const kept = tags.map(({ affix: _, ...t }): Tag => (affix.some((a) => a.path === t.path) ? { ...t, affix: true } : t))
  if (missing.length || kept.some((t, i) => !!t.affix !== !!tags[i].affix)) save([...missing, ...kept])
}

/** Opens (or updates the query of) the tab of a visited page. */
export function openTag(tag: Tag) {
  const tags = tagsStore.get()
  const i = tags.findIndex((t) => t.path === tag.path)
  if (i < 0) save([...tags, tag])
  else if (tags[i].fullPath !== tag.fullPath || tags[i].title !== tag.title) {
    save(tags.map((t, j) => (j === i ? { ...t, fullPath: tag.fullPath, title: tag.title } : t)))
  }
}

export function closeTag(path: string) {
  save(tagsStore.get().filter((t) => t.path !== path || t.affix))
}

export function closeOtherTags(path: string) {
  save(tagsStore.get().filter((t) => t.affix || t.path === path))
}

export function closeAllTags() {
  save(tagsStore.get().filter((t) => t.affix))
}

/** Drops tabs the user may no longer open (roles changed, e.g. another account signed in). */
export function keepTags(allowed: (path: string) => boolean) {
  const tags = tagsStore.get()
  if (tags.some((t) => !allowed(t.path))) save(tags.filter((t) => allowed(t.path)))
}

/** After closing `path`: where to go if it was the current page (the last remaining tab). */
export function nextAfterClose(path: string, home: string) {
  const rest = tagsStore.get().filter((t) => t.path !== path)
  return rest.at(-1)?.fullPath ?? home
}
