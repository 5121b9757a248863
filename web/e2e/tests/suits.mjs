// Suits (/suit/index) as the super administrator: two periods are made on the time-period
// screen first, then a suit is added with period entries, edited, copied, filtered through the
// URL, exported and deleted. Needs at least one media and one brand (demo data, or inserted by
// hand). The tests share one page.
import { isCall, shared, waitForPath } from '../lib.mjs'

const stamp = Date.now().toString(36)
const periods = [`E2E早间${stamp}`, `E2E晚间${stamp}`]
const suit = `E2E套装${stamp}`
const renamed = `E2E套装改${stamp}`

async function go(page, path, query = '') {
  await page.goto(`${page.url().split('#')[0]}#${path}${query}`)
  await waitForPath(page, path)
}

const toastSays = (page, text, kind = 'success') => page.locator(`.toast--${kind}`, { hasText: text }).waitFor()
const dialog = (page, title) => page.getByRole('dialog', { name: title })
const suitRow = (page, text) => page.locator('tr[data-row-key]', { hasText: text }).filter({ has: page.getByRole('button', { name: '复制' }) })
const fieldError = (box, text) => box.locator('.form-field__error', { hasText: text }).waitFor()
const confirmBox = async (page, text) => {
  const ask = page.getByRole('alertdialog', { name: '提示' })
  await ask.getByText(text).waitFor()
  await ask.getByRole('button', { name: '确定' }).click()
}

