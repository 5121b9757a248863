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
