import { useId, type ReactElement, type ReactNode } from 'react'
import { cloneElement, isValidElement } from 'react'
import './form-field.css'

type ControlProps = { id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string; 'aria-required'?: boolean }

type Props = {
  label: ReactNode
  /** The field's message (client validation or the server's field error). */
  error?: string
  hint?: ReactNode
  required?: boolean
  /** One control: it gets the label's id, aria-invalid and aria-describedby. */
  children: ReactElement<ControlProps>
  className?: string
}

/** A label, one control, a hint and the field's error message, wired for accessibility. */
export function FormField({ label, error, hint, required, children, className }: Props) {
  const auto = useId()
  const id = (isValidElement(children) && children.props.id) || auto
  const messageId = `${id}-message`
  const control = cloneElement(children, {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': error || hint ? messageId : undefined,
  })
  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className={`form-field__label${required ? ' form-field__label--required' : ''}`} htmlFor={id}>
        {label}
      </label>
      <div className="form-field__control">
        {control}
        {error ? (
          <p id={messageId} className="form-field__error" role="alert">
            {error}
          </p>
        ) : hint ? (
          <p id={messageId} className="form-field__hint">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  )
}

/** A group of checkboxes or radios with a legend instead of a label. */
export function FormGroup({ label, error, required, children, className }: Omit<Props, 'children'> & { children: ReactNode }) {
  const id = useId()
  return (
    <fieldset
      className={`form-field form-field--group${error ? ' form-field--invalid' : ''}${className ? ` ${className}` : ''}`}
      aria-describedby={error ? `${id}-message` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className={`form-field__label${required ? ' form-field__label--required' : ''}`}>
        {label}
      </legend>
      <div className="form-field__control">
        {children}
        {error && (
          <p id={`${id}-message`} className="form-field__error" role="alert">
            {error}
          </p>
        )}
      </div>
    </fieldset>
  )
}

type SetError<F extends string> = (name: F, error: { type: string; message: string }, opts?: { shouldFocus: boolean }) => void

/**
 * The one way server field errors reach a form: the messages of a 4000 validation answer, or of
 * a 4009 naming a duplicate field (`ApiError.fields`), go onto the form's fields through
 * the form's `setError`, the first one focused. `fields` lists the form's fields when
 * they are named as the call names them, or maps each of the call's fields to the form's (the
 * …Up calls answer on e.g. `mediaNameUp` for a form's one name field); other fields are left
 * to the toast. Answers whether any landed, so the caller knows the error was shown there.
 */
export function setServerErrors<F extends string>(
  error: unknown,
  fields: readonly F[] | Readonly<Record<string, F>>,
  setError: SetError<F>,
): boolean {
  const found = (error as { fields?: Record<string, string[]> } | null)?.fields
  if (!found) return false
  const target = (name: string): F | undefined =>
    Array.isArray(fields) ? ((fields as readonly string[]).includes(name) ? (name as F) : undefined) : (fields as Record<string, F>)[name]
  let first = true
  let any = false
  for (const [name, messages] of Object.entries(found)) {
    const field = target(name)
    if (!field || !messages.length) continue
    setError(field, { type: 'server', message: messages.join('；') }, { shouldFocus: first })
    first = false
    any = true
  }
  return any
}
