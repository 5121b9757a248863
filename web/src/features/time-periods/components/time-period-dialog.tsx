import { Dialog } from '@/components/ui/dialog'
import { useSaveHandler } from '@/components/ui/use-save-handler'
import { useTranslation } from '@/lib/i18n'
import { useCreateTimePeriod } from '../api/create-time-period'
import { useMediaOptions } from '@/lib/media-options'
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
  const save = useSaveHandler({
    id: period?.id,
    create: useCreateTimePeriod(),
    update: useUpdateTimePeriod(),
    messages: { added: t('added'), updated: t('updated') },
    onDone: onClose,
  })

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={period ? t('editPeriod') : t('addPeriod')}
      formId={FORM_ID}
      busy={save.busy}
      width={560}
    >
      {open && media.data && (
        <TimePeriodForm key={period?.id ?? 'new'} id={FORM_ID} period={period ?? undefined} media={media.data} onSubmit={save.submit} />
      )}
    </Dialog>
  )
}
