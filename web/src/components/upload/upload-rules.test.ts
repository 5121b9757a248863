import { describe, expect, it } from 'vitest'
import { fileProblem, MAX_UPLOAD_BYTES } from './upload-rules'

const file = (name: string, size = 100, lastModified = 1) => ({ name, size, lastModified })

describe('fileProblem', () => {
  it('takes xls and xlsx in any case', () => {
    expect(fileProblem(file('客户数据.xlsx'), [])).toBeNull()
    expect(fileProblem(file('OLD.XLS'), [])).toBeNull()
  })

  it('refuses other extensions, names without one, and look-alikes', () => {
    for (const name of ['notes.txt', 'data.csv', 'xlsx', 'a.xlsx.exe', 'a.xlsm']) {
      expect(fileProblem(file(name), [])).toBe('wrongType')
    }
  })

  it('allows exactly 50 MB and refuses a byte more', () => {
    expect(fileProblem(file('a.xlsx', MAX_UPLOAD_BYTES), [])).toBeNull()
    expect(fileProblem(file('a.xlsx', MAX_UPLOAD_BYTES + 1), [])).toBe('tooLarge')
  })

  it('refuses a file already in the queue, but not a namesake that differs', () => {
    const queued = [file('a.xlsx', 100, 5)]
    expect(fileProblem(file('a.xlsx', 100, 5), queued)).toBe('inQueue')
    expect(fileProblem(file('a.xlsx', 101, 5), queued)).toBeNull()
    expect(fileProblem(file('a.xlsx', 100, 6), queued)).toBeNull()
  })
})
