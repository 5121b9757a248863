import { fetchTicket } from '@/lib/ticket'

/** `url` with a ticket in its `token` query parameter: a browser download can't send headers. */
export function withTicket(url: string, ticket: string) {
  return `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(ticket)}`
}

/**
 * Starts the browser's download of `url` (an export or a stored file) with a fresh ticket;
 * `fileName` suggests the saved name (the server's Content-Disposition names it too). When no
 * ticket comes, the API client has already told the user why.
 */
export async function download(url: string, fileName?: string): Promise<void> {
  let ticket: string
  try {
    ticket = await fetchTicket()
  } catch {
    return
  }
  const link = document.createElement('a')
  link.href = withTicket(url, ticket)
  if (fileName) link.download = fileName
  link.rel = 'noopener'
  document.body.appendChild(link)
  link.click()
  link.remove()
}
