import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { fakeApi, signedIn } from '@/testing/fake-api'
import { fakeRealtime, renderPage } from '@/testing/render-page'
import type { FileRow } from '../api/get-files'
import FilesPage from './files-page'

const row = (id: number, job: FileRow['job']): FileRow => ({
  id, fileName: `客户数据${id}.xlsx`, path: `uploads/20261121/ab/k${id}.xlsx`, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  size: 1536, extension: 'xlsx', description: '十一月', tags: 'customerData', tags_name: '客户数据', admin: { name: '超级管理员' },
  createTime: '2026-11-21 10:00:00', url_name: `/files/upload/${id}`, job,
})

let rows: FileRow[]
const server = fakeApi({
  ticket: () => ({ ticket: 'tkt', expiresIn: 60 }),
  fileIndex: () => ({ data: rows, total: rows.length }),
})
const asked = () => server.asked('fileIndex').map((s) => s.params)
const live = fakeRealtime()
signedIn()

let page: ReturnType<typeof renderPage>
const search = () => page.search()

function setup(url = '/file/fileIndex') {
  page = renderPage(<FilesPage />, { url, realtime: live.channel })
  return page.user
}

describe('FilesPage', () => {
  it('lists files with a readable size and each job status', async () => {
    rows = [
      row(1, null),
      row(2, { id: 1, status: 'queued', progress: 0, message: '' }),
      row(3, { id: 2, status: 'running', progress: 42.4, message: '已导入 420 行' }),
      row(4, { id: 3, status: 'done', progress: 100, message: '导入 1000 行' }),
      row(5, { id: 4, status: 'failed', progress: 10, message: '客户数据导入尚未开放' }),
    ]
    setup()
    const table = await screen.findByRole('table', { name: '文件列表' })
    await within(table).findByText('客户数据5.xlsx')
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent)
    expect(headers).toEqual(['原文件名', '文件路径', '类型', '大小', '扩展名', '描述', '标签', '操作人', '创建时间', '任务状态', '操作'])
    const text = (id: number) => table.querySelector(`tr[data-row-key="${id}"]`)!.textContent
    expect(text(1)).toContain('1.5 KB')
    expect(text(2)).toContain('排队中')
    expect(text(3)).toContain('处理中 42%已导入 420 行')
    expect(text(4)).toContain('已完成')
    expect(text(5)).toContain('失败客户数据导入尚未开放')
    expect(asked()[0].get('page')).toBe('1')
    expect(asked()[0].get('limit')).toBe('30')
  })

  it('searches from page 1 and resets to page 1, 30 a page', async () => {
    rows = []
    const user = setup('/file/fileIndex?page=3&limit=50')
    expect(await screen.findByText('暂无文件')).toBeTruthy()
    await user.type(screen.getByLabelText('文件名称'), ' 客户 ')
    await user.selectOptions(screen.getByLabelText('标签'), '评估报告')
    await user.click(screen.getByRole('button', { name: '搜索' }))
    await waitFor(() => expect(new URLSearchParams(search()).get('fileName')).toBe('客户'))
    expect(new URLSearchParams(search()).get('tags')).toBe('evaluationReport')
    expect(new URLSearchParams(search()).get('page')).toBeNull()
    expect(new URLSearchParams(search()).get('limit')).toBe('50')
    await user.click(screen.getByRole('button', { name: '重置' }))
    await waitFor(() => expect(search()).toBe(''))
    expect((screen.getByLabelText('文件名称') as HTMLInputElement).value).toBe('')
  })

  it('上传文件 opens the upload dialog for customer data', async () => {
    rows = []
    const user = setup()
    await user.click(screen.getByRole('button', { name: '上传文件' }))
    const dialog = await screen.findByRole('dialog', { name: '上传文件' })
    expect(within(dialog).getByLabelText('数据类别')).toBeTruthy()
    expect(within(dialog).getByLabelText('数据来源')).toBeTruthy()
  })

  it('downloads under the original name with a ticket, and refreshes when a job ends', async () => {
    rows = [row(1, { id: 1, status: 'running', progress: 10, message: '' })]
    const user = setup()
    const clicked: HTMLAnchorElement[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this)
    })
    await user.click(await screen.findByRole('button', { name: '下载 客户数据1.xlsx' }))
    await waitFor(() => expect(clicked).toHaveLength(1))
    expect(clicked[0].getAttribute('href')).toBe('/files/upload/1?token=tkt')
    expect(clicked[0].download).toBe('客户数据1.xlsx')
    click.mockRestore()

    const before = asked().length
    rows = [row(1, { id: 1, status: 'done', progress: 100, message: '导入完成' })]
    live.timeline({ status: 1, level: 'success', data: '50%' })
    live.timeline({ status: 2, level: 'success', data: '导入完成' })
    expect(await screen.findByText('已完成')).toBeTruthy()
    expect(asked().length).toBe(before + 1)
  })
})
