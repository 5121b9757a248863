import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { ApiError, Code } from '@/lib/api-client'
import { download } from '@/lib/download'
import { lookupQueryOptions } from '@/lib/lookups'
import type { CallData } from '@/types/call'
import {
  assignPeriod,
  exportCertificate,
  getCertificate,
  getCertificateTapes,
  getOrderTapes,
  previewCertificate,
  swapVersion,
  type Comparison,
} from './certificates'
import { orderTemplateQueryOptions } from './get-order-template'
import { ordersQueryOptions } from './get-orders'
import { invalidateOrder } from './invalidate'

const NOT_FOUND = 4004

/**
 * What the dialog shows: no certificate yet; the preview of the unconfirmed months (awaiting
 * 确认更新); or, every month confirmed, the comparison as it stands (read-only).
 */
export type CertificateView =
  | { state: 'none' }
  | { state: 'preview'; comparison: Comparison }
  | { state: 'confirmed'; comparison: Comparison }

const isCode = (err: unknown, code: number) => err instanceof ApiError && err.code === code

/**
 * The comparison as it stands first (its months say which are confirmed); only when some month
 * is not does typeY 1 compute and store the preview, since that is a write (the order becomes
 * 公司播出证明). Both quiet: 4004 is the empty state, not a failure, and a confirmation that
 * landed in between (4009) leaves the read-only comparison.
 */
export async function loadCertificate(client: QueryClient, orderId: number): Promise<CertificateView> {
  let current: Comparison
  try {
    current = await getCertificate(orderId, { quiet: true })
  } catch (err) {
    if (isCode(err, NOT_FOUND)) return { state: 'none' }
    throw err
  }
  if (current.dataValue.months.every((m) => m.confirmed)) return { state: 'confirmed', comparison: current }
  try {
    const comparison = await previewCertificate(orderId, { quiet: true })
    void client.invalidateQueries({ queryKey: ordersQueryOptions().queryKey.slice(0, 1) })
    return { state: 'preview', comparison }
  } catch (err) {
    if (isCode(err, Code.Conflict)) return { state: 'confirmed', comparison: current }
    if (isCode(err, NOT_FOUND)) return { state: 'none' }
    throw err
  }
}

export function certificateQueryOptions(client: QueryClient, orderId: number) {
  return queryOptions({ queryKey: ['broadcastingCertificate', orderId], queryFn: () => loadCertificate(client, orderId) })
}

/** Loaded afresh on every opening and after every correction (each one drops the stored preview). */
export function useCertificate(orderId: number | null) {
  const client = useQueryClient()
  return useQuery({ ...certificateQueryOptions(client, orderId ?? 0), enabled: orderId !== null, staleTime: 0, gcTime: 0 })
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

/** After a correction: the comparison (the server dropped the preview), the certificate's versions, the order's log and status. */
function afterCorrection(client: QueryClient, orderId: number) {
  return invalidateOrder(client, orderId, ['broadcastingCertificate', orderId], certificateTapesKey(orderId))
}

export function useAssignPeriod(orderId: number) {
  const client = useQueryClient()
  return useMutation({ mutationFn: assignPeriod, onSuccess: () => afterCorrection(client, orderId) })
}

export function useSwapVersion(orderId: number) {
  const client = useQueryClient()
  return useMutation({ mutationFn: swapVersion, onSuccess: () => afterCorrection(client, orderId) })
}

/**
 * After 确认更新: the order's status and figures, its schedule's verified cells, its log. Not the
 * comparison: it is still open while the dialog closes, and loading it again would store a new
 * preview (typeY 1) of any month still unconfirmed.
 */
export function afterConfirm(client: QueryClient, orderId: number) {
  return invalidateOrder(client, orderId, orderTemplateQueryOptions(orderId).queryKey)
}

export function useExportCertificate() {
  return useMutation({ mutationFn: exportCertificate, onSuccess: (answer) => download(answer.url) })
}
