import { EXPORT_TIMEOUT_MS, api, type CallOptions } from '@/lib/api-client'
import type { CallArgsWith, CallData, Schema } from '@/types/call'

/*
 * The broadcast-certificate calls (播出证明, docs/api.md "Broadcast certificates"), typed from
 * the server's OpenAPI document like every other call.
 */

/** One row of 新增 (aired more than planned) or 缺失 (planned more than aired); a type 2 row names the class. */
export type CertificateDiff = Schema<'CertificateDiff'>

/** A certificate row the server could not place: no period holds it (kind 1), or its version is not the order's (kind 2). */
export type UnassignedRow = Schema<'CertificateUnassigned'>

/** A month of the certificate: its spots, confirmed (read-only) or due (awaiting confirmation). */
export type CertificateMonth = Schema<'CertificateMonthSummary'>

/** Spot totals (planned, aired, added, missing), whether a month is due, the rows to fix, the months. */
export type CertificateSummary = Schema<'CertificateSummary'>

/** What confirming does: cells verified, cells flagged missing (and the spots they miss), spots recorded as free. */
export type CertificateChanges = Schema<'CertificateChanges'>

/** broadcastingCertificate: every month of the current certificate against the schedule. */
export type Comparison = CallData<'broadcastingCertificate'>

/** typeY 1: the comparison of the due months, what confirming them does, and the basis typeY 2 names. */
export type Preview = Schema<'CertificatePreview'>

export type ConfirmResult = Schema<'CertificateApplied'>

/** A version the current certificate names (after swaps). */
export type CertificateTape = Schema<'CertificateVersion'>

/** A version of the order. */
export type OrderTape = CallData<'broadcastingMagneticTapeDetailsList'>[number]

/**
 * broadcastingMagneticTapeDetailsUp's arguments as the swap dialog sends them: the order, the
 * certificate's version (`tapeId`, '选择播证版本') and the order's version that replaces it
 * (`upTapeId`, '选择订单版本'), and `broadcastingMagneticTapeDetailsType` 1 every unconfirmed row
 * of tapeId or 2 only row `broadcastingId`.
 */
export type SwapArgs = CallArgsWith<'broadcastingMagneticTapeDetailsUp', 'orderId' | 'tapeId' | 'upTapeId' | 'broadcastingMagneticTapeDetailsType'>

/** orderBroadcastLicenseUp answers either step's shape: a preview carries the comparison, what was applied the months it confirmed. */
type LicenseAnswer = CallData<'orderBroadcastLicenseUp'>
const isPreview = (answer: LicenseAnswer): answer is Preview => 'dataList' in answer
const isApplied = (answer: LicenseAnswer): answer is ConfirmResult => 'months' in answer

/** broadcastingCertificate: the current certificate's comparison as it stands (4004 when none). A read. */
export const getCertificate = (orderId: number, opts?: CallOptions): Promise<Comparison> => api.get('broadcastingCertificate', { orderId }, opts)

/**
 * orderBroadcastLicenseUp typeY 1: what confirming the due months does. It changes nothing a
 * user sees (the server keeps it for typeY 2 only), so it runs when the user asks to confirm.
 */
export async function previewCertificate(orderId: number, opts?: CallOptions): Promise<Preview> {
  const answer = await api.post('orderBroadcastLicenseUp', { orderId, typeY: 1 }, opts)
  if (!isPreview(answer)) throw new Error('orderBroadcastLicenseUp typeY 1 answered without a preview')
  return answer
}

/**
 * orderBroadcastLicenseUp typeY 2: applies exactly the preview shown, named by its `basis`
 * (4009 when anything changed since, or another preview was stored meanwhile).
 */
export async function confirmCertificate(orderId: number, basis: string, opts?: CallOptions): Promise<ConfirmResult> {
  const answer = await api.post('orderBroadcastLicenseUp', { orderId, typeY: 2, basis }, opts)
  if (!isApplied(answer)) throw new Error('orderBroadcastLicenseUp typeY 2 answered without what it applied')
  return answer
}

/** orderBroadcastLicenseTimeUp: places an unassigned row in one of the media's periods. */
export const assignPeriod = (args: { broadcastingCertificateId: number; timePeriodId: number }) => api.post('orderBroadcastLicenseTimeUp', args)

/** orderBroadcastingMagneticTapeDetailsList: the current certificate's versions. */
export const getCertificateTapes = (orderId: number) => api.get('orderBroadcastingMagneticTapeDetailsList', { orderId })

/** broadcastingMagneticTapeDetailsList: the order's versions. */
export const getOrderTapes = (orderId: number) => api.get('broadcastingMagneticTapeDetailsList', { orderId })

/** broadcastingMagneticTapeDetailsUp: the rows of a certificate version (or one row) become an order version's. */
export const swapVersion = (args: SwapArgs) => api.post('broadcastingMagneticTapeDetailsUp', args)

/** orderBroadcastingCertificateExport: the 汇总 and 明细 sheets, as the usual export answer. */
export const exportCertificate = (orderId: number) => api.get('orderBroadcastingCertificateExport', { orderId }, { timeoutMs: EXPORT_TIMEOUT_MS })
