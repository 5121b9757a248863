import { useQuery } from '@tanstack/react-query'
import { orderVersionsQueryOptions } from '@/features/orders/api/get-order-versions'

/** The order's tapes (productMagneticTape), shared with the tape-change dialog's cache entry. */
export function useOrderTapeList(orderId: number, enabled = true) {
  return useQuery({ ...orderVersionsQueryOptions(orderId), enabled, select: (d) => d.product_magnetic_tape })
}
