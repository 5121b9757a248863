import { describe, expect, it } from 'vitest'
import { fill, split, type Strings } from './locale-values'

// What the app gets of a locale file is the file as written: the English files go through the
// build's locale-values plugin (values only, on the Chinese keys) and come back whole.
const raw = import.meta.glob<string>('/src/locales/*/*.json', { query: '?raw', import: 'default', eager: true })
const loaded = import.meta.glob<Strings>('/src/locales/*/*.json', { import: 'default', eager: true })

describe('locale values', () => {
  const others = Object.keys(raw).filter((path) => !path.includes('/zh-CN/'))

  it('gives back every file of every other language as written', () => {
    expect(others.length).toBeGreaterThan(10)
    for (const path of others) expect(loaded[path], path).toStrictEqual(JSON.parse(raw[path]))
  })

  it('ships those files without their keys', () => {
    // The English admin file's keys are in its text, not in the plugin's module (the values are).
    const { values } = split(JSON.parse(raw['/src/locales/zh-CN/admin.json']), JSON.parse(raw['/src/locales/en/admin.json']))
    expect(values).toContain('Previous page')
    expect(values.join('')).not.toContain('deleteNamedNote')
  })

  it('keeps what the Chinese file has no place for, and leaves out what it lacks', () => {
    const zh: Strings = { a: '甲', group: { b: '乙', c: '丙' }, list: { d: '丁' }, word: '戊', gone: '己' }
    const en: Strings = { group: { c: 'C', more: 'More' }, a: 'A', list: 'a string where Chinese has a group', word: { x: 'X' }, own: { y: 'Y' } }
    const { values, extra } = split(zh, en)
    expect(values).toEqual(['A', null, 'C', null, null, null])
    expect(extra).toEqual({ group: { more: 'More' }, list: 'a string where Chinese has a group', word: { x: 'X' }, own: { y: 'Y' } })
    expect(fill(zh, values, extra)).toStrictEqual({ a: 'A', group: { c: 'C', more: 'More' }, list: 'a string where Chinese has a group', word: { x: 'X' }, own: { y: 'Y' } })
  })
})
