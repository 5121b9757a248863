import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'

/**
 * Lands the server's field messages on the form: 4000 (validation) and 4009 (a duplicate name)
 * both carry `data.fields`. `map` names the form field of each server field — the …Up calls
 * answer on e.g. `mediaNameUp` for the form's one name field.
 */
export function landServerErrors<F extends FieldValues>(error: unknown, map: Record<string, Path<F>>, setError: UseFormSetError<F>) {
  const fields = ((error as { data?: { fields?: Record<string, string[]> } } | null)?.data?.fields ?? {}) as Record<string, string[]>
  let first = true
  for (const [server, messages] of Object.entries(fields)) {
    const target = map[server]
    if (!target || !messages.length) continue
    setError(target, { type: 'server', message: messages.join('；') }, { shouldFocus: first })
    first = false
  }
}
