import { Dialog } from '@/components/ui/dialog'
import { useSaveHandler } from '@/components/ui/use-save-handler'
import { useTranslation } from '@/lib/i18n'
import { useCreateTimePeriodClass } from '../api/create-time-period-class'
import { useMediaOptions } from '@/lib/media-options'
import { useUpdateTimePeriodClass } from '../api/update-time-period-class'
import { ClassForm, type ClassTarget, type PeriodSource } from './class-form'

type Props = {
  open: boolean
  /** The class to edit; null adds one. */
  group: ClassTarget | null
  onClose: () => void
  /** A media the class must be of, and its periods (the orders' 汇总 dialog: its order's). */
  fixedMedia?: number
  periods?: PeriodSource
  /** After a save, before closing: what else the caller shows of classes (an order's estimates). */
  onSaved?: () => void
}

const FORM_ID = 'time-period-class-form'

/** 新增时段归纳 / 编辑时段归纳: on the time-period screen, and from an order's 汇总. */
export function ClassDialog({ open, group, onClose, fixedMedia, periods, onSaved }: Props) {
  const { t } = useTranslation('time-periods')
  const media = useMediaOptions()
  const save = useSaveHandler({
    id: group?.classId || null,
    create: useCreateTimePeriodClass(),
    update: useUpdateTimePeriodClass(),
    messages: { added: t('added'), updated: t('updated') },
    onDone: () => {
      onSaved?.()
      onClose()
    },
  })

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={group ? t('editClass') : t('addClass')}
      formId={FORM_ID}
      busy={save.busy}
      width={640}
    >
      {open && media.data && (
        <ClassForm
          key={group?.classId ?? 'new'}
          id={FORM_ID}
          group={group ?? undefined}
          media={media.data}
          fixedMedia={fixedMedia}
          periods={periods}
          onSubmit={save.submit}
        />
      )}
    </Dialog>
  )
}
