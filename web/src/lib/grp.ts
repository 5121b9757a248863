/**
 * A GRP as the server answers it: exact to 4 decimals (ten-thousandths of a rating point).
 * Shown with 3 decimals when the 4th is 0 (the usual case: imported GRPs and estimates have
 * at most 3), else with 4, so a figure on screen is the figure answered and the months on a
 * screen add up to its total. Anything that is not a number shows `none`.
 */
export function formatGrp(n: number | null | undefined, none = '—'): string {
  if (typeof n !== 'number' || !Number.isFinite(n)) return none
  const units = Math.round(n * 10_000)
  const text = units % 10 === 0 ? (units / 10_000).toFixed(3) : (units / 10_000).toFixed(4)
  return text === '-0.000' ? '0.000' : text
}
