import { useTranslation } from 'react-i18next'
import { Dialog } from '@/components/ui/dialog'
import { toast } from '@/components/ui/toast-store'
import { useCreateTimePeriod, type TimePeriodFormValues } from '../api/create-time-period'
import { useMediaOptions } from '../api/get-media-options'
import type { TimePeriod } from '../api/get-time-periods'
import { useUpdateTimePeriod } from '../api/update-time-period'
import { TimePeriodForm } from './time-period-form'

type Props = {
  open: boolean
  /** The period to edit; null adds one. */
  period: TimePeriod | null
  onClose: () => void
}

const FORM_ID = 'time-period-form'

/** 新增时段 / 编辑时段. */
export function TimePeriodDialog({ open, period, onClose }: Props) {
  const { t } = useTranslation('time-periods')
  const media = useMediaOptions()
  const create = useCreateTimePeriod()
  const update = useUpdateTimePeriod()

  const submit = async (values: TimePeriodFormValues) => {
    if (period) {
      await update.mutateAsync({ id: period.id, values })
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
      title={period ? t('editPeriod') : t('addPeriod')}
      formId={FORM_ID}
      busy={create.isPending || update.isPending}
      width={560}
    >
      {open && media.data && (
        <TimePeriodForm key={period?.id ?? 'new'} id={FORM_ID} period={period ?? undefined} media={media.data} onSubmit={submit} />
      )}
    </Dialog>
  )
}
