import { useMutation } from '@tanstack/react-query'
import { toast } from '@/components/ui/toast-store'
import { ApiError, Code, unwrapAnswer } from '@/lib/api-client'
import { i18n } from '@/lib/i18n'
import { getToken } from '@/lib/session'
import type { Schema } from '@/types/call'
import { getUploadSign, type UploadSign, type UploadTarget } from './get-upload-sign'

/** docs/screens.md "Uploads": files travel in 10 MB chunks (10 × 1024 × 1024 bytes, as the contract counts them). */
export const CHUNK_BYTES = 10 * 1024 * 1024

/** What the storage host answers once the whole file is in. */
export type UploadDone = { file: Schema<'FileRow'>; jobId: number | null }

export type ChunkPlan = { index: number; start: number; end: number }

/** The parts a file is posted in: a file up to one chunk goes whole, a larger one in chunks (the last shorter). */
export function planChunks(size: number, chunkBytes = CHUNK_BYTES): ChunkPlan[] {
  if (size <= chunkBytes) return [{ index: 0, start: 0, end: size }]
  const count = Math.ceil(size / chunkBytes)
  return Array.from({ length: count }, (_, index) => ({
    index,
    start: index * chunkBytes,
    end: Math.min(size, (index + 1) * chunkBytes),
  }))
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** `length` random [A-Za-z0-9] characters, evenly drawn. */
export function randomName(length = 11) {
  let out = ''
  while (out.length < length) {
    for (const b of crypto.getRandomValues(new Uint8Array(length * 2))) {
      // 248 = 4 × 62: bytes above it would favour the first letters.
      if (b < 248 && out.length < length) out += ALPHABET[b % 62]
    }
  }
  return out
}

/** The file's extension with its dot, lower-cased ('.xlsx'); '' without one. */
export function extensionOf(fileName: string) {
  const dot = fileName.lastIndexOf('.')
  return dot > 0 ? fileName.slice(dot).toLowerCase() : ''
}

/** Contract: the key is the signed dir, 11 random characters and the file's extension. */
export function objectKey(dir: string, fileName: string, random = randomName(11)) {
  return `${dir}${random}${extensionOf(fileName)}`
}

/** One part's form, fields in the contract's order; `chunk`/`chunks` only when the file is split. */
export function partForm(sign: UploadSign, key: string, file: File, part: ChunkPlan, chunks: number) {
  const form = new FormData()
  form.append('key', key)
  form.append('policy', sign.policy)
  form.append('OSSAccessKeyId', sign.accessid)
  form.append('success_action_status', '200')
  form.append('callback', sign.callback)
  form.append('signature', sign.signature)
  if (chunks > 1) {
    form.append('chunk', String(part.index))
    form.append('chunks', String(chunks))
  }
  form.append('file', chunks > 1 ? file.slice(part.start, part.end) : file, file.name)
  return form
}

/** The upload codes whose text the spec fixes (the server's message is the same words). */
const SPEC_MESSAGES: Record<number, string> = {
  [Code.UploadTooLarge]: 'tooLarge',
  [Code.UploadWrongType]: 'wrongType',
  [Code.UploadDuplicate]: 'duplicate',
}

function failed(status: number, message = i18n.t('upload:failed')): never {
  toast.error(message)
  throw new ApiError(status, message, null, status)
}

/** The storage host's answer: -600/-601/-602 with the spec's words, anything else as the API client does. */
export function readStorageAnswer<T>(answer: unknown, status: number): T {
  const code = (answer as { code?: unknown } | null)?.code
  if (typeof code !== 'number') return failed(status)
  const key = SPEC_MESSAGES[code]
  if (key) {
    const message = i18n.t(`upload:${key}`)
    toast.error(message)
    throw new ApiError(code, message, (answer as { data?: unknown }).data ?? null, status)
  }
  return unwrapAnswer<T>(answer, status)
}

type Sent = (loaded: number, total: number) => void

/** One multipart POST through XMLHttpRequest, for its upload progress events. */
function postPart(url: string, form: FormData, onSent: Sent, signal?: AbortSignal) {
  return new Promise<{ status: number; answer: unknown }>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    const token = getToken()
    if (token) {
      xhr.setRequestHeader('token', token)
      xhr.setRequestHeader('Authorization', token)
    }
    xhr.upload.onprogress = (e) => e.lengthComputable && onSent(e.loaded, e.total)
    xhr.onload = () => {
      let answer: unknown
      try {
        answer = JSON.parse(xhr.responseText)
      } catch {
        answer = undefined
      }
      resolve({ status: xhr.status, answer })
    }
    xhr.onerror = () => reject(new ApiError(0, i18n.t('upload:failed'), null, 0))
    xhr.onabort = () => reject(new DOMException('upload cancelled', 'AbortError'))
    if (signal?.aborted) return reject(new DOMException('upload cancelled', 'AbortError'))
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(form)
  })
}

/**
 * Posts `file` to the signed storage host, in chunks when it is larger than one, one after the
 * other; `onProgress` gets the fraction sent (0–1). Resolves with the stored file once the host
 * answers 上传成功; every failure has been shown (toast) when it rejects.
 */
export async function uploadToStorage(file: File, sign: UploadSign, onProgress: (fraction: number) => void, signal?: AbortSignal) {
  const key = objectKey(sign.dir, file.name)
  const parts = planChunks(file.size)
  const size = Math.max(1, file.size)
  let done = 0
  for (const part of parts) {
    const bytes = part.end - part.start
    const form = partForm(sign, key, file, part, parts.length)
    let reply: { status: number; answer: unknown }
    try {
      reply = await postPart(sign.host, form, (loaded, total) => onProgress((done + (bytes * loaded) / Math.max(1, total)) / size), signal)
    } catch (err) {
      if (err instanceof ApiError) failed(0)
      throw err
    }
    const data = readStorageAnswer<unknown>(reply.answer, reply.status)
    done += bytes
    onProgress(done / size)
    if (data && typeof data === 'object' && 'file' in data) return data as UploadDone
  }
  // Every part was taken, yet the host never said the file was complete.
  return failed(200)
}

export type UploadArgs = { target: UploadTarget; file: File; onProgress: (fraction: number) => void; signal?: AbortSignal }

/**
 * aliyunOssSign, then the post to the storage host. Which lists a stored file changes is the
 * caller's business (the dialog's `onSuccess`): this module belongs to no feature.
 */
export function useUploadFile() {
  return useMutation({
    mutationFn: async ({ target, file, onProgress, signal }: UploadArgs) =>
      uploadToStorage(file, await getUploadSign(target), onProgress, signal),
  })
}
