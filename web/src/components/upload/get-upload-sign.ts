import type { TFunction } from '@/lib/i18n'
import { z } from '@/lib/schema'
import { api } from '@/lib/api-client'
import type { CallData, Schema } from '@/types/call'

export type UploadSign = CallData<'aliyunOssSign'>

export type UploadTarget = {
  /** The file's purpose: one of the contract's tags. */
  tags: Schema<'FileTag'>
  originalFileName: string
  description?: string
  /** The tag's values (orderId, or category, source and belongingTo). */
  tagValue: Record<string, unknown>
}

/** aliyunOssSign: a policy to post one file to the storage host. */
export function getUploadSign({ tags, originalFileName, description, tagValue }: UploadTarget) {
  return api.get(
    'aliyunOssSign',
    { tags, originalFileName, description: description || undefined, tagValue: JSON.stringify(tagValue) },
    { mask: false },
  )
}

export const UPLOAD_FIELDS = ['category', 'source', 'belongingTo', 'description'] as const
export type UploadFormValues = Record<(typeof UPLOAD_FIELDS)[number], string>
export const MAX_DESCRIPTION = 200

/** The upload dialog's rules (spec §5): in data mode category and source are required. */
export function uploadSchema(t: TFunction<'upload'>, dataMode: boolean) {
  const description = z.string().trim().max(MAX_DESCRIPTION, t('tooLong', { max: MAX_DESCRIPTION }))
  if (!dataMode) return z.object({ category: z.string(), source: z.string(), belongingTo: z.string(), description })
  return z.object({
    category: z.string().min(1, t('pickCategory')),
    source: z.string().min(1, t('pickSource')),
    belongingTo: z.string().min(1),
    description,
  })
}

/**
 * The sign call's tagValue: the caller's values, plus category, source and (unless the tag has
 * none) belongingTo, as numbers, in data mode.
 */
export function tagValueOf(base: Record<string, unknown>, values: UploadFormValues, dataMode: boolean, ownership = true) {
  if (!dataMode) return base
  const data = { ...base, category: Number(values.category), source: Number(values.source) }
  return ownership ? { ...data, belongingTo: Number(values.belongingTo || 1) } : data
}
