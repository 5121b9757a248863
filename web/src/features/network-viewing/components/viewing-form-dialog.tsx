import { useTranslation } from 'react-i18next'
import { Dialog } from '@/components/ui/dialog'
import { toast } from '@/components/ui/toast-store'
import { useCreateOnlineViewing, type ViewingFormValues } from '../api/create-online-viewing'
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
  const create = useCreateOnlineViewing()
  const update = useUpdateOnlineViewing()

  const submit = async (values: ViewingFormValues) => {
    if (record) await update.mutateAsync({ id: record.id, values })
    else await create.mutateAsync(values)
    toast.success(record ? t('updated') : t('added'))
    onClose()
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={record ? t('editTitle') : t('addTitle')}
      formId={FORM_ID}
      busy={create.isPending || update.isPending}
      width={560}
    >
      {open && <ViewingForm key={record?.id ?? 'new'} id={FORM_ID} record={record ?? undefined} media={media} onSubmit={submit} />}
    </Dialog>
  )
}
