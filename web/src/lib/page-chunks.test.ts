import { describe, expect, it } from 'vitest'
import { pageChunkNames } from '../../page-chunks'

// A made-up module graph, as Rolldown's chunking context shows it (web/page-chunks.ts, the build's
// chunks by page). The entry loads main, which lazily loads the sign-in page and the layout; the
// route table lazily loads pages A and B (and C, D of the glued group), each rendered in the layout.
type Node = { code?: string; imports?: string[]; lazy?: string[]; entry?: boolean }
const W = '/w/src'
const N = '/w/node_modules'
const graph: Record<string, Node> = {
  '/w/index.html': { entry: true, imports: [`${W}/main.tsx`] },
  [`${W}/main.tsx`]: { imports: [`${W}/route-table.ts`, `${W}/i18n.ts`], lazy: [`${W}/login.tsx`, `${W}/layout.tsx`] },
  [`${W}/i18n.ts`]: {},
  [`${W}/route-table.ts`]: { lazy: [`${W}/a.tsx`, `${W}/b.tsx`, `${W}/glued/c.tsx`, `${W}/glued/d.tsx`] },
  [`${W}/login.tsx`]: { imports: [`${W}/lang.tsx`, `${W}/i18n.ts`] },
  [`${W}/layout.tsx`]: { imports: [`${W}/lang.tsx`, `${W}/menu.tsx`] },
  [`${W}/lang.tsx`]: {},
  [`${W}/menu.tsx`]: {},
  // A and B share the dialog; each takes one shape from a barrel package.
  [`${W}/a.tsx`]: { code: 'import { Line } from "shapes";\nimport { Dialog } from "./dialog";', imports: [`${N}/shapes/index.js`, `${W}/dialog.tsx`] },
  [`${W}/b.tsx`]: { code: 'import { Area as A } from "shapes";\nimport { Dialog } from "./dialog";', imports: [`${N}/shapes/index.js`, `${W}/dialog.tsx`] },
  [`${W}/dialog.tsx`]: {},
  [`${N}/shapes/index.js`]: {
    code: '// shapes\nexport { default as Line } from "./line.js";\nexport { default as Area } from "./area.js"; // the area\n',
    imports: [`${N}/shapes/line.js`, `${N}/shapes/area.js`],
  },
  [`${N}/shapes/line.js`]: { code: 'export default function Line() {}' },
  [`${N}/shapes/area.js`]: { code: 'import { scale } from "./scale.js";\nexport default function Area() { return scale }', imports: [`${N}/shapes/scale.js`] },
  [`${N}/shapes/scale.js`]: { code: 'export const scale = 1' },
  // The glued pages (one chunk) share the form with B; C alone has the table.
  [`${W}/glued/c.tsx`]: { imports: [`${W}/form.tsx`, `${W}/table.tsx`] },
  [`${W}/glued/d.tsx`]: { imports: [`${W}/form.tsx`] },
  [`${W}/form.tsx`]: {},
  [`${W}/table.tsx`]: {},
}
graph[`${W}/b.tsx`].imports!.push(`${W}/form.tsx`)

const importersOf = (id: string, kind: 'imports' | 'lazy') => Object.keys(graph).filter((k) => graph[k][kind]?.includes(id))
const ctx = {
  getModuleInfo: (id: string) =>
    graph[id] && {
      id,
      isEntry: !!graph[id].entry,
      code: graph[id].code ?? 'export {}',
      importers: importersOf(id, 'imports'),
      importedIds: graph[id].imports ?? [],
      dynamicImporters: importersOf(id, 'lazy'),
      dynamicallyImportedIds: graph[id].lazy ?? [],
    },
}
const names = pageChunkNames(`${W}/dialog.tsx`, ctx, { layout: /\/layout\.tsx$/, routeTable: /\/route-table\.ts$/, glued: /\/glued\// })
const name = (id: string) => names.get(id) ?? null

describe('pageChunkNames', () => {
  it('puts what the entry loads in the shell', () => {
    expect(name(`${W}/main.tsx`)).toBe('shell')
    expect(name(`${W}/i18n.ts`)).toBe('shell')
  })

  it('groups modules that exactly the same pages load, the layout counted with every routed page', () => {
    // lang: sign-in, layout, A, B, glued. menu: layout, A, B, glued (the layout comes with each).
    expect(name(`${W}/lang.tsx`)).toBe('lang-shared')
    expect(name(`${W}/menu.tsx`)).toBe(name(`${W}/layout.tsx`))
    expect(name(`${W}/menu.tsx`)).not.toBe(name(`${W}/lang.tsx`))
    // The dialog: A and B only.
    expect(name(`${W}/dialog.tsx`)).toMatch(/-shared/)
    expect([name(`${W}/lang.tsx`), name(`${W}/menu.tsx`)]).not.toContain(name(`${W}/dialog.tsx`))
    // The form: B and the glued pages.
    expect(name(`${W}/form.tsx`)).toMatch(/-shared/)
    expect(name(`${W}/form.tsx`)).not.toBe(name(`${W}/dialog.tsx`))
  })

  it('follows a barrel only to what its importers name', () => {
    // Through the barrel, A loads only the line and B only the area (and its scale): one page each,
    // so they stay in their page's chunk rather than joining the dialog's, which A and B share.
    expect(name(`${N}/shapes/line.js`)).toBeNull()
    expect(name(`${N}/shapes/area.js`)).toBeNull()
    expect(name(`${N}/shapes/scale.js`)).toBeNull()
    expect(name(`${N}/shapes/index.js`)).toBeNull()
  })

  it('leaves the glued group and one-page modules alone', () => {
    expect(name(`${W}/glued/c.tsx`)).toBeNull()
    expect(name(`${W}/table.tsx`)).toBeNull()
    expect(name(`${W}/a.tsx`)).toBeNull()
  })
})
