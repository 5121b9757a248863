import type { UseFormReturn } from '@/lib/form'
import { FormField, FormGroup } from '@/components/ui/form-field'
import { useTranslation } from '@/lib/i18n'
import { FREE_CALCULATIONS, SIDES, type OrderFormValues } from '../api/create-order'

type Props = { form: UseFormReturn<OrderFormValues> }

/**
 * Both sides' 赠播计算方式 (1 无 2 百分比 3 常规), 赠播值 and 指标, customer on the left and
 * media on the right, row by row.
 */
export function FreeBroadcastFields({ form }: Props) {
  const { t } = useTranslation('orders')
  const { register, formState } = form
  const { errors } = formState
  return (
    <>
      {SIDES.map((side) => (
        <FormGroup key={`${side}-calc`} label={t(`form.${side}Calc`)} required error={errors[`${side}FreeBroadcastCalculation`]?.message}>
          <span className="choice-group">
            {FREE_CALCULATIONS.map((c) => (
              <label key={c} className="choice">
                <input type="radio" value={c} {...register(`${side}FreeBroadcastCalculation`)} />
                {t(`form.calc.${c}`)}
              </label>
            ))}
          </span>
        </FormGroup>
      ))}
      {SIDES.map((side) => (
        <FormField key={`${side}-value`} label={t(`form.${side}Value`)} error={errors[`${side}FreeBroadcastValue`]?.message}>
          <input className="input" type="number" min={0} step="any" {...register(`${side}FreeBroadcastValue`)} />
        </FormField>
      ))}
      {SIDES.map((side) => (
        <FormField key={`${side}-metrics`} label={t(`form.${side}Metrics`)} error={errors[`${side}Metrics`]?.message} hint={t('form.metricsHint')}>
          <input className="input" type="number" min={0} step="0.001" {...register(`${side}Metrics`)} />
        </FormField>
      ))}
    </>
  )
}
