/*
 * The header's page search: fuse.js's scoring with the options the header used (threshold 0.4,
 * location ignored, weighted keys, field-length norm), without its 8 KB gzip.
 * A key matches when the query, lower-cased, is found in its text with at most 40% of the
 * query's length in edits (insertions, deletions, substitutions); its score is that fraction.
 */

export type FuzzyKey<T> = { name: keyof T & string; weight: number }

/** The bit-parallel matcher fuse.js uses handles 32 characters; longer queries go in chunks as there. */
const CHUNK = 32

/** Fewest edits that turn `pattern` into some substring of `text` (Sellers' dynamic programme). */
export function substringEdits(pattern: string, text: string): number {
  let prev = new Array<number>(text.length + 1).fill(0)
  for (let i = 1; i <= pattern.length; i++) {
    const row = [i]
    for (let j = 1; j <= text.length; j++)
      row[j] = Math.min(prev[j - 1] + (pattern[i - 1] === text[j - 1] ? 0 : 1), prev[j] + 1, row[j - 1] + 1)
    prev = row
  }
  return Math.min(...prev)
}

/** A key's score, 0 (the whole text) to 1, or null when it does not match. */
function keyScore(query: string, text: string, threshold: number): number | null {
  if (query === text) return 0
  const chunks: string[] = []
  if (query.length <= CHUNK) chunks.push(query)
  else {
    for (let i = 0; i + CHUNK <= query.length; i += CHUNK) chunks.push(query.slice(i, i + CHUNK))
    if (query.length % CHUNK) chunks.push(query.slice(-CHUNK))
  }
  let total = 0
  let matched = false
  for (const chunk of chunks) {
    const score = substringEdits(chunk, text) / chunk.length
    // A match never scores 0 short of the whole text, as in fuse.js; a miss counts as 1.
    if (score <= threshold) matched = true
    total += score <= threshold ? Math.max(0.001, score) : 1
  }
  return matched ? total / chunks.length : null
}

/** fuse.js's field-length norm: 1/√(words), to three decimals. */
const norm = (text: string) => Math.round((1 / Math.sqrt(text.match(/[^ ]+/g)?.length ?? 0)) * 1000) / 1000

/** Items matching `query` best first (ties in list order), at most `limit`. */
export function fuzzySearch<T>(items: readonly T[], query: string, keys: readonly FuzzyKey<T>[], threshold: number, limit: number): T[] {
  const q = query.toLowerCase()
  const totalWeight = keys.reduce((n, k) => n + k.weight, 0)
  const found: { item: T; score: number; index: number }[] = []
  items.forEach((item, index) => {
    let score = 1
    let matched = false
    for (const key of keys) {
      const text = String(item[key.name] ?? '')
      const s = keyScore(q, text.toLowerCase(), threshold)
      if (s === null) continue
      matched = true
      const weight = key.weight / totalWeight
      score *= Math.pow(s === 0 && weight ? Number.EPSILON : s, weight * norm(text))
    }
    if (matched) found.push({ item, score, index })
  })
  found.sort((a, b) => a.score - b.score || a.index - b.index)
  return found.slice(0, limit).map((f) => f.item)
}
