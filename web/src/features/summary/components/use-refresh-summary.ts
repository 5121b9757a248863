import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { toast } from '@/components/ui/toast-store'
import { useTranslation } from '@/lib/i18n'
import { refreshSummary } from '../api/invalidate'

/** 刷新汇总: refetches everything the dialog shows; busy until the refetches are done, then says so. */
export function useRefreshSummary(orderId: number | null) {
  const { t } = useTranslation('orders')
  const client = useQueryClient()
  const [refreshing, setRefreshing] = useState(false)
  const refresh = async () => {
    if (orderId === null) return
    setRefreshing(true)
    try {
      await refreshSummary(client, orderId)
      toast.success(t('summary.toolbar.refreshed'))
    } finally {
      setRefreshing(false)
    }
  }
  return { refresh, refreshing }
}
