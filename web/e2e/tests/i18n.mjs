// The back office in English, as a reader of English meets it at 1440×900 and at 1280×800: the
// sign-in page, every screen of the sidebar, and the dialogs of an order of the demo set (汇总 in
// its three modes, the drill-down, 换版通知, 播出证明, 客户数据, 调整建议, 历史版本, 订单日志, 添加).
// On each: no Chinese but the user's data (i18n-checks.mjs: what the server answered, less the
// labels the client translates — status badges, 未评估, file tags, 合计), and no button, tab,
// badge, header, label, select or placeholder whose text is cut. Screenshots:
// test-results/i18n-<width>-<screen>.png.
import { readFileSync } from 'node:fs'
import { isCall, shared, waitForPath } from '../lib.mjs'
import { expectEnglish, watchData } from '../i18n-checks.mjs'
import { call } from '../seed.mjs'

const en = (ns) => JSON.parse(readFileSync(new URL(`../../src/locales/en/${ns}.json`, import.meta.url), 'utf8'))
const orders = en('orders')

const viewports = [
  { width: 1440, height: 900 },
  { width: 1280, height: 800 },
]

/** The sidebar's screens, each with what shows it has loaded. */
const screens = [
  ['/order/index', (p) => p.locator('tr[data-row-key]').first()],
  ['/client/index', (p) => p.getByRole('search')],
  ['/networkViewingManagement/index', (p) => p.getByRole('search')],
  ['/dashboard', (p) => p.locator('main .card').first()],
  ['/productMagneticTape/index', (p) => p.getByRole('search')],
  ['/timePeriodManagement/index', (p) => p.getByRole('search')],
  ['/product/index', (p) => p.locator('main table').first()],
  ['/suit/index', (p) => p.getByRole('search')],
  ['/admin', (p) => p.locator('main table').first()],
  ['/adminlog', (p) => p.getByRole('search')],
  ['/menu', (p) => p.locator('main table').first()],
  ['/system/systemIndex', (p) => p.locator('main table').first()],
  ['/file/fileIndex', (p) => p.getByRole('search')],
  ['/profile/index', (p) => p.locator('main .card').first()],
]

/** The 更多 menu's dialogs of the demo order, by their English names, and what shows each has loaded. */
const dialogs = [
  [orders.menu.tapeChanges, (box) => box.locator('table').first()],
  [orders.menu.certificate, (box) => box.locator('table').first()],
  [orders.menu.customerData, (box) => box.locator('table').first()],
  [orders.menu.proposals, (box) => box.locator('table').first()],
  [orders.menu.history, (box) => box.locator('.dialog__body')],
  [orders.log, (box) => box.locator('table').first()],
]

/** Lets the screen's calls settle and its loading mask go. */
async function settle(page) {
  await page.waitForLoadState('networkidle')
  await page.locator('.loading-mask').waitFor({ state: 'detached' }).catch(() => {})
}

/** The demo set's order on air, the richest one (schedule, certificate, customer data, make-goods). */
async function demoOrder(ctx, page) {
  const answer = await call(page, 'orderList', { status: 4, limit: 100 }, { get: true })
  const order = (answer.data ?? answer).find((o) => o.notes === '演示订单')
  ctx.expect(order, 'no order of the demo set is on air: the flow needs the demo set (a fresh database)')
  return order
}

/** The order list filtered to the demo order's product, its row answered. */
async function orderRow(ctx, page) {
  const { productId, id } = ctx.state.order
  await page.goto(`${ctx.base}/#/order/index?productId=${productId}`)
  await waitForPath(page, '/order/index')
  await settle(page)
  const row = page.locator(`tr[data-row-key="${id}"]`)
  await row.waitFor()
  return row
}

/** Closes the jobs' notifications, which may lie over the row's actions (lib's dismissNotices, in English). */
async function dismissNotices(page) {
  const close = page.getByRole('region', { name: en('common').notifications }).getByRole('button', { name: en('common').close })
  while ((await close.count()) > 0) await close.first().click()
}

/** 更多 → `item` on the demo order's row: the dialog it opens. */
async function openMore(ctx, page, item) {
  await dismissNotices(page)
  const row = await orderRow(ctx, page)
  await row.getByRole('button', { name: new RegExp(`^${orders.more}`) }).click()
  await page.getByRole('menuitem', { name: item, exact: true }).click()
  const box = page.getByRole('dialog').last()
  await box.waitFor()
  return box
}

