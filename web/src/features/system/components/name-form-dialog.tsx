import { useMemo } from 'react'
import { useForm } from '@/lib/form'
import { useTranslation } from '@/lib/i18n'
import { schemaResolver, z } from '@/lib/schema'
import { Dialog } from '@/components/ui/dialog'
import { FormField, setServerErrors } from '@/components/ui/form-field'

type Props = {
  open: boolean
  title: string
  label: string
  placeholder: string
  /** The spec's message for an empty name. */
  required: string
  /** The name being edited; '' when adding. */
  initial: string
  /** Server fields that answer for the name (e.g. mediaName, mediaNameUp). */
  serverFields: string[]
  onSubmit: (name: string) => Promise<unknown>
  onClose: () => void
  /** Disables 确定 while the call runs. */
  busy?: boolean
}

type Values = { name: string }
const NAME_MAX = 50

/** The form's rules, exported for the differential test against zod (lib/schema.diff.test.ts). */
export const nameSchema = (required: string, tooLong: string) => z.object({ name: z.string().trim().min(1, required).max(NAME_MAX, tooLong) })

/** The media and brand dialogs: one required name. */
export function NameFormDialog(props: Props) {
  const { t } = useTranslation('system')
  const formId = `name-form-${props.serverFields[0]}`
  return (
    <Dialog open={props.open} onOpenChange={(next) => !next && props.onClose()} title={props.title} formId={formId} busy={props.busy} width={480}>
      {props.open && <NameForm key={props.initial} id={formId} {...props} tooLong={t('nameTooLong', { what: props.label })} />}
    </Dialog>
  )
}

function NameForm(props: Props & { id: string; tooLong: string }) {
  const schema = useMemo(() => nameSchema(props.required, props.tooLong), [props.required, props.tooLong])
  const { register, handleSubmit, setError, formState } = useForm<Values>({
    resolver: schemaResolver(schema),
    defaultValues: { name: props.initial },
  })
  const submit = handleSubmit(async ({ name }) => {
    try {
      await props.onSubmit(name.trim())
    } catch (err) {
      setServerErrors(err, Object.fromEntries(props.serverFields.map((f) => [f, 'name' as const])), setError)
    }
  })
  return (
    <form id={props.id} className="form-grid" onSubmit={submit} noValidate>
      <FormField label={props.label} required error={formState.errors.name?.message}>
        <input className="input" autoComplete="off" placeholder={props.placeholder} {...register('name')} />
      </FormField>
    </form>
  )
}
