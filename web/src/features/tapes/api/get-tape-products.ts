import { useQuery } from '@tanstack/react-query'
import { lookupQueryOptions } from '@/lib/lookups'
import type { CallData } from '@/types/call'

export type TapeProduct = CallData<'productMagneticTapeProductList'>[number]

/** The products a tape can be of: the brand's, on the media (or with no media). */
export function tapeProductsQueryOptions(brandListId: string, mediaId: string) {
  return lookupQueryOptions('productMagneticTapeProductList', { brandListId, mediaId })
}

/** Loads only once both a brand and a media are chosen. */
export function useTapeProducts(brandListId: string | undefined, mediaId: string | undefined) {
  return useQuery({ ...tapeProductsQueryOptions(brandListId ?? '', mediaId ?? ''), enabled: !!brandListId && !!mediaId })
}
