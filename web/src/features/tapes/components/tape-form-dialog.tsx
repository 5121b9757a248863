import { Dialog } from '@/components/ui/dialog'
import { useSaveHandler } from '@/components/ui/use-save-handler'
import { useTranslation } from '@/lib/i18n'
import { useCreateTape } from '../api/create-tape'
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
  const save = useSaveHandler({
    id: tape?.id,
    create: useCreateTape(),
    update: useUpdateTape(),
    messages: { added: t('added'), updated: t('updated') },
    onDone: onClose,
  })

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={tape ? t('editTitle') : t('addTitle')}
      formId={FORM_ID}
      busy={save.busy || brands.isPending || media.isPending}
      width={720}
    >
      {/* Uncontrolled selects keep their value only if their options exist when they mount. */}
      {open && !brands.isPending && !media.isPending && (
        <TapeForm key={tape?.id ?? 'new'} id={FORM_ID} tape={tape ?? undefined} brands={brands.data ?? []} media={media.data ?? []} onSubmit={save.submit} />
      )}
    </Dialog>
  )
}
