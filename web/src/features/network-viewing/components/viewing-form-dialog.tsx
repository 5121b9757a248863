import { Dialog } from '@/components/ui/dialog'
import { useSaveHandler } from '@/components/ui/use-save-handler'
import { useTranslation } from '@/lib/i18n'
import { useCreateOnlineViewing } from '../api/create-online-viewing'
import type { OnlineViewing } from '../api/get-online-viewings'
import type { ViewingMedia } from '../api/get-online-viewing-media'
import { useUpdateOnlineViewing } from '../api/update-online-viewing'
import { ViewingForm } from './viewing-form'

type Props = {
  open: boolean
  /** The record to edit; null adds one. */
  record: OnlineViewing | null
  media: ViewingMedia[]
  onClose: () => void
}

const FORM_ID = 'online-viewing-form'

/** 添加网络收视 / 编辑网络收视. */
export function ViewingFormDialog({ open, record, media, onClose }: Props) {
  const { t } = useTranslation('network-viewing')
  const save = useSaveHandler({
    id: record?.id,
    create: useCreateOnlineViewing(),
    update: useUpdateOnlineViewing(),
    messages: { added: t('added'), updated: t('updated') },
    onDone: onClose,
  })

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={record ? t('editTitle') : t('addTitle')}
      formId={FORM_ID}
      busy={save.busy}
      width={560}
    >
      {open && <ViewingForm key={record?.id ?? 'new'} id={FORM_ID} record={record ?? undefined} media={media} onSubmit={save.submit} />}
    </Dialog>
  )
}
