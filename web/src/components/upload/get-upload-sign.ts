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

export const UPLOAD_FIELDS = ['category', 'source', 'belongingTo', 'audienceCityGroupName', 'description'] as const
export type UploadFormValues = Record<(typeof UPLOAD_FIELDS)[number], string>
export const MAX_DESCRIPTION = 200
/** A group's name, as the master data holds it (受众/城市组, at most 100 characters). */
export const MAX_GROUP = 100

/** The upload dialog's rules (docs/screens.md "Uploads"): in data mode category and source are required. */
export function uploadSchema(t: TFunction<'upload'>, dataMode: boolean) {
  const description = z.string().trim().max(MAX_DESCRIPTION, t('tooLong', { max: MAX_DESCRIPTION }))
  // Blank: each row's own 受众/城市组 column gives its group.
  const audienceCityGroupName = z.string().trim().max(MAX_GROUP, t('tooLong', { max: MAX_GROUP }))
  if (!dataMode) return z.object({ category: z.string(), source: z.string(), belongingTo: z.string(), audienceCityGroupName, description })
  return z.object({
    category: z.string().min(1, t('pickCategory')),
    source: z.string().min(1, t('pickSource')),
    belongingTo: z.string().min(1),
    audienceCityGroupName,
    description,
  })
}

/** What the data-mode form asks besides category and source. */
export type DataAsks = { ownership: boolean; group: boolean }

/**
 * The sign call's tagValue: the caller's values, plus in data mode category, source and (unless
 * the tag has none) belongingTo, as numbers, and the audience group when one is chosen.
 */
export function tagValueOf(base: Record<string, unknown>, values: UploadFormValues, dataMode: boolean, asks: DataAsks = { ownership: true, group: false }) {
  if (!dataMode) return base
  const data: Record<string, unknown> = { ...base, category: Number(values.category), source: Number(values.source) }
  if (asks.ownership) data.belongingTo = Number(values.belongingTo || 1)
  const group = values.audienceCityGroupName.trim()
  if (asks.group && group) data.audienceCityGroupName = group
  return data
}
