// A minimal .xlsx reader for the browser flows: the workbook's sheets in order, each with its
// cells by reference (`A1` → text or number), its rows as arrays and its merged ranges. Reads
// stored and deflated zip entries with node:zlib; shared strings, inline strings and numbers.
// Enough to open what the server exports; no dependency (web's devDependencies have no reader).
import { inflateRawSync } from 'node:zlib'

/** The entries of a zip (Buffer) by name, inflated. */
function unzip(buf) {
  let end = buf.length - 22
  while (end >= 0 && buf.readUInt32LE(end) !== 0x06054b50) end--
  if (end < 0) throw new Error('not a zip file')
  const count = buf.readUInt16LE(end + 10)
  let p = buf.readUInt32LE(end + 16)
  const entries = {}
  for (let i = 0; i < count; i++) {
    if (buf.readUInt32LE(p) !== 0x02014b50) throw new Error('bad zip central directory')
    const method = buf.readUInt16LE(p + 10)
    const packed = buf.readUInt32LE(p + 20)
    const nameLength = buf.readUInt16LE(p + 28)
    const extraLength = buf.readUInt16LE(p + 30)
    const commentLength = buf.readUInt16LE(p + 32)
    const local = buf.readUInt32LE(p + 42)
    const name = buf.toString('utf8', p + 46, p + 46 + nameLength)
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28)
    const data = buf.subarray(start, start + packed)
    entries[name] = method === 0 ? data : inflateRawSync(data)
    p += 46 + nameLength + extraLength + commentLength
  }
  return entries
}

const unescape = (s) =>
  s.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-f]+);/gi, (_, e) => {
    const named = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' }[e.toLowerCase()]
    if (named) return named
    return String.fromCodePoint(e[1].toLowerCase() === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10))
  })

/** The text of every `<t>` inside `xml` (a shared string may be rich text in runs). */
const texts = (xml) => [...xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>|<t(?:\s[^>]*)?\/>/g)].map((m) => unescape(m[1] ?? '')).join('')

const attr = (tag, name) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1]

/** 'B3' → [2 (row index 0-based), 1 (column index 0-based)]. */
function position(ref) {
  const [, letters, digits] = ref.match(/^([A-Z]+)(\d+)$/)
  const column = [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1
  return [Number(digits) - 1, column]
}

/** `{ sheets: [{ name, cells: { A1: value }, rows: [[value …] …], merges: ['A1:F1' …] }] }` of an .xlsx Buffer. */
export function readXlsx(buf) {
  const files = unzip(buf)
  const text = (name) => files[name]?.toString('utf8') ?? ''
  const shared = [...text('xl/sharedStrings.xml').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => texts(m[1]))
  const rels = Object.fromEntries(
    [...text('xl/_rels/workbook.xml.rels').matchAll(/<Relationship\b[^>]*>/g)].map((m) => [attr(m[0], 'Id'), attr(m[0], 'Target')]),
  )
  const sheets = [...text('xl/workbook.xml').matchAll(/<sheet\b[^>]*>/g)].map((m) => {
    const target = rels[attr(m[0], 'r:id')].replace(/^\/?(xl\/)?/, '')
    const xml = text(`xl/${target}`)
    const cells = {}
    const rows = []
    for (const c of xml.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const tag = `<c${c[1]}>`
      const ref = attr(tag, 'r')
      const type = attr(tag, 't')
      const body = c[2] ?? ''
      const v = body.match(/<v>([\s\S]*?)<\/v>/)?.[1]
      let value
      if (type === 's') value = shared[Number(v)]
      else if (type === 'inlineStr') value = texts(body)
      else if (type === 'str' || type === 'e') value = v === undefined ? '' : unescape(v)
      else if (type === 'b') value = v === '1'
      else value = v === undefined ? null : Number(v)
      if (value === null) continue
      cells[ref] = value
      const [r, col] = position(ref)
      ;(rows[r] ??= [])[col] = value
    }
    const merges = [...xml.matchAll(/<mergeCell\b[^>]*ref="([^"]+)"/g)].map((x) => x[1])
    return { name: unescape(attr(m[0], 'name')), cells, rows: Array.from(rows, (r) => r ?? []), merges }
  })
  return { sheets }
}
