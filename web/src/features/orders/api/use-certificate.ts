import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { ApiError, Code } from '@/lib/api-client'
import { download } from '@/lib/download'
import { lookupQueryOptions } from '@/lib/lookups'
import type { CallData } from '@/types/call'
import {
  assignPeriod,
  confirmCertificate,
  exportCertificate,
  getCertificate,
  getCertificateTapes,
  getOrderTapes,
  previewCertificate,
  swapVersion,
  type Comparison,
} from './certificates'
import { orderTemplateQueryOptions } from './get-order-template'
import { invalidateOrder } from './invalidate'

/**
 * The comparison as it stands, every month of it — a read, the only call opening the dialog
 * makes. `null` when the order has no certificate yet (its 4004 is the empty state, so quiet).
 */
export async function loadCertificate(orderId: number): Promise<Comparison | null> {
  try {
    return await getCertificate(orderId, { quiet: true })
  } catch (err) {
    if (err instanceof ApiError && err.code === Code.NotFound) return null
    throw err
  }
}

export function certificateQueryOptions(orderId: number) {
  return queryOptions({ queryKey: ['broadcastingCertificate', orderId], queryFn: () => loadCertificate(orderId) })
}

/** Loaded afresh on every opening and after every correction or confirmation. */
export function useCertificate(orderId: number | null) {
  return useQuery({ ...certificateQueryOptions(orderId ?? 0), enabled: orderId !== null, staleTime: 0, gcTime: 0 })
}

/** typeY 1, asked for by 确认更新 only; quiet: its 4009 (nothing due any more) is shown in place. */
export function usePreviewCertificate() {
  return useMutation({ mutationFn: (orderId: number) => previewCertificate(orderId, { quiet: true }) })
}

/** typeY 2 with the preview's basis; quiet: its 4009 (the data changed) becomes a warning and a new preview. */
export function useConfirmCertificate(orderId: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (basis: string) => confirmCertificate(orderId, basis, { quiet: true }),
    onSuccess: () => afterConfirm(client, orderId),
  })
}

const certificateTapesKey = (orderId: number) => ['orderBroadcastingMagneticTapeDetailsList', orderId]

export function useCertificateTapes(orderId: number, enabled: boolean) {
  return useQuery({ queryKey: certificateTapesKey(orderId), queryFn: () => getCertificateTapes(orderId), enabled, staleTime: 0 })
}

export function useOrderTapes(orderId: number, enabled: boolean) {
  return useQuery({ queryKey: ['broadcastingMagneticTapeDetailsList', orderId], queryFn: () => getOrderTapes(orderId), enabled, staleTime: 0 })
}

export type MediaPeriod = CallData<'suitTimePeriodList'>[number]

/** The media's periods in broadcast order (the suit dialog's lookup, so they share one cache entry). */
export function useMediaPeriods(mediaId: number, enabled: boolean) {
  return useQuery({ ...lookupQueryOptions('suitTimePeriodList', { mediaId }), enabled })
}

/** After a correction: the comparison, the certificate's versions, the order's log and status. */
function afterCorrection(client: QueryClient, orderId: number) {
  return invalidateOrder(client, orderId, certificateQueryOptions(orderId).queryKey, certificateTapesKey(orderId))
}

export function useAssignPeriod(orderId: number) {
  const client = useQueryClient()
  return useMutation({ mutationFn: assignPeriod, onSuccess: () => afterCorrection(client, orderId) })
}

export function useSwapVersion(orderId: number) {
  const client = useQueryClient()
  return useMutation({ mutationFn: swapVersion, onSuccess: () => afterCorrection(client, orderId) })
}

/** After 确认更新: the comparison (months now confirmed), the order's status and figures, its schedule's verified cells, its log. */
export function afterConfirm(client: QueryClient, orderId: number) {
  return invalidateOrder(client, orderId, certificateQueryOptions(orderId).queryKey, orderTemplateQueryOptions(orderId).queryKey)
}

export function useExportCertificate() {
  return useMutation({ mutationFn: exportCertificate, onSuccess: (answer) => download(answer.url) })
}
