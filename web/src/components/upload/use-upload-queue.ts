import { useCallback, useState } from 'react'
import { fileProblem, type FileProblem } from './upload-rules'

export type QueueItem = {
  id: number
  file: File
  status: 'waiting' | 'uploading' | 'done' | 'failed'
  /** 0–1. */
  progress: number
  error?: string
}

let seq = 0

/**
 * The upload dialog's files: chosen files join when they pass the rules (extension, size, not
 * already queued); the first refusal is kept as `problem` (an `upload` message key).
 */
export function useUploadQueue() {
  const [items, setItems] = useState<QueueItem[]>([])
  const [problem, setProblem] = useState<FileProblem | 'pickFile' | null>(null)

  const add = (files: Iterable<File>) => {
    const next = [...items]
    let refused: FileProblem | null = null
    for (const file of files) {
      const why = fileProblem(file, next.map((i) => i.file))
      if (why) refused ??= why
      else next.push({ id: ++seq, file, status: 'waiting', progress: 0 })
    }
    setItems(next)
    setProblem(refused)
  }

  const remove = (id: number) => setItems((list) => list.filter((i) => i.id !== id))

  const patch = useCallback(
    (id: number, change: Partial<Omit<QueueItem, 'id' | 'file'>>) =>
      setItems((list) => list.map((i) => (i.id === id ? { ...i, ...change } : i))),
    [],
  )

  return { items, problem, setProblem, add, remove, patch }
}
