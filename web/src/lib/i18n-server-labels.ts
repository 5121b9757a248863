import { defaultLanguage, resources, type TFunction } from './i18n'

// Labels the server sends as display text. The PHP-compatible contract words them in Chinese
// (statusName 播出中, jStatusName 未评估, tags_name 订单模板 …) and the server keeps doing so;
// the client shows its own locale's label instead, keyed by the code the row carries — or, for
// the few labels that come without a code, by the server's fixed word, which is the group's
// Chinese (zh-CN) label. A code or word no locale knows yet shows as the server sent it, never
// blank. server/tests/api/web_labels.rs holds the server's codes and words to these groups.

/** Each group: `namespace:path` of an object whose keys are the codes and values the labels. */
export const serverLabelGroups = {
  /** OrderRow.status (statusName): 1 待创建订单 … 7 已完结. */
  orderStatus: 'orders:statuses',
  /** OrderRow.jStatus (jStatusName): 1 未评估, 2 已评估. */
  evaluationState: 'orders:evaluationStates',
  /** TapeChangeRow.status (statusName): 1 待执行, 3 已执行. */
  tapeChangeStatus: 'orders:tapeChanges.statuses',
  /** CertificateUnassigned.kind (reason): 1 未匹配到时段, 2 版本不在订单中. */
  unassignedReason: 'orders:certificate.unassignedReasons',
  /** FileRow.tags (tags_name): the file tag ids of the OpenAPI enum FileTag. */
  fileTag: 'files:tags',
  /** The summary's total row: SummaryRow.month 合计, a word. */
  summaryRow: 'orders:evaluation.figures.rows',
} as const

export type ServerLabelGroup = keyof typeof serverLabelGroups

type Strings = { [key: string]: string | Strings }

/** A group's labels in a language ({} when the language's strings are not in). */
export function groupLabels(group: ServerLabelGroup, lng: string = defaultLanguage): Record<string, string> {
  const [ns, path] = serverLabelGroups[group].split(':')
  let node: string | Strings | undefined = resources[lng]?.[ns]
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined
  if (typeof node !== 'object') return {}
  return Object.fromEntries(Object.entries(node).filter((e): e is [string, string] => typeof e[1] === 'string'))
}

/**
 * The label of `code` in `t`'s language (the codes are the same in every language: the Chinese
 * ones are looked up); the server's `text` for a code no locale has.
 */
export function codeLabel(t: TFunction, group: ServerLabelGroup, code: string | number | null | undefined, text = ''): string {
  if (code == null || code === '' || !Object.hasOwn(groupLabels(group), String(code))) return text
  return t(`${serverLabelGroups[group]}.${code}`)
}

/** The label of a word the server sends without a code (its Chinese label); unknown words as sent. */
export function wordLabel(t: TFunction, group: ServerLabelGroup, word: string | null | undefined): string {
  if (!word) return ''
  const code = Object.entries(groupLabels(group)).find(([, zh]) => zh === word)?.[0]
  return code === undefined ? word : codeLabel(t, group, code, word)
}
