import { useController, type Control, type FieldValues, type Path } from '@/lib/form'
import { DatePicker, type DateInputProps } from './date-picker'
import { MonthPicker } from './month-picker'

type Props<F extends FieldValues> = Omit<DateInputProps, 'value' | 'onChange' | 'onBlur' | 'name' | 'ref'> & {
  control: Control<F>
  name: Path<F>
  kind?: 'date' | 'month' | 'datetime'
  /** Enter in the text input (not for months). */
  onEnter?: () => void
}

/**
 * A date, month or date-time picker bound to a form field (lib/form); the props FormField adds
 * (id, aria-invalid, aria-describedby) reach its text input.
 */
export function FormDatePicker<F extends FieldValues>({ control, name, kind = 'date', onEnter, ...rest }: Props<F>) {
  const { field } = useController({ control, name })
  const bound = { ...rest, name: field.name, ref: field.ref, onBlur: field.onBlur, value: (field.value as string | undefined) ?? '', onChange: field.onChange }
  return kind === 'month' ? <MonthPicker {...bound} /> : <DatePicker {...bound} kind={kind} onEnter={onEnter} />
}
