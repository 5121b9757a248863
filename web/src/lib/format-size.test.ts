import { describe, expect, it } from 'vitest'
import { formatSize } from './format-size'

describe('formatSize', () => {
  it('reads like a file manager', () => {
    expect(formatSize(0)).toBe('0 B')
    expect(formatSize(1023)).toBe('1023 B')
    expect(formatSize(1024)).toBe('1 KB')
    expect(formatSize(1536)).toBe('1.5 KB')
    expect(formatSize(50 * 1024 * 1024)).toBe('50 MB')
    expect(formatSize(-1)).toBe('-')
  })
})
