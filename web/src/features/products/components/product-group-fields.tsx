import { useController, useWatch, type Control, type FieldErrors, type UseFormSetValue } from '@/lib/form'
import { FormField } from '@/components/ui/form-field'
import { toast } from '@/components/ui/toast-store'
import { useTranslation } from '@/lib/i18n'
import type { ProductFormValues } from '../api/create-product'
import { useBrandGroups, type GroupOption } from '../api/get-brand-groups'
import { GroupMultiSelect } from './group-multi-select'

type Props = {
  control: Control<ProductFormValues>
  setValue: UseFormSetValue<ProductFormValues>
  errors: FieldErrors<ProductFormValues>
  /** Names of groups already chosen (the edited row's), shown until the brand's list arrives. */
  known: GroupOption[]
}

/** 受众/城市组 (the brand's groups) and 默认受众/城市组 (one of those chosen). */
export function ProductGroupFields({ control, setValue, errors, known }: Props) {
  const { t } = useTranslation('products')
  const brandId = useWatch({ control, name: 'brandId' })
  const groups = useBrandGroups(brandId ? Number(brandId) : null)
  const options = groups.data ?? known
  const nameOf = (id: number) => options.find((o) => o.id === id)?.audienceCityGroupName ?? `#${id}`
  const { field: chosen } = useController({ control, name: 'audienceCityGroupId' })
  const { field: defaultGroup } = useController({ control, name: 'defaultAudienceCityGroupId' })

  const choose = (next: number[]) => {
    chosen.onChange(next)
    // The default is limited to the chosen groups.
    if (defaultGroup.value && !next.includes(Number(defaultGroup.value))) setValue('defaultAudienceCityGroupId', '')
  }

  return (
    <>
      <FormField label={t('groups')} required error={errors.audienceCityGroupId?.message} className="form-grid__full">
        <GroupMultiSelect
          ref={chosen.ref}
          options={options}
          value={chosen.value}
          blocked={!brandId}
          onBlocked={() => toast.warning(t('pickBrand'))}
          onBlur={chosen.onBlur}
          onChange={choose}
        />
      </FormField>
      <FormField label={t('defaultGroup')} required error={errors.defaultAudienceCityGroupId?.message}>
        <select className="input" {...defaultGroup}>
          <option value="">{t('pickDefaultGroup')}</option>
          {chosen.value.map((id) => <option key={id} value={id}>{nameOf(id)}</option>)}
        </select>
      </FormField>
    </>
  )
}
