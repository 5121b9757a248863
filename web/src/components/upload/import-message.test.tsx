import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ImportMessage } from './import-message'
import { parseRefusal } from './refusal'

const listed = [
  '「Sheet1」第 3 行「频道」“某台”：未知的频道，请先在系统设置中添加该媒体',
  '「Sheet1」第 4 行「日期」“2026-02-30”：无法识别的日期',
  '「Sheet1」第 4 行「受众/城市组」“不存在的组”：未知的受众/城市组，请先在系统设置中添加',
]

describe('parseRefusal', () => {
  it('splits the count, the problems and what was left unlisted', () => {
    expect(parseRefusal(['未导入任何数据：2 行有错误（共 3 处）', ...listed].join('\n'))).toEqual({
      head: '未导入任何数据：2 行有错误（共 3 处）',
      problems: listed,
      rest: null,
    })
    const capped = ['未导入任何数据：1000000 行有错误（共 2000000 处），以下列出前 3 处', ...listed, '……另有 1999997 处未列出']
    expect(parseRefusal(capped.join('\n'))).toEqual({ head: capped[0], problems: listed, rest: '……另有 1999997 处未列出' })
  })

  it('leaves other texts alone', () => {
    expect(parseRefusal('已导入 120 行客户数据，用时 0.4 秒')).toBeNull()
    expect(parseRefusal('工作表“Sheet1”缺少必需的列：频道')).toBeNull()
  })
})

describe('ImportMessage', () => {
  it('shows a refusal’s count above one list item per problem, then what was not listed', () => {
    const text = ['未导入任何数据：1000000 行有错误（共 2000000 处），以下列出前 3 处', ...listed, '……另有 1999997 处未列出'].join('\n')
    render(<ImportMessage text={text} />)
    const list = screen.getByRole('list', { name: '未导入任何数据：1000000 行有错误（共 2000000 处），以下列出前 3 处' })
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(listed)
    expect(screen.getByText('……另有 1999997 处未列出')).toBeTruthy()
  })

  it('keeps any other text as written, line breaks and all', () => {
    const { container } = render(<ImportMessage text={'已导入 2026-03 的排期：\n1 行，2 个点位'} />)
    expect(container.querySelector('pre')?.textContent).toBe('已导入 2026-03 的排期：\n1 行，2 个点位')
    expect(screen.queryByRole('list')).toBeNull()
  })
})
