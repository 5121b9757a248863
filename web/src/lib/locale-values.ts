// A language other than Chinese ships as its values only, in the order of the Chinese file's keys,
// which the app has already loaded: the keys are a third of a locale's gzip size, and the English
// chunk no longer repeats them. `split` runs at build time (web/locale-values.ts, a Vite plugin),
// `fill` in the browser; together they give back the file as written (locale-values.test.ts).

export type Strings = { [key: string]: string | Strings }

/** What `split` makes of a file: its values in the Chinese keys' order (null: none), and the rest. */
export type Split = { values: (string | null)[]; extra: Strings }

/** `own`'s values where `shape` (the Chinese file) has a string, in `shape`'s key order; what `own`
 * has elsewhere goes in `extra`, as nested as in `own`. */
export function split(shape: Strings, own: Strings): Split {
  const values: (string | null)[] = []
  const walk = (zh: Strings, node: Strings | undefined): Strings => {
    const extra: Strings = {}
    for (const [k, v] of Object.entries(zh)) {
      const mine = node?.[k]
      if (typeof v === 'string') values.push(typeof mine === 'string' ? mine : null)
      else {
        const rest = walk(v, typeof mine === 'object' ? mine : undefined)
        if (Object.keys(rest).length) extra[k] = rest
      }
      if (mine !== undefined && typeof mine !== typeof v) extra[k] = mine
    }
    for (const [k, v] of Object.entries(node ?? {})) if (!Object.hasOwn(zh, k)) extra[k] = v
    return extra
  }
  return { values, extra: walk(shape, own) }
}

/** The file `split` was given back: `values` laid on `shape`'s keys, then `extra`. */
export function fill(shape: Strings, values: readonly (string | null)[], extra: Strings): Strings {
  let i = 0
  const walk = (zh: Strings, more: Strings | undefined): Strings => {
    const out: Strings = {}
    for (const [k, v] of Object.entries(zh)) {
      if (typeof v === 'string') {
        const value = values[i++]
        if (value !== null) out[k] = value
      } else {
        const sub = walk(v, typeof more?.[k] === 'object' ? more[k] : undefined)
        if (Object.keys(sub).length) out[k] = sub
      }
    }
    for (const [k, v] of Object.entries(more ?? {})) if (!Object.hasOwn(zh, k) || typeof v !== typeof zh[k]) out[k] = v
    return out
  }
  return walk(shape, extra)
}
