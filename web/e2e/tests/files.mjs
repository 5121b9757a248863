// File list (/file/fileIndex) as the super administrator: a wrong file type refused in the
// browser, a generated .xlsx uploaded through 上传文件 (customer data), the progress overlay fed
// by the job's timeline pushes, the row with its original Chinese name and job status, the
// download byte for byte, and the bell's unread badge (the job's message) marked read. The
// customer-data importer may not exist yet: its job then fails with a message, which is fine here.
import { readFile } from 'node:fs/promises'
import { closeProgressPanel, shared, waitForPath } from '../lib.mjs'
import { call } from '../seed.mjs'
import { makeXlsx } from '../xlsx.mjs'

const stamp = Date.now().toString(36)
const fileName = `客户数据-${stamp}.xlsx`
const bigName = `大文件-${stamp}.xlsx`
const bytes = makeXlsx([
  ['标题', '频道', '日期', '时长'],
  [`E2E标题${stamp}`, 'CCTV-1', '2026-11-01', 15],
])

const uploadDialog = (page) => page.getByRole('dialog', { name: '上传文件' })
const rowOf = (page, name = fileName) => page.getByRole('table', { name: '文件列表' }).locator('tbody tr', { hasText: name })
const isStorage = (r) => new URL(r.url()).pathname === '/storage/upload'
const badge = (page) => page.getByTestId('unread-badge')

async function openDialog(page) {
  await page.getByRole('button', { name: '上传文件', exact: true }).click()
  const box = uploadDialog(page)
  await box.waitFor()
  // The dialog initialises for a second before the picker takes files.
  await box.getByRole('button', { name: '选择文件' }).and(page.locator(':enabled')).waitFor()
  return box
}

