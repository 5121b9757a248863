const UNITS = ['B', 'KB', 'MB', 'GB', 'TB']

/** Bytes for people: 1024-based, one decimal above bytes, without a trailing .0 ('1.5 MB', '12 KB'). */
export function formatSize(bytes: number) {
  if (!Number.isFinite(bytes) || bytes < 0) return '-'
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit++
  }
  const text = unit === 0 ? String(value) : value.toFixed(1).replace(/\.0$/, '')
  return `${text} ${UNITS[unit]}`
}
