import type { Plugin } from 'vite'

// Chunks by page. Rolldown's automatic chunking puts modules in one chunk when the same lazy
// imports reach them; but the app's lazy imports load in fixed company (every page of the route
// table renders in the layout), so modules that exactly the same pages load end up in several
// small chunks, and gzip charges each file its own overhead (the whole app is measured per file,
// scripts/bundle-size.mjs). This names one chunk per set of pages: no page loads a byte it did not
// load before, and the app has fewer chunks.

type Info = {
  id: string
  isEntry: boolean
  importers: readonly string[]
  importedIds: readonly string[]
  dynamicImporters: readonly string[]
  dynamicallyImportedIds: readonly string[]
  code?: string | null
}
type Context = { getModuleInfo(id: string): Info | null }

export type PageChunkOptions = {
  /** The layout every page of the route table renders in: it loads with each of them. */
  layout: RegExp
  /** The module whose lazy imports are the route table's pages. */
  routeTable: RegExp
  /** Modules another group already bundles as one chunk: loading one loads them all. */
  glued: RegExp
}

/** `import`/`export … from` statements: [whole, names clause, source]; bare `import "x"` too. */
const FROM = /\b(?:import|export)\s*([^'";]*?)\s*from\s*["']([^"']+)["']\s*;?|\bimport\s*["']([^"']+)["']\s*;?/g
/** `export { a as b, c };` without a source. */
const EXPORT_LIST = /\bexport\s*\{([^}]*)\}(?!\s*from)\s*;?/g
/** Block comments, and line comments at a line's start or after a space or `;`. */
const COMMENTS = /\/\*[\s\S]*?\*\/|(?<=^|[\s;])\/\/[^\n]*$/gm

/** `dir/` joined with a relative path (`./a`, `../b/c`), as node's posix.join would. */
function join(dir: string, relative: string): string {
  const parts = dir.split('/').slice(0, -1)
  for (const part of relative.split('/')) {
    if (part === '..') parts.pop()
    else if (part !== '.') parts.push(part)
  }
  return parts.join('/')
}

/** The names a clause imports or re-exports (`{ a as b }` → [a, b]; `* as n`, `*` → ['*', n]). */
function clause(text: string): [string, string][] {
  const out: [string, string][] = []
  const braces = /\{([^}]*)\}/.exec(text)
  for (const part of braces ? braces[1].split(',') : []) {
    const [name, alias] = part.trim().split(/\s+as\s+/)
    if (name) out.push([name, alias ?? name])
  }
  const rest = text.replace(/\{[^}]*\}/, '').replace(/^(import|export|type)\b/, '')
  const star = /\*\s*(?:as\s+([\w$]+))?/.exec(rest)
  if (star) out.push(['*', star[1] ?? '*'])
  const def = /^\s*([\w$]+)\s*(,|$)/.exec(rest)
  if (def && def[1] !== 'type') out.push(['default', def[1]])
  return out
}

/**
 * The chunk name of every module outside the shell (what the entry loads) that two or more kinds
 * of page load (a page: the entry, one lazy import and the lazy imports that always come with it);
 * modules that one kind of page loads stay in its chunk.
 */
export function pageChunkNames(start: string, ctx: Context, opts: PageChunkOptions): Map<string, string> {
  const info = (id: string) => ctx.getModuleInfo(id)
  // Every module: up from any module to the entry, then down through static and lazy imports.
  let entry = start
  for (const seen = new Set<string>(); !info(entry)?.isEntry && !seen.has(entry); ) {
    seen.add(entry)
    const up = info(entry)
    entry = up?.importers[0] ?? up?.dynamicImporters[0] ?? entry
  }
  const all: string[] = []
  const lazy = new Set<string>()
  for (const todo = [entry], seen = new Set<string>(); todo.length; ) {
    const id = todo.pop()!
    const m = info(id)
    if (seen.has(id) || !m) continue
    seen.add(id)
    all.push(id)
    todo.push(...m.importedIds, ...m.dynamicallyImportedIds)
    m.dynamicallyImportedIds.forEach((d) => lazy.add(d))
  }

  // A barrel (a module of imports and exports only: radix-ui, @visx/*, @tanstack/react-query)
  // loads only what its importers name; following all it re-exports would count modules as
  // loaded by pages that tree-shaking leaves without them.
  const statements = new Map<string, { source: string; names: [string, string][] }[]>()
  const parsed = (id: string) => {
    let found = statements.get(id)
    if (!found) {
      const code = (info(id)?.code ?? '').replace(COMMENTS, '')
      found = [...code.matchAll(FROM)].map((m) => ({ source: m[2] ?? m[3], names: m[3] ? [] : clause(m[1]) }))
      statements.set(id, found)
    }
    return found
  }
  const barrels = new Map<string, boolean>()
  const isBarrel = (id: string) => {
    if (!barrels.has(id)) {
      const code = info(id)?.code
      barrels.set(id, !!code && /node_modules/.test(id) && !code.replace(COMMENTS, '').replace(FROM, '').replace(EXPORT_LIST, '').trim())
    }
    return barrels.get(id)!
  }
  /** The module `source` names among `from`'s imports; undefined when it is not one of them alone. */
  const target = (from: string, source: string) => {
    const ids = info(from)?.importedIds ?? []
    if (source.startsWith('.')) {
      const path = join(from.replace(/[^/]*$/, ''), source).replace(/\.[cm]?js$/, '')
      const hits = ids.filter((id) => id.replace(/\.[cm]?[jt]sx?$/, '') === path || id.startsWith(`${path}/index.`))
      return hits.length === 1 ? hits[0] : undefined
    }
    // A package (`pkg`, `@scope/pkg`), or a file of one (`pkg/sub`): its modules, then the sub's.
    const parts = source.split('/')
    const pkg = parts.splice(0, source.startsWith('@') ? 2 : 1).join('/')
    let hits = ids.filter((id) => id.includes(`/node_modules/${pkg}/`))
    if (hits.length > 1 && parts.length) hits = hits.filter((id) => id.includes(`/${parts.join('/')}`))
    return hits.length === 1 ? hits[0] : undefined
  }
  /**
   * What `name` of barrel `id` loads: the modules it comes from, through barrels (all: '*'). A
   * name not found loads everything the barrel imports, unless it is looked for in one of several
   * `export *` (another may have it).
   */
  const through = (id: string, name: string, depth = 0, inStar = false): string[] => {
    const m = info(id)
    if (!m) return []
    if (depth > 8) return [...m.importedIds]
    if (name === '*') return m.importedIds.flatMap((t) => (isBarrel(t) ? through(t, '*', depth + 1) : [t]))
    const code = (m.code ?? '').replace(COMMENTS, '')
    // `export { local as name }` lists, then the import that binds `local`.
    let local = name
    for (const [, list] of code.matchAll(EXPORT_LIST))
      for (const part of list.split(',')) {
        const [a, b] = part.trim().split(/\s+as\s+/)
        if ((b ?? a) === name) local = a
      }
    const stars: string[] = []
    for (const s of parsed(id)) {
      const hit = s.names.find(([, as]) => as === local)
      const t = target(id, s.source)
      if (hit) return t === undefined ? [...m.importedIds] : isBarrel(t) ? through(t, hit[0], depth + 1) : [t]
      if (s.names.length === 1 && s.names[0][1] === '*' && s.names[0][0] === '*') stars.push(s.source)
    }
    const found = stars.flatMap((source) => {
      const t = target(id, source)
      return t === undefined ? [...m.importedIds] : isBarrel(t) ? through(t, name, depth + 1, true) : [t]
    })
    return found.length || inStar ? found : [...m.importedIds]
  }
  /** The modules `id` loads when it runs: its imports, through barrels by name. */
  const deps = (id: string): string[] => {
    const m = info(id)
    if (!m) return []
    return m.importedIds.flatMap((t) => {
      if (!isBarrel(t)) return [t]
      const names = parsed(id).flatMap((s) => (target(id, s.source) === t ? s.names.map(([n]) => n) : []))
      return names.length ? names.flatMap((n) => through(t, n)) : through(t, '*')
    })
  }

  const glued = all.filter((id) => opts.glued.test(id))
  /** What loading `starts` loads: their imports, transitively; a glued module brings all. */
  const closure = (starts: string[]) => {
    const seen = new Set<string>()
    for (const todo = [...starts]; todo.length; ) {
      const id = todo.pop()!
      if (seen.has(id)) continue
      seen.add(id)
      todo.push(...deps(id))
      if (opts.glued.test(id)) todo.push(...glued)
    }
    return seen
  }
  const shell = closure([entry])
  const layout = [...lazy].find((id) => opts.layout.test(id))
  // Kinds of page: one per lazy import, the glued ones as one; routed ones with the layout.
  const pages = new Map<string, string[]>()
  for (const id of lazy) {
    const key = opts.glued.test(id) ? 'glued' : id
    const routed = layout && id !== layout && info(id)?.dynamicImporters.some((i) => opts.routeTable.test(i))
    pages.set(key, [...(pages.get(key) ?? []), id, ...(routed ? [layout] : [])])
  }
  const loads = [...pages.values()].map((starts) => closure(starts))
  const names = new Map<string, string>()
  const byPages = new Map<string, string[]>()
  for (const id of all) {
    if (opts.glued.test(id) || isBarrel(id)) continue
    if (shell.has(id)) {
      names.set(id, 'shell')
      continue
    }
    const key = loads.flatMap((l, i) => (l.has(id) ? [i] : [])).join(',')
    if (key.includes(',')) byPages.set(key, [...(byPages.get(key) ?? []), id])
  }
  const size = (id: string) => info(id)?.code?.length ?? 0
  /** A module's file name without extension; a package's name for its index file. */
  const base = (id: string) => {
    const file = id.replace(/[?#].*$/, '').replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '')
    const pkg = file === 'index' ? /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1] : undefined
    return pkg ? pkg.replace(/^@/, '').replace('/', '-') : file
  }
  for (const ids of byPages.values()) {
    // Named after its largest module, as Rolldown names its own chunks; a name is its group, so
    // no two groups share one.
    const named = `${base(ids.reduce((a, b) => (size(b) > size(a) ? b : a)))}-shared`
    let name = named
    for (let n = 2; [...names.values()].includes(name); n++) name = `${named}${n}`
    ids.forEach((id) => names.set(id, name))
  }
  return names
}

/** The group's `name` function, and a plugin that forgets the last build's graph. */
export function pageChunks(opts: PageChunkOptions): { plugin: Plugin; name: (id: string, ctx: Context) => string | null } {
  let names: Map<string, string> | undefined
  return {
    plugin: { name: 'adeval:page-chunks', buildStart: () => void (names = undefined) },
    name: (id, ctx) => (names ??= pageChunkNames(id, ctx, opts)).get(id) ?? null,
  }
}
