// Network viewing (/networkViewingManagement/index) as the super administrator: the form's
// messages, add, filters in the URL, edit and delete. The record uses a media of its own, made
// on the settings screen and removed at the end, so the flow needs no demo data.
import { hashRoute, isCall, shared, waitForPath } from '../lib.mjs'

const stamp = Date.now().toString(36)
const media = `E2E网络台${stamp}`
const name = `E2E节目${stamp}`

async function go(page, base, path) {
  await page.goto(`${base}/#${path}`)
  await waitForPath(page, path)
}

const dialog = (page, title) => page.getByRole('dialog', { name: title })
const rowOf = (page, text) => page.locator('tbody tr', { hasText: text })
const toastSays = (page, text) => page.locator('.toast--success', { hasText: text }).waitFor()
const idle = (page) => page.waitForFunction(() => !document.querySelector('.data-table[aria-busy]'))
const messageOf = async (box, label) => {
  const id = await box.getByLabel(label, { exact: true }).getAttribute('aria-describedby')
  return id ? box.locator(`[id="${id}"]`).innerText() : ''
}

export const tests = [
  {
    name: 'the dialog checks every field, then adds a record',
    run: async (ctx) => {
      const page = (ctx.state.page = await ctx.open({ keep: true }))
      await ctx.signIn(page, ctx.admin.account, ctx.admin.password)
      ctx.page = page
      await go(page, ctx.base, '/system/systemIndex')
      await page.getByRole('button', { name: '添加', exact: true }).click()
      const mediaBox = dialog(page, '添加媒体')
      await mediaBox.getByLabel('媒体名称').fill(media)
      await mediaBox.getByRole('button', { name: '确定' }).click()
      await toastSays(page, '添加成功')

      await page.getByRole('link', { name: '网络收视管理' }).click()
      await waitForPath(page, '/networkViewingManagement/index')
      const table = page.getByRole('table', { name: '网络收视列表' })
      await table.waitFor()
      await idle(page)
      const headers = await table.locator('thead th').allInnerTexts()
      for (const h of ['名称', '日期', '收视', '媒体', '排名', '更新日期', '创建日期', '操作']) {
        ctx.expect(headers.includes(h), `missing column ${h}: ${headers}`)
      }

      await page.getByRole('button', { name: '添加', exact: true }).click()
      const box = dialog(page, '添加网络收视')
      await box.getByRole('button', { name: '确定' }).click()
      await box.getByText('请选择网络收视日期').waitFor()
      const expected = { 媒体: '请选择媒体', 名称: '请输入名称', 收视: '请输入收视', 排名: '请输入排名' }
      for (const [label, message] of Object.entries(expected)) {
        ctx.expect((await messageOf(box, label)) === message, `${label}: ${await messageOf(box, label)}`)
      }
      await box.getByLabel('媒体', { exact: true }).selectOption({ label: media })
      await box.getByLabel('名称', { exact: true }).fill(name)
      await box.getByLabel('日期', { exact: true }).fill('2026-03-01T20:05:09')
      await box.getByLabel('收视', { exact: true }).fill('-1')
      await box.getByLabel('排名', { exact: true }).fill('1.5')
      await box.getByRole('button', { name: '确定' }).click()
      await box.getByText('只可输入大于等于0的数字！').waitFor()
      await box.getByText('只可输入正整数！').waitFor()
      await ctx.shot(page, 'dialog-messages')
      await box.getByLabel('收视', { exact: true }).fill('1.2345')
      await box.getByLabel('排名', { exact: true }).fill('3')
      const answer = page.waitForResponse(isCall('onlineViewingAdd'))
      await box.getByRole('button', { name: '确定' }).click()
      const body = await (await answer).json()
      ctx.expect(body.code === 200, `onlineViewingAdd answered ${JSON.stringify(body)}`)
      await toastSays(page, '添加成功')
      await box.waitFor({ state: 'detached' })
      const text = await rowOf(page, name).innerText()
      for (const part of ['2026-03-01 20:05:09', '1.2345', media, '3']) ctx.expect(text.includes(part), `row shows ${text}`)
    },
  },
  {
    name: 'filters live in the URL and narrow the list',
    run: async (ctx) => {
      const page = shared(ctx)
      const search = page.getByRole('search')
      await search.getByLabel('名称', { exact: true }).fill(stamp)
      await search.getByLabel('开始时间').fill('2026-03-01T20:00:00')
      await search.getByLabel('结束时间').fill('2026-03-01T21:00:00')
      await search.getByLabel('收视从').fill('1.2345')
      await search.getByLabel('收视到').fill('2')
      await search.getByLabel('排名从').fill('3')
      await search.getByLabel('排名到').fill('3')
      await search.getByLabel('媒体', { exact: true }).selectOption({ label: media })
      await search.getByRole('button', { name: '搜索' }).click()
      await page.waitForFunction(() => location.hash.includes('rankingLt=3'))
      const query = hashRoute(page).query
      ctx.expect(query.get('viewingGt') === '1.2345' && query.get('onlineViewingTimeLt')?.startsWith('2026-03-01T21:00'), `URL: ${query}`)
      await page.reload()
      await rowOf(page, name).waitFor()
      await idle(page)
      ctx.expect((await page.locator('tbody tr').count()) === 1, 'the filters did not narrow the list')
      ctx.expect((await search.getByLabel('收视从').inputValue()) === '1.2345', 'filter lost on reload')
      await ctx.shot(page, 'filtered')

      // A bound that excludes the record empties the list.
      await search.getByLabel('排名从').fill('4')
      await search.getByRole('button', { name: '搜索' }).click()
      await page.locator('.data-table__empty').waitFor()
      await search.getByRole('button', { name: '重置' }).click()
      await page.waitForFunction(() => !location.hash.includes('rankingGt='))
      ctx.expect((await search.getByLabel('名称', { exact: true }).inputValue()) === '', 'reset kept the name')
      await rowOf(page, name).waitFor()
    },
  },
  {
    name: 'edit the record, then delete it and its media',
    run: async (ctx) => {
      const page = shared(ctx)
      await rowOf(page, name).getByRole('button', { name: '编辑' }).click()
      const box = dialog(page, '编辑网络收视')
      ctx.expect((await box.getByLabel('名称', { exact: true }).inputValue()) === name, 'edit dialog not filled in')
      await box.getByLabel('排名', { exact: true }).fill('5')
      await ctx.shot(page, 'edit-dialog')
      await box.getByRole('button', { name: '确定' }).click()
      await toastSays(page, '修改成功')
      await box.waitFor({ state: 'detached' })
      await page.waitForFunction((n) => [...document.querySelectorAll('tbody tr')].some((r) => r.textContent.includes(n) && r.children[4]?.textContent === '5'), name)

      await rowOf(page, name).getByRole('button', { name: '删除' }).click()
      const ask = page.getByRole('alertdialog', { name: '提示' })
      await ask.getByText(`确定删除网络收视「${name} `).waitFor()
      await ask.getByRole('button', { name: '确定' }).click()
      await toastSays(page, '删除成功!')
      await rowOf(page, name).waitFor({ state: 'detached' })

      await go(page, ctx.base, '/system/systemIndex')
      const row = rowOf(page, media)
      await row.getByRole('button', { name: '删除' }).click()
      await page.getByRole('alertdialog', { name: '提示' }).getByRole('button', { name: '确定' }).click()
      await toastSays(page, '删除成功!')
    },
  },
]
