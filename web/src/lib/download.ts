import { getToken } from '@/lib/session'

/** `url` with the session token in its query: a browser download can't send headers. */
export function withToken(url: string) {
  return `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(getToken() ?? '')}`
}

/**
 * Starts the browser's download of `url` (an export or a stored file); `fileName` suggests the
 * saved name (the server's Content-Disposition names it too).
 */
export function download(url: string, fileName?: string) {
  const link = document.createElement('a')
  link.href = withToken(url)
  if (fileName) link.download = fileName
  link.rel = 'noopener'
  document.body.appendChild(link)
  link.click()
  link.remove()
}
