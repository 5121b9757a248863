import { Dialog } from '@/components/ui/dialog'
import { useSaveHandler } from '@/components/ui/use-save-handler'
import { useTranslation } from '@/lib/i18n'
import { useCreateAccount } from '../api/create-account'
import type { Account } from '../api/get-accounts'
import { useAccountMenus } from '../api/get-account-menus'
import { useUpdateAccount } from '../api/update-account'
import { AccountForm } from './account-form'

type Props = {
  open: boolean
  /** The account to edit; null adds one. */
  account: Account | null
  onClose: () => void
}

const FORM_ID = 'account-form'

/** 添加管理员 / 编辑管理员. */
export function AccountFormDialog({ open, account, onClose }: Props) {
  const { t } = useTranslation('admin')
  const menus = useAccountMenus(open)
  const save = useSaveHandler({
    id: account?.id,
    create: useCreateAccount(),
    update: useUpdateAccount(),
    messages: { added: t('common.added'), updated: t('common.updated') },
    onDone: onClose,
  })

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={account ? t('accounts.editTitle') : t('accounts.addTitle')}
      formId={FORM_ID}
      busy={save.busy || menus.isPending}
      width={640}
    >
      {open && menus.data && (
        <AccountForm key={account?.id ?? 'new'} id={FORM_ID} account={account ?? undefined} menus={menus.data} onSubmit={save.submit} />
      )}
    </Dialog>
  )
}
