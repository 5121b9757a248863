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
