/**
 * A refused import's message, as every import words it (docs/import-formats.md): the head line
 * with what the counts count (`未导入任何数据：2 行有错误（共 3 处）`, `…，以下列出前 50 处`), one
 * line per problem listed in sheet-row order, and, when not all are listed, how many more.
 */
export type Refusal = { head: string; problems: string[]; rest: string | null }

const HEAD = '未导入任何数据：'
const REST = '……另有 '

/** The parts of a refused import's message, or null for any other text (a summary, a file refused as a whole). */
export function parseRefusal(text: string): Refusal | null {
  const [head, ...lines] = text.split('\n')
  if (!head.startsWith(HEAD)) return null
  const last = lines.at(-1)
  const rest = last?.startsWith(REST) ? last : null
  return { head, problems: rest === null ? lines : lines.slice(0, -1), rest }
}
