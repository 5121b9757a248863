import { useQueryClient } from '@tanstack/react-query'
import { Tabs } from 'radix-ui'
import { useMemo, useState } from 'react'
import { Dialog } from '@/components/ui/dialog'
import { UploadDialog } from '@/components/upload/upload-dialog'
import { useTranslation } from '@/lib/i18n'
import { useExportOrderTemplate } from '../api/export-order-template'
import { orderTemplateQueryOptions, useOrderTemplate } from '../api/get-order-template'
import { invalidateOrder } from '../api/invalidate'
import { ImportResult } from './import-result'
import { TemplateGrid } from './template-grid'
import { lineTotal } from './template-days'
import { useImportOutcomes } from './use-import-outcomes'
import { MonthTabList } from './month-tabs'

type Props = { orderId: number | null; onClose: () => void }

/**
 * 订单模板 (docs/screens.md "Order dialogs", 90vw): the order's schedule, a tab per month, and 导入排期 through the
 * upload dialog tagged orderTemplate. The import runs as a job: when it ends the tabs and the
 * order list refresh and its message (the summary, or every problem of a refused file) shows
 * here. Always mounted, so an import started here is followed after the dialog has closed.
 */
export function OrderTemplateDialog({ orderId, onClose }: Props) {
  const { t } = useTranslation(['orders', 'common'])
  const client = useQueryClient()
  const template = useOrderTemplate(orderId)
  const months = useMemo(() => template.data ?? [], [template.data])
  const [tab, setTab] = useState('')
  const [pages, setPages] = useState<Record<string, number>>({})
  const [uploading, setUploading] = useState(false)
  const exporting = useExportOrderTemplate()
  const { outcomes, setOutcome, started } = useImportOutcomes((of) => {
    // The schedule and the order's status (待开播 …) follow the import.
    void invalidateOrder(client, of, orderTemplateQueryOptions(of).queryKey)
  })

  // Each opening starts on the first month, first page.
  const close = () => {
    setTab('')
    setPages({})
    onClose()
  }
  const active = months.some((m) => m.pointDateYm === tab) ? tab : (months[0]?.pointDateYm ?? '')
  const outcome = orderId === null ? undefined : outcomes[orderId]
  const title = t('template.title', { id: orderId ?? '' })

  const onUploaded = (jobIds: (number | null)[]) => {
    if (orderId !== null) started(orderId, jobIds)
  }

  return (
    <Dialog
      open={orderId !== null}
      onOpenChange={(next) => !next && close()}
      title={title}
      width="90vw"
      footer={<button type="button" className="btn btn--primary" onClick={close}>{t('common:close')}</button>}
    >
      <div className="order-template">
        <div className="order-template__bar">
          <button type="button" className="btn btn--primary" onClick={() => setUploading(true)}>
            {t('template.import')}
          </button>
          <button
            type="button"
            className="btn"
            disabled={exporting.isPending || orderId === null}
            title={t('template.exportHint')}
            onClick={() => orderId !== null && exporting.mutate(orderId)}
          >
            {t('template.export')}
          </button>
          <p className="order-template__hint">{t('template.hint')}</p>
        </div>
        {outcome && orderId !== null && <ImportResult outcome={outcome} onDismiss={() => setOutcome(orderId, null)} />}
        {months.length === 0 ? (
          <div className="order-dialog-empty" aria-busy={template.isFetching || undefined}>
            {template.isFetching ? t('common:loading') : t('template.empty')}
          </div>
        ) : (
          <Tabs.Root className="order-template__tabs" value={active} onValueChange={setTab}>
            <MonthTabList months={months} label={t('template.months')} />
            {months.map((m) => (
              <Tabs.Content key={m.pointDateYm} className="order-template__panel" value={m.pointDateYm}>
                <p className="order-template__summary">
                  {t('template.summary', { month: m.pointDateYm, lines: m.data.length, spots: m.data.reduce((s, l) => s + lineTotal(l), 0) })}
                </p>
                <TemplateGrid month={m} page={pages[m.pointDateYm] ?? 1} onPage={(p) => setPages((all) => ({ ...all, [m.pointDateYm]: p }))} />
              </Tabs.Content>
            ))}
          </Tabs.Root>
        )}
      </div>
      {orderId !== null && (
        <UploadDialog
          open={uploading}
          onClose={() => setUploading(false)}
          tags="orderTemplate"
          tagValue={{ orderId }}
          onSuccess={(uploaded) => onUploaded(uploaded.map((u) => u.jobId))}
        />
      )}
    </Dialog>
  )
}
