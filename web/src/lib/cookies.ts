export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split('; ')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq) === name) return decodeURIComponent(part.slice(eq + 1))
  }
  return undefined
}

/** Session cookie unless `maxAgeDays` is given. */
export function writeCookie(name: string, value: string, maxAgeDays?: number) {
  const age = maxAgeDays ? `; max-age=${Math.round(maxAgeDays * 86400)}` : ''
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/${age}; SameSite=Lax`
}

export function removeCookie(name: string) {
  document.cookie = `${name}=; path=/; max-age=0; SameSite=Lax`
}