export const tests = [
  {
    name: 'the file list shows its columns; a .txt file is refused in the browser',
    run: async (ctx) => {
      const page = (ctx.state.page = await ctx.open({ keep: true }))
      await ctx.signIn(page, ctx.admin.account, ctx.admin.password)
      ctx.page = page
      ctx.state.unreadBefore = (await call(page, 'messageIndel', {}, { get: true })).unread
      await page.goto(`${ctx.base}/#/file/fileIndex`)
      await waitForPath(page, '/file/fileIndex')
      await page.getByRole('table', { name: '文件列表' }).waitFor()
      const headers = await page.locator('thead th').allInnerTexts()
      for (const h of ['原文件名', '文件路径', '类型', '大小', '扩展名', '描述', '标签', '操作人', '创建时间', '任务状态']) {
        ctx.expect(headers.includes(h), `missing column ${h}: ${headers}`)
      }
      const box = await openDialog(page)
      let posted = false
      page.on('request', (r) => (posted ||= isStorage(r) || r.url().includes('aliyunOssSign')))
      await box.getByLabel('选择要上传的文件').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
      await box.getByRole('alert').filter({ hasText: '只能上传 xls、xlsx 格式的文件' }).waitFor()
      ctx.expect((await box.getByRole('listitem').count()) === 0, 'the .txt file joined the queue')
      await box.getByRole('button', { name: '开始上传' }).click()
      await box.getByRole('alert').filter({ hasText: '请选择文件' }).first().waitFor()
      await ctx.shot(page, 'upload-refused-txt')
      ctx.expect(!posted, 'something was sent for a refused file')
      await page.keyboard.press('Escape')
      await box.waitFor({ state: 'detached' })
    },
  },
  {
    name: 'upload a generated xlsx as customer data; the progress overlay follows the job',
    run: async (ctx) => {
      const page = shared(ctx)
      const box = await openDialog(page)
      await box.getByRole('button', { name: '开始上传' }).click()
      await box.getByRole('alert').filter({ hasText: '请选择数据类别' }).waitFor()
      await box.getByRole('alert').filter({ hasText: '请选择数据来源' }).waitFor()
      await box.getByLabel('数据类别').selectOption({ label: '客户数据' })
      await box.getByLabel('数据来源').selectOption({ label: '实际播出' })
      ctx.expect((await box.getByLabel('数据归属').inputValue()) === '1', 'ownership should default to 客户')
      await box.getByLabel('文件描述').fill(`E2E描述${stamp}`)
      await box.getByLabel('选择要上传的文件').setInputFiles({ name: fileName, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: bytes })
      await box.getByText(fileName).waitFor()
      await ctx.shot(page, 'upload-dialog-ready')

      const uploads = []
      page.on('request', (r) => isStorage(r) && uploads.push(r))
      const answer = page.waitForResponse(isStorage)
      // Twice at once: only one upload may leave.
      await box.getByRole('button', { name: '开始上传' }).dblclick()
      const body = await (await answer).json()
      ctx.expect(body.code === 200 && body.message === '上传成功', `storage answered ${JSON.stringify(body)}`)
      ctx.state.fileId = body.data?.file?.id
      await page.locator('.toast--success', { hasText: '上传成功' }).waitFor()
      await box.waitFor({ state: 'detached' })
      ctx.expect(uploads.length === 1, `${uploads.length} uploads for one file`)

      const panel = page.getByTestId('progress-panel')
      await panel.waitFor()
      await panel.getByText('开始处理', { exact: true }).waitFor()
      await ctx.shot(page, 'progress-overlay')
      await panel.getByText('处理结束', { exact: true }).waitFor({ timeout: 20_000 })
      await ctx.shot(page, 'progress-ended')
      // A successful end closes the panel by itself; a failed one keeps it, with a close icon once quiet.
      await closeProgressPanel(page)
    },
  },
  {
    name: 'the row shows the original name, its job status, and downloads byte for byte',
    run: async (ctx) => {
      const page = shared(ctx)
      const row = rowOf(page)
      await row.waitFor()
      await row.locator('.job-status[data-status="done"], .job-status[data-status="failed"]').waitFor()
      const text = await row.innerText()
      for (const part of ['xlsx', '客户数据', `E2E描述${stamp}`, '超级管理员']) {
        ctx.expect(text.includes(part), `row lacks ${part}: ${text}`)
      }
      await ctx.shot(page, 'file-row')
      const download = page.waitForEvent('download')
      await row.getByRole('button', { name: `下载 ${fileName}` }).click()
      const file = await download
      ctx.expect(file.suggestedFilename() === fileName, `downloaded as ${file.suggestedFilename()}`)
      const got = await readFile(await file.path())
      ctx.expect(Buffer.compare(got, bytes) === 0, `downloaded ${got.length} bytes, uploaded ${bytes.length}`)
    },
  },
  {
    name: 'the job message raises the bell badge; 全部已读 clears it',
    run: async (ctx) => {
      const page = shared(ctx)
      await badge(page).waitFor({ timeout: 15_000 })
      const shown = Number((await badge(page).innerText()).replace('+', ''))
      ctx.expect(shown > ctx.state.unreadBefore, `badge ${shown}, unread before the upload ${ctx.state.unreadBefore}`)
      await page.getByRole('region', { name: '通知' }).waitFor()
      await ctx.shot(page, 'message-notification')
      await page.getByRole('button', { name: /^消息通知/ }).click()
      const panel = page.getByRole('dialog', { name: '消息通知' })
      await panel.getByRole('button', { name: '全部已读' }).waitFor()
      await ctx.shot(page, 'bell-unread')
      await panel.getByRole('button', { name: '全部已读' }).click()
      await badge(page).waitFor({ state: 'detached' })
      await panel.getByRole('button', { name: '全部已读' }).waitFor({ state: 'detached' })
      await ctx.shot(page, 'bell-all-read')
      await page.keyboard.press('Escape')
    },
  },
  {
    name: 'a 12 MB file goes up in two 10 MiB-sized chunks under one key',
    run: async (ctx) => {
      const page = shared(ctx)
      const big = makeXlsx([['标题'], [`E2E大文件${stamp}`]], { padBytes: 12 * 1024 * 1024 })
      const box = await openDialog(page)
      await box.getByLabel('数据类别').selectOption({ label: '公司数据' })
      await box.getByLabel('数据来源').selectOption({ label: '快数据' })
      await box.getByLabel('数据归属').selectOption({ label: '媒体' })
      await box.getByLabel('选择要上传的文件').setInputFiles({ name: bigName, mimeType: 'application/octet-stream', buffer: big })
      const parts = []
      page.on('response', async (r) => isStorage(r) && parts.push(await r.json().catch(() => null)))
      await box.getByRole('button', { name: '开始上传' }).click()
      await page.locator('.toast--success', { hasText: '上传成功' }).waitFor({ timeout: 30_000 })
      await box.waitFor({ state: 'detached' })
      ctx.expect(parts.length === 2, `${parts.length} parts: ${JSON.stringify(parts)}`)
      ctx.expect(parts[0]?.message === '分片已接收' && parts[1]?.message === '上传成功', `answers ${JSON.stringify(parts)}`)
      ctx.expect(parts[1].data.file.size === big.length, `stored ${parts[1].data.file.size} of ${big.length} bytes`)
      await rowOf(page, bigName).waitFor()
      ctx.expect((await rowOf(page, bigName).innerText()).includes('12 MB'), 'size not shown as 12 MB')
    },
  },
]
