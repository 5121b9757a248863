import { useTranslation } from 'react-i18next'
import { Dialog } from '@/components/ui/dialog'
import { toast } from '@/components/ui/toast-store'
import { useCreateTape, type TapeFormValues } from '../api/create-tape'
import { useTapeBrands } from '../api/get-tape-brands'
import { useTapeMedia } from '../api/get-tape-media'
import type { Tape } from '../api/get-tapes'
import { useUpdateTape } from '../api/update-tape'
import { TapeForm } from './tape-form'

type Props = {
  open: boolean
  /** The tape to edit; null adds one. */
  tape: Tape | null
  onClose: () => void
}

const FORM_ID = 'tape-form'

/** 添加磁带号 / 编辑磁带号. */
export function TapeFormDialog({ open, tape, onClose }: Props) {
  const { t } = useTranslation('tapes')
  const brands = useTapeBrands()
  const media = useTapeMedia()
  const create = useCreateTape()
  const update = useUpdateTape()

  const submit = async (values: TapeFormValues) => {
    if (tape) {
      await update.mutateAsync({ id: tape.id, values })
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
      title={tape ? t('editTitle') : t('addTitle')}
      formId={FORM_ID}
      busy={create.isPending || update.isPending || brands.isPending || media.isPending}
      width={720}
    >
      {/* Uncontrolled selects keep their value only if their options exist when they mount. */}
      {open && !brands.isPending && !media.isPending && (
        <TapeForm key={tape?.id ?? 'new'} id={FORM_ID} tape={tape ?? undefined} brands={brands.data ?? []} media={media.data ?? []} onSubmit={submit} />
      )}
    </Dialog>
  )
}
