// axe-core (WCAG 2.1 A and AA) on every signed-in screen, with an order, a tape, a product, a
// period and a suit in place so the lists show rows, figures and status tags, not just empty
// tables; then the date pickers' popups open. Any violation fails the screen's test, naming
// the rule and the elements. Screenshots: test-results/accessibility-*.png.
import { expectAccessible, shared, waitForPath } from '../lib.mjs'
import { addProduct, seedMasterData, seedOrder, ymd } from '../seed.mjs'

const stamp = Date.now().toString(36)
const now = new Date()

/** Every screen a signed-in administrator reaches, with what shows it has loaded. */
const screens = [
  ['/order/index', '订单汇总', (p) => p.getByRole('table', { name: '订单汇总' })],
  ['/client/index', '客户数据', (p) => p.getByRole('table', { name: '客户数据' })],
  ['/networkViewingManagement/index', '受众分析', (p) => p.getByRole('search')],
  ['/dashboard', '首页', (p) => p.locator('main')],
  ['/productMagneticTape/index', '磁带管理', (p) => p.getByRole('search')],
  ['/timePeriodManagement/index', '时段管理', (p) => p.getByRole('search')],
  ['/product/index', '产品管理', (p) => p.getByRole('table', { name: '产品管理' })],
  ['/suit/index', '套装管理', (p) => p.getByRole('search')],
  ['/admin', '管理员列表', (p) => p.locator('main table').first()],
  ['/adminlog', '管理员日志', (p) => p.getByRole('search')],
  ['/menu', '菜单管理', (p) => p.locator('main table').first()],
  ['/system/systemIndex', '系统设置', (p) => p.locator('main')],
  ['/file/fileIndex', '文件列表', (p) => p.getByRole('search')],
  ['/profile/index', '个人中心', (p) => p.locator('main')],
  ['/404', '404', (p) => p.locator('main')],
]

/** Opens a screen and waits for its content and its calls to settle. */
async function visit(page, base, path, ready) {
  await page.goto(`${base}/#${path}`)
  await waitForPath(page, path)
  await ready(page).first().waitFor()
  await page.waitForLoadState('networkidle')
  await page.locator('.loading-mask').waitFor({ state: 'detached' }).catch(() => {})
}

export const tests = [
  {
    setup: true,
    name: 'signed in, with an order and its master data',
    run: async (ctx) => {
      const page = (ctx.state.page = await ctx.open({ keep: true }))
      await ctx.signIn(page, ctx.admin.account, ctx.admin.password)
      ctx.page = page
      const { brand, media } = await seedMasterData(page, stamp)
      const product = await addProduct(page, brand, `E2E无障碍产品${stamp}`)
      await seedOrder(page, {
        brand, media, product, tapes: [{ version: '无障碍版', fileName: `a11y_${stamp}.mp4`, number: `A-${stamp}` }],
        periods: [[`E2E无障碍${stamp}`, '19:00:00', '21:00:00']], times: 5, suitName: `E2E无障碍套装${stamp}`, month: ymd(now).slice(0, 7),
        order: {
          cycleTimeAdd: ymd(new Date(now.getFullYear(), now.getMonth(), 1)), cycleTimeEnd: ymd(new Date(now.getFullYear(), now.getMonth() + 2, 0)),
          followDate: ymd(now),
        },
      })
    },
  },
  ...screens.map(([path, title, ready]) => ({
    name: `${title} (${path}) has no WCAG 2.1 A/AA violation`,
    run: async (ctx) => {
      const page = shared(ctx)
      await visit(page, ctx.base, path, ready)
      await ctx.shot(page, path)
      await expectAccessible(page, title)
    },
  })),
  {
    name: 'the add-order dialog, with its date pickers, has no violation',
    run: async (ctx) => {
      const page = shared(ctx)
      await visit(page, ctx.base, '/order/index', (p) => p.getByRole('table', { name: '订单汇总' }))
      await page.getByRole('button', { name: '添加', exact: true }).click()
      const box = page.getByRole('dialog', { name: '添加订单' })
      await box.getByLabel('周期开始').waitFor()
      await page.waitForLoadState('networkidle')
      await ctx.shot(page, 'order-dialog')
      await expectAccessible(page, '添加订单')
      await page.keyboard.press('Escape')
      await box.waitFor({ state: 'detached' })
    },
  },
  {
    name: 'the date, month and range pickers open without violations',
    run: async (ctx) => {
      const page = shared(ctx)
      await visit(page, ctx.base, '/order/index', (p) => p.getByRole('table', { name: '订单汇总' }))
      const search = page.getByRole('search')
      for (const [field, popup, shot] of [['周期日期', '日历', 'day'], ['月份', '选择月份', 'month'], ['创建时间开始', '创建时间', 'range']]) {
        const input = search.getByLabel(field, { exact: true })
        await input.press('ArrowDown')
        const dialog = page.getByRole('dialog', { name: popup })
        await dialog.waitFor()
        await ctx.shot(page, `picker ${shot}`)
        await expectAccessible(page, `${field} popup`)
        await page.keyboard.press('Escape')
        await dialog.waitFor({ state: 'hidden' })
        // Radix hands focus back to the field once the popup has gone: wait for it, or it lands
        // there after the next field took focus and that field's key goes to this one.
        await input.evaluate((el) => new Promise((done) => {
          const check = () => (document.activeElement === el ? done() : requestAnimationFrame(check))
          check()
        }))
      }
    },
  },
]
