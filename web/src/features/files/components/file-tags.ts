/** The contract's file purposes, in its order; labels under `files:tags.<tag>`. */
export const FILE_TAGS = [
  'orderTemplate',
  'broadcastingCertificate',
  'customerData',
  'evaluation',
  'alreadyUpsideDownThree',
  'evaluationReport',
] as const

export type FileTag = (typeof FILE_TAGS)[number]

/** Data categories the upload dialog offers (spec §9: 2 to 4); labels under `files:categories.<n>`. */
export const UPLOAD_CATEGORIES = ['2', '3', '4'] as const
/** Data sources (1 to 3); labels under `files:sources.<n>`. */
export const DATA_SOURCES = ['1', '2', '3'] as const
/** Data ownership: 1 客户 (the default), 2 媒体; labels under `files:belonging.<n>`. */
export const BELONGING = ['1', '2'] as const
