import { EXPORT_TIMEOUT_MS, transport, type CallOptions } from '@/lib/api-client'
import type { Fields } from '@/lib/sign'

/*
 * The broadcast-certificate calls (播出证明, CERT.md "HTTP"). The server adds them to its
 * OpenAPI document in the same issue; until the generated types (src/types/api.ts) have them,
 * their answers are typed here by hand, exactly as the contract gives them, and they go through
 * the untyped `transport`. This is the only file that knows: switching to the generated types
 * means replacing these types with `CallData<…>` and `transport` with `api`.
 */

/** One row of 新增 (aired more than planned) or 缺失 (planned more than aired). */
export type CertificateDiff = {
  mediaFileName: string
  tapeId: number
  /** `YYYY-MM`. */
  pointDateYm: string
  /** Exactly one of the period and the class (a type 2 row names the class) is present. */
  timePeriodName?: string
  timePeriodId?: number
  timePeriodClassName?: string
  timePeriodClassId?: number
  num: number
  /** 1: a period's own difference; 2: a class's excess and shortfall that cancel out. */
  type: number
}

/** A certificate row the server could not place: no period holds it (kind 1), or its version is not the order's (kind 2). */
export type UnassignedRow = {
  id: number
  /** `YYYY-MM-DD`, the broadcast day. */
  ymd: string
  /** `HH:MM:SS` into the broadcast day (may be 24 or more). */
  addTime: string
  mediaFileName: string
  tapeId: number
  /** As the certificate wrote it, may be ''. */
  timePeriodName: string
  num: number
  reason: string
  kind: 1 | 2
}

export type CertificateMonth = { pointDateYm: string; planned: number; aired: number; added: number; missing: number; confirmed: boolean }

export type CertificateSummary = {
  planned: number
  aired: number
  added: number
  missing: number
  /** A preview awaits confirmation. */
  pending: boolean
  unassigned: UnassignedRow[]
  months: CertificateMonth[]
}

/** What confirming the preview would do: cells to verify, cells flagged missing, free spots. */
export type CertificateChanges = { verified: number; missingCells: number; freeSpots: number }

export type Comparison = {
  dataList: { added: CertificateDiff[]; missing: CertificateDiff[] }
  dataValue: CertificateSummary & { changes?: CertificateChanges }
}

export type ConfirmResult = CertificateChanges & { months: string[] }

/** A version the current certificate names (after swaps). */
export type CertificateTape = { tapeId: number; mediaFileName: string; mediaTapeNumber: string; inOrder: boolean; rows: number; spots: number }

/** A version of the order. */
export type OrderTape = { id: number; mediaFileName: string; mediaTapeNumber: string; seconds: number }

export type SwapArgs = {
  orderId: number
  /** The certificate's version ('选择播证版本'). */
  tapeId: number | ''
  /** The order's version that replaces it ('选择订单版本'). */
  upTapeId: number | ''
  /** The row of a single swap. */
  broadcastingId?: number
  /** 1 every unconfirmed row of tapeId, 2 only row broadcastingId. */
  broadcastingMagneticTapeDetailsType: 1 | 2
}

const get = <T>(call: string, args: Fields, opts?: CallOptions) => transport.get<T>(call, args, opts)
const post = <T>(call: string, body: Fields, opts?: CallOptions) => transport.post<T>(call, body, opts)

/** broadcastingCertificate: the current certificate's comparison as it stands (4004 when none). */
export const getCertificate = (orderId: number, opts?: CallOptions) => get<Comparison>('broadcastingCertificate', { orderId }, opts)

/** orderBroadcastLicenseUp typeY 1: the preview of the unconfirmed months, stored for confirmation. */
export const previewCertificate = (orderId: number, opts?: CallOptions) => post<Comparison>('orderBroadcastLicenseUp', { orderId, typeY: 1 }, opts)

/** orderBroadcastLicenseUp typeY 2: applies exactly the stored preview (4009 when anything changed). */
export const confirmCertificate = (orderId: number, opts?: CallOptions) => post<ConfirmResult>('orderBroadcastLicenseUp', { orderId, typeY: 2 }, opts)

/** orderBroadcastLicenseTimeUp: places an unassigned row in one of the media's periods. */
export const assignPeriod = (args: { broadcastingCertificateId: number; timePeriodId: number }) => post<null>('orderBroadcastLicenseTimeUp', args)

/** orderBroadcastingMagneticTapeDetailsList: the current certificate's versions. */
export const getCertificateTapes = (orderId: number) => get<CertificateTape[]>('orderBroadcastingMagneticTapeDetailsList', { orderId })

/** broadcastingMagneticTapeDetailsList: the order's versions. */
export const getOrderTapes = (orderId: number) => get<OrderTape[]>('broadcastingMagneticTapeDetailsList', { orderId })

/** broadcastingMagneticTapeDetailsUp: the rows of a certificate version (or one row) become an order version's. */
export const swapVersion = ({ tapeId, upTapeId, ...rest }: SwapArgs) =>
  post<{ rows: number }>('broadcastingMagneticTapeDetailsUp', { ...rest, tapeId: tapeId === '' ? undefined : tapeId, upTapeId: upTapeId === '' ? undefined : upTapeId })

/** orderBroadcastingCertificateExport: the 汇总 and 明细 sheets, as the usual export answer. */
export const exportCertificate = (orderId: number) => get<{ url: string }>('orderBroadcastingCertificateExport', { orderId }, { timeoutMs: EXPORT_TIMEOUT_MS })

/**
 * What a confirmed certificate adds to each day of orderTemplateList (CERT.md): isHe 2 the
 * cell is verified (every spot aired), reasonDisappearance '1' it is short (aired fewer), aired
 * the spots the certificate confirmed. Optional: a schedule with no confirmed certificate, or
 * a server before issue 15, leaves them out.
 */
export type CellMarks = { isHe?: number; reasonDisappearance?: string; aired?: number }
