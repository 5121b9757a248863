import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, vi } from 'vitest'
import { dismissNotice, dismissToast, getNotices } from '@/components/ui/toast-store'
import '@/lib/i18n'
import { resetLanguage } from './reset-language'

// Two workers share CI's two cores (and a worker runs many files one after another): give
// `findBy…` and `waitFor` room, so a slow moment is not a failure.
configure({ asyncUtilTimeout: 5000 })

afterEach(() => cleanup())

// The attributes <html> has before any test: put back after each file.
const html = document.documentElement
const pristine = ((globalThis as { __pristineHtml?: [string, string][] }).__pristineHtml ??= [...html.attributes].map((a) => [a.name, a.value]))

/*
 * Most test files share a module registry and a jsdom with the files before them in their
 * worker (vite.config.ts, test projects). After each file, put back what a file may have changed,
 * so the next one starts as it would in a fresh worker: the language (and the strings loaded for
 * it), the stored preferences, the toasts, the page's markup and <html>'s attributes, the
 * clock and stubbed globals. Between the tests of one file nothing more is reset than before.
 */
afterAll(async () => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
  localStorage.clear()
  sessionStorage.clear()
  await resetLanguage()
  dismissToast()
  for (const n of getNotices()) dismissNotice(n.id)
  document.body.replaceChildren()
  for (const a of [...html.attributes]) html.removeAttribute(a.name)
  for (const [name, value] of pristine) html.setAttribute(name, value)
  window.history.replaceState(null, '', '/')
})
