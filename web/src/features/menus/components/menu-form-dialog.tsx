import { Dialog } from '@/components/ui/dialog'
import { useSaveHandler } from '@/components/ui/use-save-handler'
import { useTranslation } from '@/lib/i18n'
import { useCreateMenu } from '../api/create-menu'
import type { Menu } from '../api/get-menus'
import { useUpdateMenu } from '../api/update-menu'
import { MenuForm } from './menu-form'
import './menus.css'

type Props = {
  open: boolean
  /** The menu to edit; null adds one. */
  menu: Menu | null
  parents: Menu[]
  onClose: () => void
}

const FORM_ID = 'menu-form'

/** 添加菜单 / 编辑菜单. */
export function MenuFormDialog({ open, menu, parents, onClose }: Props) {
  const { t } = useTranslation('admin')
  const save = useSaveHandler({
    id: menu?.id,
    create: useCreateMenu(),
    update: useUpdateMenu(),
    messages: { added: t('common.added'), updated: t('common.updated') },
    onDone: onClose,
  })

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={menu ? t('menus.editTitle') : t('menus.addTitle')}
      formId={FORM_ID}
      busy={save.busy}
      width={560}
    >
      {open && <MenuForm key={menu?.id ?? 'new'} id={FORM_ID} menu={menu ?? undefined} parents={parents} onSubmit={save.submit} />}
    </Dialog>
  )
}
