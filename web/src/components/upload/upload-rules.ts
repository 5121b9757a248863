/** docs/screens.md "Uploads": at most 50 MB a file (counted like the chunks, 50 × 1024 × 1024 bytes). */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024
/** docs/screens.md "Uploads": only xls and xlsx. */
export const ACCEPTED_EXTENSIONS = ['.xls', '.xlsx'] as const
/** The file picker's filter: the extensions and their MIME types. */
export const ACCEPT = '.xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

type FileLike = Pick<File, 'name' | 'size' | 'lastModified'>

/** The same file chosen twice: same name, size and modification time. */
export const sameFile = (a: FileLike, b: FileLike) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified

export type FileProblem = 'wrongType' | 'tooLarge' | 'inQueue'

/** Why `file` can't join the upload queue (an `upload` message key), or null when it can. */
export function fileProblem(file: FileLike, queued: readonly FileLike[]): FileProblem | null {
  const name = file.name.toLowerCase()
  if (!ACCEPTED_EXTENSIONS.some((ext) => name.endsWith(ext))) return 'wrongType'
  if (file.size > MAX_UPLOAD_BYTES) return 'tooLarge'
  if (queued.some((q) => sameFile(q, file))) return 'inQueue'
  return null
}
