import type { QueryClient } from '@tanstack/react-query'

/**
 * Query keys start with the call's name, so a change to media, brands or groups refreshes
 * every screen's cached lookup of them (mediaList, suitBrandList …), not just this screen's.
 */
export const LOOKUPS = {
  media: ['mediaList', 'onlineViewingMediaList', 'suitMediaList', 'productMagneticTapeMediaList', 'customerMediaList'],
  brand: ['brandList', 'suitBrandList', 'productMagneticTapeBrandList', 'customerBrandList'],
  group: ['defaultAudienceCityGroupList', 'defaultAudienceCityGroupBrandList'],
} as const

export function invalidateCalls(client: QueryClient, calls: readonly string[]) {
  return Promise.all(calls.map((call) => client.invalidateQueries({ queryKey: [call] })))
}
