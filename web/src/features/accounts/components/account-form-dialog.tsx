import { useTranslation } from 'react-i18next'
import { Dialog } from '@/components/ui/dialog'
import { toast } from '@/components/ui/toast-store'
import { useCreateAccount, type AccountFormValues } from '../api/create-account'
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
  const create = useCreateAccount()
  const update = useUpdateAccount()

  const submit = async (values: AccountFormValues) => {
    if (account) {
      await update.mutateAsync({ id: account.id, values })
      toast.success(t('common.updated'))
    } else {
      await create.mutateAsync(values)
      toast.success(t('common.added'))
    }
    onClose()
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={account ? t('accounts.editTitle') : t('accounts.addTitle')}
      formId={FORM_ID}
      busy={create.isPending || update.isPending || menus.isPending}
      width={640}
    >
      {open && menus.data && (
        <AccountForm key={account?.id ?? 'new'} id={FORM_ID} account={account ?? undefined} menus={menus.data} onSubmit={submit} />
      )}
    </Dialog>
  )
}
