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

/** Spec §5 batch version swap: both versions required, with its messages. */
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
 * 替换版本 (spec §2.7): a certificate version not in the order becomes one of the order's —
 * every unconfirmed row of it (批量, type 1) or only the row it was opened from (单条, type 2).
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

function SwapForm({ orderId, row, swap, onDone }: { orderId: number; row: UnassignedRow | null; swap: ReturnType<typeof useSwapVersion>; onDone: () => void }) {
  const { t } = useTranslation('orders')
  const schema = useMemo(() => swapSchema(t), [t])
  const certificateTapes = useCertificateTapes(orderId, row === null)
  const orderTapes = useOrderTapes(orderId, true)
  const { register, handleSubmit, setError, watch, formState } = useForm<SwapValues>({
    resolver: schemaResolver(schema),
    defaultValues: { tapeId: row ? String(row.tapeId) : '', upTapeId: '', broadcastingMagneticTapeDetailsType: row ? '2' : '1' },
  })
  const { errors } = formState
  const single = watch('broadcastingMagneticTapeDetailsType') === '2'

  const submit = handleSubmit(async (values) => {
    const type = values.broadcastingMagneticTapeDetailsType === '2' ? 2 : 1
    try {
      const answer = await swap.mutateAsync({
        orderId,
        tapeId: Number(values.tapeId),
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
        hint={row && single ? t('certificate.swap.rowOf', { ymd: row.ymd, time: row.addTime, version: row.mediaFileName, num: row.num }) : undefined}
      >
        {/* A row's own version is fixed: the swap is about that row (and, in batch, its version). */}
        {row ? (
          <input className="input" readOnly value={row.mediaFileName} />
        ) : (
          <select className="input" {...register('tapeId')}>
            <option value="">{t('certificate.swap.pickTape')}</option>
            {certificateTapes.data?.map((c) => (
              <option key={c.tapeId} value={c.tapeId}>
                {t(c.inOrder ? 'certificate.swap.tapeOption' : 'certificate.swap.tapeOptionForeign', { name: c.mediaFileName, rows: c.rows, spots: c.spots })}
              </option>
            ))}
          </select>
        )}
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
