import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { invalidateLookups, lookupQueryOptions } from './lookups'

describe('lookups', () => {
  it('keys a lookup by call, arguments and options under one prefix', () => {
    expect(lookupQueryOptions('brandList').queryKey).toEqual(['lookup', 'brandList', {}, {}])
    expect(lookupQueryOptions('brandList', {}, { mask: false }).queryKey).toEqual(['lookup', 'brandList', {}, { mask: false }])
    expect(lookupQueryOptions('orderProductList', { brandId: '4' }).queryKey).toEqual(['lookup', 'orderProductList', { brandId: '4' }, {}])
  })

  it('keeps two screens asking the same call differently apart', () => {
    const client = new QueryClient()
    client.setQueryData(lookupQueryOptions('brandList').queryKey, [{ id: 1, brandName: '伊利', createTime: '', updateTime: '' }])
    expect(client.getQueryData(lookupQueryOptions('brandList', {}, { mask: false }).queryKey)).toBeUndefined()
  })

  it('a change to master data makes every lookup stale and leaves other queries alone', async () => {
    const client = new QueryClient()
    const brands = lookupQueryOptions('suitBrandList').queryKey
    const media = lookupQueryOptions('orderMediaList').queryKey
    const periods = lookupQueryOptions('timePeriodClassList', { mediaId: '1' }).queryKey
    for (const key of [brands, media, periods, ['orderList', { page: 1, limit: 10 }]]) client.setQueryData(key, [])
    await invalidateLookups(client)
    expect([brands, media, periods].map((key) => client.getQueryState(key)?.isInvalidated)).toEqual([true, true, true])
    expect(client.getQueryState(['orderList', { page: 1, limit: 10 }])?.isInvalidated).toBe(false)
  })
})
