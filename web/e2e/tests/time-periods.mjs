// Time periods (/timePeriodManagement/index) as the super administrator: add a period past
// midnight, group it in a class, filter through the URL, edit it, delete the class and the
// period. Needs at least one media (demo data, or inserted by hand). The tests share one page.
import { isCall, shared, waitForPath } from '../lib.mjs'

const PATH = '/timePeriodManagement/index'
const stamp = Date.now().toString(36)
const period = `E2E晚间${stamp}`
const renamed = `E2E深夜${stamp}`
const klass = `E2E类${stamp}`

const toastSays = (page, text) => page.locator('.toast--success', { hasText: text }).waitFor()
const dialog = (page, title) => page.getByRole('dialog', { name: title })
const periodRow = (page, text) => page.locator('.tp-children tbody tr', { hasText: text })
const classRow = (page, text) => page.locator('tr[data-row-key^="class-"]', { hasText: text })
const fieldError = (box, text) => box.locator('.form-field__error', { hasText: text }).waitFor()
const idle = (page) => page.waitForFunction(() => !document.querySelector('.data-table[aria-busy]'))

export const tests = [
  {
    name: 'add a time period that runs past midnight',
    run: async (ctx) => {
      const page = (ctx.state.page = await ctx.open({ keep: true }))
      await ctx.signIn(page, ctx.admin.account, ctx.admin.password)
      ctx.page = page
      await page.getByRole('link', { name: '时段管理' }).click()
      await waitForPath(page, PATH)
      await page.getByRole('button', { name: '新增时段', exact: true }).click()
      const box = dialog(page, '新增时段')
      await box.getByRole('button', { name: '确定' }).click()
      await fieldError(box, '请选择媒体名称')
      await fieldError(box, '请输入时段名称')
      await fieldError(box, '请选择开始时间和结束时间')
      const media = box.getByLabel('媒体名称')
      await media.locator('option').nth(1).waitFor({ state: 'attached' }).catch(() => {
        throw new Error('no media to choose: these flows need demo data or a media added by hand')
      })
      await media.selectOption({ index: 1 })
      ctx.state.media = (await media.locator('option:checked').innerText()).trim()
      await box.getByLabel('时段名称').fill(period)
      await box.getByLabel('开始时间').fill('23:00')
      await box.getByLabel('结束时间').fill('22:00')
      await box.getByRole('button', { name: '确定' }).click()
      await fieldError(box, '结束时间不能早于开始时间')
      await box.getByLabel('结束时间').fill('25:30:00')
      await ctx.shot(page, 'period-add-dialog')
      const answer = page.waitForResponse(isCall('timePeriodAdd'))
      await box.getByRole('button', { name: '确定' }).click()
      const body = await (await answer).json()
      ctx.expect(body.code === 200 && body.data.preBroadcastTimeForma === '23:00:00', `timePeriodAdd answered ${JSON.stringify(body)}`)
      await toastSays(page, '添加成功')
      await box.waitFor({ state: 'detached' })
      const row = periodRow(page, period)
      await row.waitFor()
      ctx.expect((await row.innerText()).includes('23:00:00 - 25:30:00'), `row shows ${await row.innerText()}`)
    },
  },
  {
    name: 'a class groups the period',
    run: async (ctx) => {
      const page = shared(ctx)
      await page.getByRole('button', { name: '新增时段归纳' }).click()
      const box = dialog(page, '新增时段归纳')
      await box.getByRole('button', { name: '确定' }).click()
      await fieldError(box, '请输入时段归纳名称')
      await box.getByLabel('媒体名称').selectOption({ label: ctx.state.media })
      await box.getByLabel('时段归纳', { exact: true }).fill(klass)
      await box.getByRole('checkbox', { name: new RegExp(period) }).check()
      await ctx.shot(page, 'class-add-dialog')
      await box.getByRole('button', { name: '确定' }).click()
      await toastSays(page, '添加成功')
      await box.waitFor({ state: 'detached' })
      await classRow(page, klass).waitFor()
      const children = page.getByRole('table', { name: `${klass} 的时段` })
      await children.locator('tbody tr', { hasText: period }).waitFor()
      await ctx.shot(page, 'tree')
    },
  },
  {
    name: 'filters live in the URL',
    run: async (ctx) => {
      const page = shared(ctx)
      const search = page.getByRole('search')
      await search.getByLabel('时段名称').fill(stamp)
      await search.getByLabel('开始时间').fill('24:00')
      await search.getByRole('button', { name: '搜索' }).click()
      await page.waitForFunction((s) => location.hash.includes(`timePeriodName=${s}`), stamp)
      await page.reload()
      await periodRow(page, period).waitFor()
      await idle(page)
      ctx.expect((await search.getByLabel('时段名称').inputValue()) === stamp, 'filter lost on reload')
      ctx.expect((await search.getByLabel('开始时间').inputValue()) === '24:00', 'time filter lost on reload')
      ctx.expect((await page.locator('tr:is([data-row-key^="class-"], [data-row-key^="media-"])').count()) === 1, 'the filter did not narrow the tree')
      // A range the period is not on air in leaves nothing.
      await search.getByLabel('结束时间').fill('12:00')
      await search.getByRole('button', { name: '搜索' }).click()
      await page.getByText('暂无数据').waitFor()
      await search.getByRole('button', { name: '重置' }).click()
      await page.waitForFunction(() => !location.hash.includes('timePeriodName='))
      await classRow(page, klass).waitFor()
    },
  },
  {
    name: 'edit the period',
    run: async (ctx) => {
      const page = shared(ctx)
      await periodRow(page, period).getByRole('button', { name: '编辑' }).click()
      const box = dialog(page, '编辑时段')
      ctx.expect((await box.getByLabel('时段名称').inputValue()) === period, 'edit dialog not filled in')
      ctx.expect((await box.getByLabel('结束时间').inputValue()) === '25:30:00', 'end time not filled in')
      await box.getByLabel('时段名称').fill(renamed)
      await box.getByRole('button', { name: '确定' }).click()
      await toastSays(page, '修改成功')
      await periodRow(page, renamed).waitFor()
    },
  },
  {
    name: 'deleting the class leaves the period unclassified; then delete the period',
    run: async (ctx) => {
      const page = shared(ctx)
      await classRow(page, klass).getByRole('button', { name: '删除' }).click()
      const ask = page.getByRole('alertdialog', { name: '提示' })
      await ask.getByText(`确定删除时段归纳「${klass}」吗？其中的时段将变为未归纳。`).waitFor()
      await ctx.shot(page, 'class-delete-confirm')
      await ask.getByRole('button', { name: '确定' }).click()
      await toastSays(page, '删除成功')
      await classRow(page, klass).waitFor({ state: 'detached' })
      await periodRow(page, renamed).waitFor()
      await periodRow(page, renamed).getByRole('button', { name: '删除' }).click()
      await page.getByRole('alertdialog', { name: '提示' }).getByText(`确定删除时段「${renamed}」吗？`).waitFor()
      await page.getByRole('alertdialog', { name: '提示' }).getByRole('button', { name: '确定' }).click()
      await toastSays(page, '删除成功')
      await periodRow(page, renamed).waitFor({ state: 'detached' })
    },
  },
]
