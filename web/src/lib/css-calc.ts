/*
 * Stands in for reduce-css-calc, which @visx/text uses to turn its line offsets
 * (`calc(2 * -1em + (0.71em / 2))`) into one length: reduce-css-calc evaluates them with
 * math-expression-evaluator, 5 KB gzip for four arithmetic operators (vite.config.ts
 * points the package here). Same answers: a one-unit sum or product becomes its value, rounded to 5 decimals, with its
 * unit; with several units, its one-unit parenthesised parts are worked out and the rest is left
 * to the browser, as are functions (var(), min()).
 */

type Cursor = { s: string; i: number }

const peek = (c: Cursor) => {
  while (c.s[c.i] === ' ') c.i++
  return c.s[c.i]
}

function factor(c: Cursor): number {
  const ch = peek(c)
  if (ch === '-' || ch === '+') {
    c.i++
    return ch === '-' ? -factor(c) : factor(c)
  }
  if (ch === '(') {
    c.i++
    const v = sum(c)
    if (peek(c) !== ')') throw new Error('unbalanced')
    c.i++
    return v
  }
  const m = /^(\d+\.?\d*|\.\d+)/.exec(c.s.slice(c.i))
  if (!m) throw new Error('not a number')
  c.i += m[0].length
  return Number(m[0])
}

function product(c: Cursor): number {
  let v = factor(c)
  for (let op = peek(c); op === '*' || op === '/'; op = peek(c)) {
    c.i++
    v = op === '*' ? v * factor(c) : v / factor(c)
  }
  return v
}

function sum(c: Cursor): number {
  let v = product(c)
  for (let op = peek(c); op === '+' || op === '-'; op = peek(c)) {
    c.i++
    v = op === '+' ? v + product(c) : v - product(c)
  }
  return v
}

/** `expr` with its parenthesised one-unit parts worked out, whole when it has one unit. */
function reduce(expr: string, outer: boolean): string {
  let flat = ''
  let depth = 0
  let from = 0
  for (let i = 0; i < expr.length; i++) {
    if (expr[i] === '(' && depth++ === 0) from = i
    else if (expr[i] === ')' && --depth === 0) flat += reduce(expr.slice(from + 1, i), false)
    else if (depth === 0) flat += expr[i]
  }
  const kept = outer ? `calc(${flat})` : `(${flat})`
  const units = [...new Set([...flat.matchAll(/[.0-9]([%a-z]+)/gi)].map((u) => u[1].toLowerCase()))]
  if (units.length > 1) return kept
  const unit = units[0] ?? ''
  // Like reduce-css-calc, percentages are worked in hundredths, so a bare number beside them
  // counts as a whole (`0.5 * -1 + 35.5%` is -14.5%) and 50% * 50% is 25%.
  const percent = unit === '%'
  const scaled = percent ? flat.replace(/\b[0-9.]+%/g, (p) => String(parseFloat(p) * 0.01)) : flat
  const c = { s: unit ? scaled.replace(new RegExp(unit, 'gi'), '') : scaled, i: 0 }
  try {
    const v = sum(c) * (percent ? 100 : 1)
    if (peek(c) !== undefined || !Number.isFinite(v)) return kept
    // Like reduce-css-calc: only the outer value is rounded, and every percentage.
    return `${outer || percent ? Math.round(v * 1e5) / 1e5 : v}${unit}`
  } catch {
    return kept
  }
}

export default function reduceCSSCalc(value: string): string {
  const m = /^calc\((.*)\)$/s.exec(value.trim())
  // Functions inside (var(), min()…) are the browser's business.
  return m && !/[a-z-]\(/i.test(m[1]) ? reduce(m[1], true) : value
}
