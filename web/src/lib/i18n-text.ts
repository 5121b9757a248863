import { i18n, type TFunction } from './i18n'

// Punctuation that differs by language: Chinese lists with 、 and notes in full-width
// parentheses, English with ", " and " (…)". Components pass their own `t` (they render again
// when the language changes); helpers outside a component use the current language.

/** Items as one list: `a、b` in Chinese, `a, b` in English. */
export const listOf = (items: readonly string[], t: TFunction = i18n.t) => items.join(t('common:listSeparator'))

/** A text with a note after it: `a（b）` in Chinese, `a (b)` in English. */
export const withNote = (text: string, note: string, t: TFunction = i18n.t) => t('common:withNote', { text, note })
