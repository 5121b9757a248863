import { getToken } from '@/lib/session'

/**
 * Downloads a listed file under its original name. A browser download can't send headers, so the
 * token rides in the query; the server's Content-Disposition names the file too.
 */
export function downloadFile(urlName: string, fileName: string) {
  const link = document.createElement('a')
  link.href = `${urlName}${urlName.includes('?') ? '&' : '?'}token=${encodeURIComponent(getToken() ?? '')}`
  link.download = fileName
  link.rel = 'noopener'
  document.body.appendChild(link)
  link.click()
  link.remove()
}
