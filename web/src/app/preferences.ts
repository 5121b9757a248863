import { storageKeys } from '@/config/storage-keys'
import { readCookie, writeCookie } from '@/lib/cookies'
import { createStore } from '@/lib/store'

export const DEFAULT_THEME = '#1890ff'
export const sizes = ['default', 'medium', 'small', 'mini'] as const
export type Size = (typeof sizes)[number]

/** The settings panel's choices (docs/screens.md "Routes and layout"), kept in localStorage. */
export type Settings = {
  theme: string
  dark: boolean
  tagsView: boolean
  fixedHeader: boolean
  sidebarLogo: boolean
}

export const defaultSettings: Settings = {
  theme: DEFAULT_THEME,
  dark: false,
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: true,
}

function loadSettings(): Settings {
  try {
    const raw = JSON.parse(localStorage.getItem(storageKeys.settings) ?? '{}') as Partial<Settings>
    const merged = { ...defaultSettings, ...raw }
    if (!/^#[0-9a-f]{6}$/i.test(merged.theme)) merged.theme = DEFAULT_THEME
    return merged
  } catch {
    return { ...defaultSettings }
  }
}

export const settingsStore = createStore<Settings>(loadSettings())

export function updateSettings(patch: Partial<Settings>) {
  settingsStore.set((s) => ({ ...s, ...patch }))
  try {
    localStorage.setItem(storageKeys.settings, JSON.stringify(settingsStore.get()))
  } catch {
    // Not persisted; the change still applies to this page.
  }
  applyToDocument()
}

// Size and sidebar state live in cookies, as in the original admin (docs/screens.md "Routes and layout"), for a year.
const isSize = (v: unknown): v is Size => sizes.includes(v as Size)

export const sizeStore = createStore<Size>(((v) => (isSize(v) ? v : 'medium'))(readCookie(storageKeys.size)))

export function setSize(size: Size) {
  sizeStore.set(size)
  writeCookie(storageKeys.size, size, 365)
  applyToDocument()
}

/** Desktop sidebar: expanded (true) or collapsed to icons. Cookie '1' / '0'. */
export const sidebarStore = createStore(readCookie(storageKeys.sidebar) !== '0')

export function setSidebarOpened(opened: boolean) {
  sidebarStore.set(opened)
  writeCookie(storageKeys.sidebar, opened ? '1' : '0', 365)
}

/** Mirrors the preferences onto <html>: data-size, data-theme and --color-theme. */
export function applyToDocument() {
  const root = document.documentElement
  const s = settingsStore.get()
  root.dataset.size = sizeStore.get()
  if (s.dark) root.dataset.theme = 'dark'
  else delete root.dataset.theme
  if (s.theme.toLowerCase() === DEFAULT_THEME) root.style.removeProperty('--color-theme')
  else root.style.setProperty('--color-theme', s.theme)
}
