import { api } from '@/lib/api-client'

// Written by hand from the issue-5 contract until the server's OpenAPI document has the call.
export type UploadSign = {
  /** The key prefix the server made for this upload, e.g. `uploads/20261121/3f9c…/`. */
  dir: string
  policy: string
  accessid: string
  callback: string
  signature: string
  /** Where the file is posted (`/storage/upload`, same origin). */
  host: string
  /** Unix seconds. */
  expire: number
}

export type UploadTarget = {
  /** The file's purpose: one of the contract's tags. */
  tags: string
  originalFileName: string
  description?: string
  /** The tag's values (orderId, or category, source and belongingTo). */
  tagValue: Record<string, unknown>
}

/** aliyunOssSign: a policy to post one file to the storage host. */
export function getUploadSign({ tags, originalFileName, description, tagValue }: UploadTarget) {
  return api.get<UploadSign>(
    'aliyunOssSign',
    { tags, originalFileName, description: description || undefined, tagValue: JSON.stringify(tagValue) },
    { mask: false },
  )
}
