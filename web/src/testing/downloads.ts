import { afterEach, beforeEach, vi, type MockInstance } from 'vitest'

/**
 * The downloads the app starts in each test of the file that calls it (at its top level): the
 * href of every link `download` (lib/download.ts) clicks, its ticket in the query. The fake
 * server must answer `ticket` (see `TICKET`). The real module runs, so the file needs no module
 * mock and can share its worker's module registry (vite.config.ts, test projects).
 */
export function spyDownloads() {
  const hrefs: string[] = []
  let click: MockInstance | undefined
  beforeEach(() => {
    hrefs.length = 0
    click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      hrefs.push(this.getAttribute('href') ?? '')
    })
  })
  afterEach(() => click?.mockRestore())
  return hrefs
}

/** The fake server's answer to `ticket`: every download link then ends in `?token=t` (or `&token=t`). */
export const TICKET = () => ({ ticket: 't', expiresIn: 60 })
