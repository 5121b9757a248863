// 时段归纳 from 汇总: the clerk (rules 112, the order menu only) adds a time-period class to the
// order's media beside the estimates (预估 → 添加时段归纳) and edits it from its row (编辑归纳),
// through the time-period screen's own dialog with the order's media fixed and the order's
// periods to choose from. The order is made through the API by the super administrator: media,
// three periods (早间, 午间, 晚间), a suit and an order over this month. Screenshots:
// test-results/summary-classes-*.png.
import { config, dismissNotices, expectAccessible, isCall, toastSays, waitForPath } from '../lib.mjs'
import { addProduct, seedMasterData, seedOrder, ymd, ymOf } from '../seed.mjs'

const stamp = Date.now().toString(36)
const productName = `E2E归纳产品${stamp}`
const [early, noon, evening] = ['早间', '午间', '晚间'].map((n) => `E2E${n}${stamp}`)
const now = new Date()
/** The viewport once the refetches a save starts have settled. */
async function view(page, name) {
  await page.locator('.loading-mask').waitFor({ state: 'detached' })
  await page.screenshot({ path: `${config.out}summary-classes-${name}.png` })
}
const estimates = (box) => box.getByRole('table', { name: /^预估/ })

export const tests = [
  {
    setup: true,
    name: 'an order of the super administrator, over this month, on a media with three periods and no class',
    run: async (ctx) => {
      const page = await ctx.open()
      await ctx.signIn(page, ctx.admin.account, ctx.admin.password)
      const { brand, media } = await seedMasterData(page, stamp)
      const product = await addProduct(page, brand, productName)
      const { order } = await seedOrder(page, {
        brand, media, product,
        tapes: [{ version: 'A版', fileName: `cls_${stamp}.mp4`, number: `C-${stamp}` }],
        periods: [[early, '07:00:00', '09:00:00'], [noon, '12:00:00', '13:00:00'], [evening, '19:00:00', '21:00:00']],
        times: 10, suitName: `E2E归纳套装${stamp}`, month: ymOf(now),
        order: { cycleTimeAdd: ymd(new Date(now.getFullYear(), now.getMonth(), 1)), cycleTimeEnd: ymd(new Date(now.getFullYear(), now.getMonth() + 1, 0)), followDate: ymd(now) },
      })
      ctx.state.orderId = order.id
      ctx.state.mediaName = media.mediaName
    },
  },
  {
    name: 'the clerk adds a class from 预估: the order’s media fixed, its periods offered, the name required in Chinese',
    run: async (ctx) => {
      const page = (ctx.state.page = await ctx.open({ keep: true }))
      ctx.page = page
      await page.setViewportSize({ width: 1440, height: 900 })
      await ctx.signIn(page, ctx.clerk.account, ctx.clerk.password)
      await waitForPath(page, '/order/index')
      await dismissNotices(page)
      const row = page.locator('tr[data-row-key]', { hasText: productName })
      await row.getByRole('button', { name: /更多/ }).click()
      await page.getByRole('menuitem', { name: '汇总', exact: true }).click()
      const box = page.getByRole('dialog', { name: new RegExp(`^汇总 #${ctx.state.orderId}`) })
      await box.waitFor()
      await estimates(box).getByText('暂无数据').waitFor()

      await box.getByRole('button', { name: '添加时段归纳' }).click()
      const form = page.getByRole('dialog', { name: '新增时段归纳' })
      await form.waitFor()
      ctx.expect((await form.getByRole('textbox', { name: '媒体名称' }).inputValue()) === ctx.state.mediaName, 'the order’s media, fixed')
      await form.getByRole('checkbox', { name: new RegExp(noon) }).waitFor()
      await form.getByRole('button', { name: '确定' }).click()
      await form.getByText('请输入时段归纳名称').waitFor()
      await view(page, 'add-refused')
      await expectAccessible(page, 'the class dialog from 汇总', { include: '.dialog:has(#time-period-class-form)' })
      await form.getByRole('textbox', { name: '时段归纳' }).fill(`E2E白天${stamp}`)
      await form.getByRole('checkbox', { name: new RegExp(early) }).check()
      const answer = page.waitForResponse(isCall('timePeriodClassAdd'))
      await form.getByRole('button', { name: '确定' }).click()
      const body = await (await answer).json()
      ctx.expect(body.code === 200, `timePeriodClassAdd by the clerk: ${JSON.stringify(body)}`)
      await toastSays(page, '添加成功')
      await form.waitFor({ state: 'detached' })
      // The new class is a row of 预估, its period beside it.
      const added = estimates(box).locator('tbody tr', { hasText: `E2E白天${stamp}` })
      await added.getByText(early).waitFor()
      await view(page, 'added')
    },
  },
  {
    name: 'the clerk edits the class from its row: renamed, a second period taken',
    run: async (ctx) => {
      const page = ctx.state.page
      ctx.page = page
      const box = page.getByRole('dialog', { name: new RegExp(`^汇总 #${ctx.state.orderId}`) })
      await box.getByRole('button', { name: `编辑归纳：E2E白天${stamp}` }).click()
      const form = page.getByRole('dialog', { name: '编辑时段归纳' })
      await form.waitFor()
      ctx.expect(await form.getByRole('checkbox', { name: new RegExp(early) }).isChecked(), 'its period is checked')
      await form.getByRole('textbox', { name: '时段归纳' }).fill(`E2E日间${stamp}`)
      await form.getByRole('checkbox', { name: new RegExp(noon) }).check()
      await view(page, 'edit')
      const answer = page.waitForResponse(isCall('timePeriodClassUp'))
      await form.getByRole('button', { name: '确定' }).click()
      const body = await (await answer).json()
      ctx.expect(body.code === 200 && body.data.timePeriodClassName === `E2E日间${stamp}`, `timePeriodClassUp by the clerk: ${JSON.stringify(body)}`)
      await toastSays(page, '修改成功')
      await form.waitFor({ state: 'detached' })
      const edited = estimates(box).locator('tbody tr', { hasText: `E2E日间${stamp}` })
      await edited.getByText(noon).waitFor()
      await edited.getByText(early).waitFor()
      ctx.expect((await estimates(box).locator('tbody tr', { hasText: `E2E白天${stamp}` }).count()) === 0, 'the old name is gone')
      await view(page, 'edited')
      await expectAccessible(page, '预估 with its class and 编辑归纳', { include: '.dialog' })
    },
  },
]
