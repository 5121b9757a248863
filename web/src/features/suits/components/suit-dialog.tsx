import { Dialog } from '@/components/ui/dialog'
import { useSaveHandler } from '@/components/ui/use-save-handler'
import { useTranslation } from '@/lib/i18n'
import { useCreateSuit } from '../api/create-suit'
import { useSuitBrands } from '../api/get-suit-brands'
import { useSuitMedia } from '../api/get-suit-media'
import type { Suit } from '../api/get-suits'
import { useUpdateSuit } from '../api/update-suit'
import { SuitForm } from './suit-form'

type Props = {
  open: boolean
  /** The suit to edit; null adds one. */
  suit: Suit | null
  onClose: () => void
}

const FORM_ID = 'suit-form'

/** 添加套装 / 编辑套装: saves, closes and refreshes the list; the next opening starts clean. */
export function SuitDialog({ open, suit, onClose }: Props) {
  const { t } = useTranslation('suits')
  const media = useSuitMedia()
  const brands = useSuitBrands()
  const save = useSaveHandler({
    id: suit?.id,
    create: useCreateSuit(),
    update: useUpdateSuit(),
    messages: { added: t('added'), updated: t('updated') },
    onDone: onClose,
  })

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={suit ? t('editTitle') : t('addTitle')}
      formId={FORM_ID}
      busy={save.busy}
      width={860}
    >
      {open && media.data && brands.data && (
        <SuitForm key={suit?.id ?? 'new'} id={FORM_ID} suit={suit ?? undefined} media={media.data} brands={brands.data} onSubmit={save.submit} />
      )}
    </Dialog>
  )
}