const check = (ctx, page, label, extra) => async () => {
  await ctx.shot(page, label)
  await expectEnglish(ctx, page, label, ctx.state.watch, extra)
}

/** The flow's tests at one viewport. */
function at({ width, height }) {
  const tag = String(width)
  const each = (name, run) => ({
    name: `${width}×${height}: ${name}`,
    run: async (ctx) => {
      const page = shared(ctx)
      // A test that failed with its dialog open leaves it to the next: closed first.
      for (let i = 0; i < 3 && (await page.getByRole('dialog').count()) > 0; i++) await page.keyboard.press('Escape')
      await page.setViewportSize({ width, height })
      await run(ctx, page)
    },
  })
  return [
    ...screens.map(([path, ready]) =>
      each(`${path} is in English and nothing is cut`, async (ctx, page) => {
        await page.goto(`${ctx.base}/#${path}`)
        await waitForPath(page, path)
        await ready(page).waitFor()
        await settle(page)
        await check(ctx, page, `${tag}${path}`)()
      }),
    ),
    each('汇总 in its three modes is in English', async (ctx, page) => {
      const answer = page.waitForResponse(isCall('orderSummaryList'))
      const box = await openMore(ctx, page, orders.menu.summary)
      await answer
      await settle(page)
      await check(ctx, page, `${tag}-summary`)()
      for (const mode of ['month', 'analysis']) {
        const name = orders.summary.modes[mode]
        await box.getByRole('button', { name, exact: true }).or(box.getByRole('tab', { name, exact: true })).first().click()
        await settle(page)
        await check(ctx, page, `${tag}-summary-${mode}`)()
      }
      await page.keyboard.press('Escape')
      await box.waitFor({ state: 'detached' })
    }),
    each('a figure\'s rows (the drill-down) are in English', async (ctx, page) => {
      const row = await orderRow(ctx, page)
      await row.locator('button.figure-link').first().click()
      const box = page.getByRole('dialog').last()
      await box.locator('table').first().waitFor()
      await settle(page)
      await check(ctx, page, `${tag}-drill-down`)()
      await page.keyboard.press('Escape')
      await box.waitFor({ state: 'detached' })
    }),
    ...dialogs.map(([item, ready]) =>
      each(`${item} is in English`, async (ctx, page) => {
        const box = await openMore(ctx, page, item)
        await ready(box).waitFor()
        await settle(page)
        await check(ctx, page, `${tag}-${item}`)()
        await page.keyboard.press('Escape')
        await box.waitFor({ state: 'detached' })
      }),
    ),
    each('the add-order dialog is in English', async (ctx, page) => {
      await orderRow(ctx, page)
      await page.getByRole('button', { name: en('common').add, exact: true }).click()
      const box = page.getByRole('dialog').last()
      await box.locator('form').waitFor()
      await settle(page)
      await check(ctx, page, `${tag}-add-order`)()
      await page.keyboard.press('Escape')
      await box.waitFor({ state: 'detached' })
    }),
  ]
}

export const tests = [
  {
    name: 'signs in, switches to English and finds the demo order',
    run: async (ctx) => {
      const page = (ctx.state.page = await ctx.open({ keep: true }))
      ctx.state.watch = watchData(page.context())
      await ctx.signIn(page, ctx.admin.account, ctx.admin.password)
      ctx.page = page
      await page.getByRole('button', { name: '切换语言' }).click()
      await page.getByRole('menuitemradio', { name: 'English' }).click()
      await page.locator('html[lang="en"]').waitFor()
      ctx.state.order = await demoOrder(ctx, page)
    },
  },
  ...viewports.flatMap(at),
  {
    name: 'the sign-in page is in English at both widths',
    run: async (ctx) => {
      const page = shared(ctx)
      await page.context().clearCookies()
      await page.goto(`${ctx.base}/#/login`)
      await page.reload()
      await page.getByRole('heading', { name: en('auth').title }).waitFor()
      for (const { width, height } of viewports) {
        await page.setViewportSize({ width, height })
        // 微 on the WeChat button is the brand's mark, drawn as its logo is.
        await check(ctx, page, `${width}-login`, { skip: ['.social-signin__icon'] })()
      }
    },
  },
]
