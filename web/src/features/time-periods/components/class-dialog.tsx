import { useTranslation } from 'react-i18next'
import { Dialog } from '@/components/ui/dialog'
import { toast } from '@/components/ui/toast-store'
import { useCreateTimePeriodClass, type ClassFormValues } from '../api/create-time-period-class'
import { useMediaOptions } from '../api/get-media-options'
import type { TimePeriodGroup } from '../api/get-time-periods'
import { useUpdateTimePeriodClass } from '../api/update-time-period-class'
import { ClassForm } from './class-form'

type Props = {
  open: boolean
  /** The class to edit; null adds one. */
  group: TimePeriodGroup | null
  onClose: () => void
}

const FORM_ID = 'time-period-class-form'

/** 新增时段归纳 / 编辑时段归纳. */
export function ClassDialog({ open, group, onClose }: Props) {
  const { t } = useTranslation('time-periods')
  const media = useMediaOptions()
  const create = useCreateTimePeriodClass()
  const update = useUpdateTimePeriodClass()

  const submit = async (values: ClassFormValues) => {
    if (group?.classId) {
      await update.mutateAsync({ classId: group.classId, values })
      toast.success(t('updated'))
    } else {
      await create.mutateAsync(values)
      toast.success(t('added'))
    }
    onClose()
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={group ? t('editClass') : t('addClass')}
      formId={FORM_ID}
      busy={create.isPending || update.isPending}
      width={640}
    >
      {open && media.data && (
        <ClassForm key={group?.classId ?? 'new'} id={FORM_ID} group={group ?? undefined} media={media.data} onSubmit={submit} />
      )}
    </Dialog>
  )
}
