import { type TFunction, useTranslation } from '@/lib/i18n'
import { withNote } from '@/lib/i18n-text'
import { schemaResolver, z } from '@/lib/schema'
import { useMemo } from 'react'
import { useForm } from '@/lib/form'
import { Dialog } from '@/components/ui/dialog'
import { FormField, FormGroup, setServerErrors } from '@/components/ui/form-field'
import { toast } from '@/components/ui/toast-store'
import type { UnassignedRow } from '../api/certificates'
import { useCertificateTapes, useOrderTapes, useSwapVersion } from '../api/use-certificate'

/** The fields as broadcastingMagneticTapeDetailsUp names them, so its 4000 answers land on them. */
const SWAP_FIELDS = ['tapeId', 'upTapeId', 'broadcastingMagneticTapeDetailsType'] as const
type SwapValues = { tapeId: string; upTapeId: string; broadcastingMagneticTapeDetailsType: '1' | '2' }

/** docs/screens.md "Order dialogs" batch version swap: both versions required, with its messages. */
export function swapSchema(t: TFunction<'orders'>) {
  return z.object({
    broadcastingMagneticTapeDetailsType: z.enum(['1', '2']),
    tapeId: z.string().min(1, t('certificate.swap.tapeRequired')),
    upTapeId: z.string().min(1, t('certificate.swap.upTapeRequired')),
  })
}

const FORM_ID = 'version-swap-form'

type Props = {
  orderId: number
  /** Open: for a row (single, or batch for its version), or `'batch'` from the section's head; null closed. */
  target: UnassignedRow | 'batch' | null
  onClose: () => void
}

/**
 * 替换版本 (docs/screens.md "Order dialogs"): a certificate version not in the order becomes one of the order's —
 * every unconfirmed row of it (批量, type 1) or only the row it was opened from (单条, type 2).
 * Opened on a row, the row's version is preselected (fixed for a single swap).
 */
export function VersionSwapDialog({ orderId, target, onClose }: Props) {
  const { t } = useTranslation('orders')
  const swap = useSwapVersion(orderId)
  return (
    <Dialog open={target !== null} onOpenChange={(next) => !next && onClose()} title={t('certificate.swap.title')} formId={FORM_ID} busy={swap.isPending} width={560}>
      {target !== null && <SwapForm orderId={orderId} row={target === 'batch' ? null : target} swap={swap} onDone={onClose} />}
    </Dialog>
  )
}

/**
 * The certificate's versions to pick from, each with its rows and spots. Opened on a row, that
 * row's version is preselected: it is offered from the row itself until the list has loaded, so
 * the choice shows from the first frame and is never lost.
 */
function useTapeChoices(orderId: number, row: UnassignedRow | null) {
  const { t } = useTranslation('orders')
  const tapes = useCertificateTapes(orderId, true).data ?? []
  const choices = tapes.map((c) => ({
    value: String(c.tapeId),
    label: t(c.inOrder ? 'certificate.swap.tapeOption' : 'certificate.swap.tapeOptionForeign', { name: c.mediaFileName, rows: c.rows, spots: c.spots }),
  }))
  if (row && !tapes.some((c) => c.tapeId === row.tapeId)) choices.unshift({ value: String(row.tapeId), label: row.mediaFileName })
  return choices
}

function SwapForm({ orderId, row, swap, onDone }: { orderId: number; row: UnassignedRow | null; swap: ReturnType<typeof useSwapVersion>; onDone: () => void }) {
  const { t } = useTranslation('orders')
  const schema = useMemo(() => swapSchema(t), [t])
  const tapeChoices = useTapeChoices(orderId, row)
  const orderTapes = useOrderTapes(orderId, true)
  const { register, handleSubmit, setError, watch, formState } = useForm<SwapValues>({
    resolver: schemaResolver(schema),
    defaultValues: { tapeId: row ? String(row.tapeId) : '', upTapeId: '', broadcastingMagneticTapeDetailsType: row ? '2' : '1' },
  })
  const { errors } = formState
  const single = row !== null && watch('broadcastingMagneticTapeDetailsType') === '2'
  // A single swap is of the row, so of its version; a batch one may pick another.
  const tapeId = single ? String(row.tapeId) : watch('tapeId')

  const submit = handleSubmit(async (values) => {
    const type = values.broadcastingMagneticTapeDetailsType === '2' ? 2 : 1
    try {
      const answer = await swap.mutateAsync({
        orderId,
        tapeId: Number(type === 2 && row ? row.tapeId : values.tapeId),
        upTapeId: Number(values.upTapeId),
        broadcastingMagneticTapeDetailsType: type,
        broadcastingId: type === 2 && row ? row.id : undefined,
      })
      toast.success(t('certificate.swap.done', { count: answer?.rows ?? 0 }))
      onDone()
    } catch (err) {
      setServerErrors(err, SWAP_FIELDS, setError)
    }
  })

  return (
    <form id={FORM_ID} className="version-swap" onSubmit={submit} noValidate>
      {row && (
        <FormGroup label={t('certificate.swap.type')} className="version-swap__types">
          <label><input type="radio" value="1" {...register('broadcastingMagneticTapeDetailsType')} /> {t('certificate.swap.batch')}</label>
          <label><input type="radio" value="2" {...register('broadcastingMagneticTapeDetailsType')} /> {t('certificate.swap.single')}</label>
        </FormGroup>
      )}
      <FormField
        label={t('certificate.swap.tape')}
        required
        error={errors.tapeId?.message}
        hint={single ? t('certificate.swap.rowOf', { ymd: row.ymd, time: row.addTime, version: row.mediaFileName, num: row.num }) : undefined}
      >
        <select className="input" {...register('tapeId')} value={tapeId} disabled={single}>
          <option value="">{t('certificate.swap.pickTape')}</option>
          {tapeChoices.map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
        </select>
      </FormField>
      <FormField label={t('certificate.swap.upTape')} required error={errors.upTapeId?.message}>
        <select className="input" {...register('upTapeId')}>
          <option value="">{t('certificate.swap.pickUpTape')}</option>
          {orderTapes.data?.map((o) => (
            <option key={o.id} value={o.id}>{o.mediaTapeNumber ? withNote(o.mediaFileName, o.mediaTapeNumber, t) : o.mediaFileName}</option>
          ))}
        </select>
      </FormField>
    </form>
  )
}
