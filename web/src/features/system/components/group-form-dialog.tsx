import { useMemo } from 'react'
import { Controller, useForm } from '@/lib/form'
import { useTranslation } from '@/lib/i18n'
import { schemaResolver } from '@/lib/schema'
import { Dialog } from '@/components/ui/dialog'
import { FormField, setServerErrors } from '@/components/ui/form-field'
import { SearchableSelect } from '@/components/ui/searchable-select'
import { useSaveHandler } from '@/components/ui/use-save-handler'
import { groupSchema, useCreateGroup, type GroupFormValues } from '../api/create-group'
import { useBrandList } from '../api/get-brand-list'
import type { Group } from '../api/get-groups'
import { useUpdateGroup } from '../api/update-group'

type Props = {
  open: boolean
  /** The group to edit; null adds one (with the list's brand filter preselected). */
  group: Group | null
  defaultBrandId?: number
  onClose: () => void
}

const FORM_ID = 'group-form'
const SERVER_FIELDS = { brandId: 'brandId', audienceCityGroupName: 'name', audienceCityGroupNameUp: 'name' } as const

/** 添加受众/城市组 / 编辑受众/城市组: a brand and a name. */
export function GroupFormDialog({ open, group, defaultBrandId, onClose }: Props) {
  const { t } = useTranslation('system')
  const save = useSaveHandler({
    id: group?.id,
    create: useCreateGroup(),
    update: useUpdateGroup(),
    messages: { added: t('added'), updated: t('updated') },
    onDone: onClose,
  })
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={group ? t('group.editTitle') : t('group.addTitle')}
      formId={FORM_ID}
      busy={save.busy}
      width={520}
    >
      {open && (
        <GroupForm
          key={group?.id ?? 'new'}
          initial={{ brandId: group ? (group.brandId ?? null) : (defaultBrandId ?? null), name: group?.audienceCityGroupName ?? '' }}
          onSubmit={save.submit}
        />
      )}
    </Dialog>
  )
}

function GroupForm({ initial, onSubmit }: { initial: GroupFormValues; onSubmit: (v: GroupFormValues) => Promise<void> }) {
  const { t } = useTranslation('system')
  const brands = useBrandList()
  const options = useMemo(() => (brands.data ?? []).map((b) => ({ value: b.id, label: b.brandName })), [brands.data])
  const schema = useMemo(() => groupSchema(t), [t])
  const { control, register, handleSubmit, setError, formState } = useForm<GroupFormValues>({
    resolver: schemaResolver(schema),
    defaultValues: initial,
  })
  const { errors } = formState
  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values)
    } catch (err) {
      setServerErrors(err, SERVER_FIELDS, setError)
    }
  })
  return (
    <form id={FORM_ID} className="form-grid" onSubmit={submit} noValidate>
      <FormField label={t('group.brand')} required error={errors.brandId?.message}>
        <Controller
          control={control}
          name="brandId"
          render={({ field }) => (
            <SearchableSelect
              options={options}
              loading={brands.isPending}
              placeholder={t('group.brandPlaceholder')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
      </FormField>
      <FormField label={t('group.name')} required error={errors.name?.message}>
        <input className="input" autoComplete="off" placeholder={t('group.placeholder')} {...register('name')} />
      </FormField>
    </form>
  )
}
