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
 * Puts a 4000 answer's field messages onto the form's fields (react-hook-form `setError`);
 * answers whether any landed, so the caller knows the error was shown there.
 */
export function setServerErrors<F extends string>(error: unknown, fields: readonly F[], setError: SetError<F>): boolean {
  const found = (error as { fields?: Record<string, string[]> } | null)?.fields
  if (!found) return false
  let first = true
  let any = false
  for (const [name, messages] of Object.entries(found)) {
    if (!(fields as readonly string[]).includes(name) || !messages.length) continue
    setError(name as F, { type: 'server', message: messages.join('；') }, { shouldFocus: first })
    first = false
    any = true
  }
  return any
}
