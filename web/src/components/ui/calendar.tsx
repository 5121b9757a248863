import { DayPicker, type DayPickerProps, type Matcher } from 'react-day-picker'
import { enUS, zhCN } from 'react-day-picker/locale'
import { useTranslation } from '@/lib/i18n'
import { parseDateText, type DateKind } from './date-text'
import 'react-day-picker/style.css'

/** The calendar's locale follows the UI language: names, labels and the first day of the week. */
export function useCalendarLocale() {
  const { i18n } = useTranslation()
  return i18n.language === 'en' ? enUS : zhCN
}

/** Days outside optional `min`/`max` values (of the field's kind) can't be picked. */
export function boundsMatcher(kind: DateKind, min?: string, max?: string): Matcher[] {
  const before = min ? parseDateText(kind, min) : undefined
  const after = max ? parseDateText(kind, max) : undefined
  return [...(before ? [{ before }] : []), ...(after ? [{ after }] : [])]
}

/**
 * react-day-picker in the app's language and colours, focusing its selected day (or today)
 * when it opens: arrows move by day and week, PageUp/PageDown by month, Enter or Space picks.
 */
export function Calendar(props: DayPickerProps) {
  const locale = useCalendarLocale()
  return <DayPicker locale={locale} autoFocus showOutsideDays fixedWeeks className="calendar" {...props} />
}
