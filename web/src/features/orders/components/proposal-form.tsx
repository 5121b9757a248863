import { useTranslation } from '@/lib/i18n'
import { schemaResolver } from '@/lib/schema'
import { useMemo } from 'react'
import { useForm } from '@/lib/form'
import { FormDatePicker } from '@/components/ui/form-date-picker'
import { FormField, setServerErrors } from '@/components/ui/form-field'
import { toast } from '@/components/ui/toast-store'
import { MAX_PROPOSAL, PROPOSAL_FIELDS, proposalSchema, useCreateProposal, type ProposalValues } from '../api/create-proposal'

const EMPTY: ProposalValues = { proposalText: '', adjustDate: '' }

/** 添加调整建议 (docs/screens.md "Order dialogs" add adjustment): text and date; cleared once added, kept on a refusal. */
export function ProposalForm({ orderId }: { orderId: number }) {
  const { t } = useTranslation('orders')
  const schema = useMemo(() => proposalSchema(t), [t])
  const { register, control, handleSubmit, setError, reset, formState } = useForm<ProposalValues>({ resolver: schemaResolver(schema), defaultValues: EMPTY })
  const { errors, isSubmitting } = formState
  const create = useCreateProposal()

  const submit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync({ orderId, values })
    } catch (err) {
      setServerErrors(err, PROPOSAL_FIELDS, setError)
      return
    }
    toast.success(t('proposals.added'))
    reset(EMPTY)
  })

  return (
    <form className="proposal-form" onSubmit={submit} noValidate aria-label={t('proposals.add')}>
      <FormField label={t('proposals.text')} required error={errors.proposalText?.message} className="proposal-form__text">
        <textarea className="input" rows={2} maxLength={MAX_PROPOSAL} placeholder={t('proposals.textPlaceholder')} {...register('proposalText')} />
      </FormField>
      <FormField label={t('proposals.adjustDate')} required error={errors.adjustDate?.message} className="proposal-form__date">
        <FormDatePicker control={control} name="adjustDate" />
      </FormField>
      <button type="submit" className="btn btn--primary proposal-form__submit" disabled={isSubmitting}>
        {t('proposals.add')}
      </button>
    </form>
  )
}