export const tests = [
  {
    setup: true,
    name: 'two periods are made on the time-period screen',
    run: async (ctx) => {
      const page = (ctx.state.page = await ctx.open({ keep: true }))
      await ctx.signIn(page, ctx.admin.account, ctx.admin.password)
      ctx.page = page
      await go(page, '/timePeriodManagement/index')
      for (const [i, name] of periods.entries()) {
        await page.getByRole('button', { name: '新增时段', exact: true }).click()
        const box = dialog(page, '新增时段')
        const media = box.getByLabel('媒体名称')
        await media.locator('option').nth(1).waitFor({ state: 'attached' }).catch(() => {
        throw new Error('no media to choose: these flows need demo data or a media added by hand')
      })
        await media.selectOption({ index: 1 })
        ctx.state.media = (await media.locator('option:checked').innerText()).trim()
        await box.getByLabel('时段名称').fill(name)
        await box.getByLabel('开始时间').fill(i ? '19:00:00' : '07:00:00')
        await box.getByLabel('结束时间').fill(i ? '21:00:00' : '09:00:00')
        await box.getByRole('button', { name: '确定' }).click()
        await toastSays(page, '添加成功')
        await box.waitFor({ state: 'detached' })
      }
    },
  },
  {
    name: 'add a suit with period entries',
    run: async (ctx) => {
      const page = shared(ctx)
      await page.getByRole('link', { name: '套装管理' }).click()
      await waitForPath(page, '/suit/index')
      await page.getByRole('button', { name: '添加', exact: true }).click()
      const box = dialog(page, '添加套装')
      ctx.expect((await box.getByLabel('秒数').inputValue()) === '15', 'a new suit starts at 15 seconds')
      await box.getByRole('button', { name: '确定' }).click()
      await toastSays(page, '请添加时段集合', 'warning')
      for (const m of ['请选择媒体名称', '请选择品牌名称', '请输入套装名称', '请输入客户指标', '请输入媒体指标', '请选择套装时间', '请选择时段列表']) {
        await fieldError(box, m)
      }
      await box.getByLabel('媒体名称').selectOption({ label: ctx.state.media })
      await box.getByLabel('品牌名称').selectOption({ index: 1 })
      ctx.state.brand = (await box.getByLabel('品牌名称').locator('option:checked').innerText()).trim()
      await box.getByLabel('套装名称').fill(suit)
      await box.getByLabel('客户指标').fill('120.5')
      await box.getByLabel('媒体指标').fill('100')
      await box.getByLabel('套装时间').fill('2026-03')
      await box.getByRole('button', { name: '添加', exact: true }).click()
      await page.locator('.toast--error', { hasText: '请选择时段名称' }).waitFor()
      await box.getByRole('checkbox', { name: new RegExp(periods[0]) }).check()
      await box.getByLabel('次数').fill('2')
      await box.getByRole('button', { name: '添加', exact: true }).click()
      await box.getByRole('checkbox', { name: new RegExp(periods[1]) }).check()
      await box.getByRole('button', { name: '添加', exact: true }).click()
      const entries = box.getByRole('table', { name: '时段列表' }).locator('tbody tr')
      ctx.expect((await entries.count()) === 2, 'two entries expected')
      await ctx.shot(page, 'suit-add-dialog')
      const answer = page.waitForResponse(isCall('suitAdd'))
      await box.getByRole('button', { name: '确定' }).click()
      const body = await (await answer).json()
      ctx.expect(body.code === 200 && body.data.numberOfTimes === 3, `suitAdd answered ${JSON.stringify(body)}`)
      await toastSays(page, '添加成功')
      await box.waitFor({ state: 'detached' })
      const row = suitRow(page, suit)
      await row.waitFor()
      const text = await row.innerText()
      ctx.expect(text.includes('2026-03') && text.includes('120.5') && text.includes(ctx.state.brand), `row shows ${text}`)
      await row.getByRole('button', { name: '展开' }).click()
      const children = page.getByRole('table', { name: `${suit} 的时段` })
      await children.locator('tbody tr', { hasText: periods[0] }).waitFor()
      ctx.expect((await children.locator('tbody tr').count()) === 2, 'child rows are the entries')
      await ctx.shot(page, 'suits-tree')
    },
  },
  {
    name: 'edit the suit: take an entry back, change its count',
    run: async (ctx) => {
      const page = shared(ctx)
      await suitRow(page, suit).getByRole('button', { name: '编辑' }).click()
      const box = dialog(page, '编辑套装')
      ctx.expect((await box.getByLabel('套装名称').inputValue()) === suit, 'edit dialog not filled in')
      ctx.expect((await box.getByLabel('套装时间').inputValue()) === '2026-03', 'suit time not filled in')
      const entries = box.getByRole('table', { name: '时段列表' }).locator('tbody tr')
      await entries.first().waitFor()
      ctx.expect((await entries.count()) === 2, 'the entries are loaded')
      await box.getByRole('button', { name: `编辑 ${periods[0]}` }).click()
      ctx.expect(await box.getByRole('checkbox', { name: new RegExp(periods[0]) }).isChecked(), 'entry not back in the selector')
      ctx.expect((await box.getByLabel('次数').inputValue()) === '2', 'count not back in the selector')
      await box.getByLabel('次数').fill('4')
      await box.getByRole('button', { name: '添加', exact: true }).click()
      await box.getByLabel('套装名称').fill(renamed)
      await ctx.shot(page, 'suit-edit-dialog')
      await box.getByRole('button', { name: '确定' }).click()
      await toastSays(page, '修改成功')
      const row = suitRow(page, renamed)
      await row.waitFor()
      ctx.expect((await row.locator('td').nth(8).innerText()).trim() === '5', `sum of counts: ${await row.innerText()}`)
    },
  },
  {
    name: 'copy the suit',
    run: async (ctx) => {
      const page = shared(ctx)
      await suitRow(page, renamed).first().getByRole('button', { name: '复制' }).click()
      await confirmBox(page, '确定复制该数据?')
      await toastSays(page, '复制成功')
      await suitRow(page, `${renamed} - 副本`).waitFor()
    },
  },
  {
    name: 'filters live in the URL and the export downloads',
    run: async (ctx) => {
      const page = shared(ctx)
      const search = page.getByRole('search')
      await search.getByLabel('套装名称').fill(stamp)
      await search.getByLabel('套装开始月份').fill('2026-03')
      await search.getByLabel('套装结束月份').fill('2026-03')
      await search.getByRole('button', { name: '搜索' }).click()
      await page.waitForFunction((s) => location.hash.includes(`suitName=${s}`) && location.hash.includes('suitTimeGt=2026-03'), stamp)
      await page.reload()
      await suitRow(page, renamed).first().waitFor()
      await page.waitForFunction(() => !document.querySelector('.data-table[aria-busy]'))
      ctx.expect((await search.getByLabel('套装名称').inputValue()) === stamp, 'filter lost on reload')
      ctx.expect((await page.locator('tr[data-row-key]').count()) === 2, 'the filter did not narrow the list')
      await ctx.shot(page, 'suits-filtered')
      const download = page.waitForEvent('download')
      const answer = page.waitForResponse(isCall('suitIndexExport'))
      await search.getByRole('button', { name: '导出' }).click()
      const body = await (await answer).json()
      ctx.expect(body.code === 200 && body.data.url.endsWith('.xlsx'), `suitIndexExport answered ${JSON.stringify(body)}`)
      const file = await download
      ctx.expect(file.suggestedFilename().endsWith('.xlsx'), `downloaded ${file.suggestedFilename()}`)
      ctx.expect(!(await file.failure()), 'the download failed')
      await search.getByRole('button', { name: '重置' }).click()
      await page.waitForFunction(() => !location.hash.includes('suitName='))
    },
  },
  {
    name: 'delete the suits after confirming',
    run: async (ctx) => {
      const page = shared(ctx)
      for (const name of [`${renamed} - 副本`, renamed]) {
        await suitRow(page, name).first().getByRole('button', { name: '删除' }).click()
        await confirmBox(page, `确定删除套装「${name}」吗？`)
        await toastSays(page, '删除成功')
        // The copy goes first, so each name matches one row when it is deleted.
        await suitRow(page, name).waitFor({ state: 'detached' })
      }
    },
  },
  {
    name: 'the periods made for the suit are deleted again',
    run: async (ctx) => {
      const page = shared(ctx)
      await go(page, '/timePeriodManagement/index', `?timePeriodName=${stamp}`)
      for (const name of periods) {
        const row = page.locator('.tp-children tbody tr', { hasText: name })
        await row.getByRole('button', { name: '删除' }).click()
        await confirmBox(page, `确定删除时段「${name}」吗？`)
        await toastSays(page, '删除成功')
        await row.waitFor({ state: 'detached' })
      }
    },
  },
]
