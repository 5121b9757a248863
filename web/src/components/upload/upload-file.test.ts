import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { dismissToast, getToast } from '@/components/ui/toast-store'
import { ApiError } from '@/lib/api-client'
import { clearSession, setSession } from '@/lib/session'
import type { UploadSign } from './get-upload-sign'
import { CHUNK_BYTES, extensionOf, objectKey, partForm, planChunks, randomName, uploadToStorage } from './upload-file'

const MiB = 1024 * 1024
const sign: UploadSign = {
  dir: 'uploads/20261121/abc/', policy: 'P', accessid: 'AK', callback: 'CB', signature: 'S', host: '/storage/upload', expire: 0,
}

describe('planChunks', () => {
  it('sends a file of up to 10 MiB whole', () => {
    expect(planChunks(0)).toEqual([{ index: 0, start: 0, end: 0 }])
    expect(planChunks(CHUNK_BYTES)).toEqual([{ index: 0, start: 0, end: CHUNK_BYTES }])
  })

  it('cuts a larger file into 10 MiB chunks, the last one shorter', () => {
    expect(CHUNK_BYTES).toBe(10 * MiB)
    const parts = planChunks(25 * MiB)
    expect(parts).toEqual([
      { index: 0, start: 0, end: 10 * MiB },
      { index: 1, start: 10 * MiB, end: 20 * MiB },
      { index: 2, start: 20 * MiB, end: 25 * MiB },
    ])
    expect(planChunks(CHUNK_BYTES + 1)).toHaveLength(2)
    expect(planChunks(50 * MiB)).toHaveLength(5)
  })
})

describe('object keys', () => {
  it('are the signed dir, 11 random letters or digits and the lower-cased extension', () => {
    expect(randomName()).toMatch(/^[A-Za-z0-9]{11}$/)
    expect(extensionOf('客户数据.XLSX')).toBe('.xlsx')
    expect(extensionOf('noext')).toBe('')
    expect(objectKey(sign.dir, '客户数据.xlsx', 'abcdefghijk')).toBe('uploads/20261121/abc/abcdefghijk.xlsx')
    expect(objectKey(sign.dir, 'a.xls')).toMatch(/^uploads\/20261121\/abc\/[A-Za-z0-9]{11}\.xls$/)
  })
})

describe('partForm', () => {
  const file = new File(['0123456789'], '数据.xlsx')
  it('lists the contract fields in order, the file last', () => {
    const form = partForm(sign, 'k.xlsx', file, { index: 0, start: 0, end: 10 }, 1)
    expect([...form.keys()]).toEqual(['key', 'policy', 'OSSAccessKeyId', 'success_action_status', 'callback', 'signature', 'file'])
    expect(form.get('OSSAccessKeyId')).toBe('AK')
    expect(form.get('success_action_status')).toBe('200')
    expect((form.get('file') as File).name).toBe('数据.xlsx')
  })

  it('adds chunk and chunks before the file when split', async () => {
    const form = partForm(sign, 'k.xlsx', file, { index: 1, start: 4, end: 8 }, 3)
    expect([...form.keys()].slice(-3)).toEqual(['chunk', 'chunks', 'file'])
    expect([form.get('chunk'), form.get('chunks')]).toEqual(['1', '3'])
    expect(await (form.get('file') as File).text()).toBe('4567')
  })
})

// A stand-in for XMLHttpRequest: answers each send with the next queued answer.
type Reply = { status: number; body: unknown }
const replies: Reply[] = []
const sent: { url: string; headers: Record<string, string>; form: FormData }[] = []
class FakeXhr {
  status = 0
  responseText = ''
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  onabort: (() => void) | null = null
  private url = ''
  private headers: Record<string, string> = {}
  open(_method: string, url: string) {
    this.url = url
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v
  }
  abort() {
    this.onabort?.()
  }
  send(form: FormData) {
    sent.push({ url: this.url, headers: this.headers, form })
    const reply = replies.shift()
    queueMicrotask(() => {
      if (!reply) return this.onerror?.()
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 })
      this.status = reply.status
      this.responseText = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body)
      this.onload?.()
    })
  }
}

describe('uploadToStorage', () => {
  beforeEach(() => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    setSession({ token: 'tok', id: 1, name: 'a', ruleId: '*' })
    replies.length = 0
    sent.length = 0
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    clearSession()
    dismissToast()
  })

  const stored = { file: { id: 7, fileName: 'big.xlsx' }, jobId: 3 }

  it('posts a big file chunk by chunk with the token headers, reporting progress, until 上传成功', async () => {
    const big = new File([new Uint8Array(CHUNK_BYTES + 5)], 'big.xlsx')
    replies.push({ status: 200, body: { code: 200, message: '分片已接收', data: { chunk: 0, chunks: 2, received: 1 } } })
    replies.push({ status: 200, body: { code: 200, message: '上传成功', data: stored } })
    const progress: number[] = []
    await expect(uploadToStorage(big, sign, (f) => progress.push(f))).resolves.toEqual(stored)
    expect(sent).toHaveLength(2)
    expect(sent[0].url).toBe('/storage/upload')
    expect(sent[0].headers).toEqual({ token: 'tok', Authorization: 'tok' })
    expect(sent.map((s) => [s.form.get('chunk'), s.form.get('chunks')])).toEqual([['0', '2'], ['1', '2']])
    // Both chunks go under one key.
    expect(sent[0].form.get('key')).toBe(sent[1].form.get('key'))
    expect(progress.at(-1)).toBe(1)
    expect(progress).toEqual([...progress].sort((a, b) => a - b))
  })

  it('shows the spec message for -602 and rejects with its code', async () => {
    replies.push({ status: 409, body: { code: -602, message: '该文件已上传过，请勿重复上传', data: null } })
    const err = await uploadToStorage(new File(['x'], 'a.xlsx'), sign, () => {}).catch((e) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err.code).toBe(-602)
    expect(getToast()?.message).toBe('该文件已上传过，请勿重复上传')
  })

  it('shows the server message for other codes, and 上传失败，请重试 for a lost or garbled answer', async () => {
    replies.push({ status: 400, body: { code: 4000, message: '上传凭证已过期', data: null } })
    await expect(uploadToStorage(new File(['x'], 'a.xlsx'), sign, () => {})).rejects.toMatchObject({ code: 4000 })
    expect(getToast()?.message).toBe('上传凭证已过期')
    replies.push({ status: 502, body: '<html>bad gateway</html>' })
    await expect(uploadToStorage(new File(['x'], 'a.xlsx'), sign, () => {})).rejects.toBeInstanceOf(ApiError)
    expect(getToast()?.message).toBe('上传失败，请重试')
    await expect(uploadToStorage(new File(['x'], 'a.xlsx'), sign, () => {})).rejects.toBeInstanceOf(ApiError)
    expect(getToast()?.message).toBe('上传失败，请重试')
  })
})
