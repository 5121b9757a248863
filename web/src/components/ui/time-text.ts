/**
 * Dates and times in tables: a cell showing a date or date-time as the server writes them
 * (`YYYY-MM-DD`, `YYYY-MM-DD HH:mm[:ss]`) is never wrapped or cut — its column takes the text's
 * width. Found by the cell's text, so no list's column can be left out.
 */

const TIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/

export const isTimeText = (value: unknown): value is string => typeof value === 'string' && TIME.test(value)

/**
 * A CSS width that holds `chars` characters of a date-time in a cell with `padding` pixels
 * either side and a 1 px border: every character at a digit's width (`ch`, with tabular figures)
 * is at least as wide as the text, whatever the font.
 */
export const timeWidth = (chars: number, padding: number) => `calc(${chars}ch + ${2 * padding + 1}px)`

/** How many rows stand for a column when telling whether it shows dates or times. */
export const SAMPLED_ROWS = 50

const px = (width: number | string) => (typeof width === 'number' ? `${width}px` : width)

/**
 * A column's width: its own, or for a column whose cells show dates or times (`texts`, its first
 * rows) the width of its longest one when that is wider — a fixed table layout, or a virtual
 * table's fixed cells, would otherwise cut or wrap them.
 */
export function fitTimes(width: number | string | undefined, texts: unknown[], padding: number): number | string | undefined {
  const chars = Math.max(0, ...texts.filter(isTimeText).map((text) => text.length))
  if (!chars) return width
  const fit = timeWidth(chars, padding)
  return width === undefined ? fit : `max(${px(width)}, ${fit})`
}
