// Times as a person sees them, from a browser in New York while the server keeps Asia/Shanghai
// time (docs/decisions.md "Time"): the page names the server's zone; 客户数据's 播出时间 and
// 创建时间 (the virtual table) and the product and tape lists' 创建时间 and 更新时间 (the data
// table) show every time whole on one line at 1440 and at 1280 wide (播出时间 was cut to
// `2026-12-07 01:5…`), the virtual table's header lined up with its rows; and a date-time typed
// into the product list's 创建时间 filter is the server's wall clock: the call carries the unix
// second of that time in Shanghai, not in New York.
import { isCall, waitForPath } from '../lib.mjs'

const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/

/** A page in a New York browser, signed in as the administrator. */
async function newYorkPage(ctx, width) {
  const context = await ctx.browser.newContext({ viewport: { width, height: 900 }, timezoneId: 'America/New_York' })
  ctx.state.contexts = [...(ctx.state.contexts ?? []), context]
  const page = await context.newPage()
  page.setDefaultTimeout(10_000)
  await ctx.signIn(page, ctx.admin.account, ctx.admin.password)
  ctx.page = page
  return page
}

/** Every cell matching `selector` that shows a date-time: its text, whether it is cut, its lines. */
function timeCells(page, selector) {
  return page.evaluate(
    ([selector, source]) => {
      const time = new RegExp(source)
      return [...document.querySelectorAll(selector)]
        .filter((el) => time.test(el.textContent.trim()))
        .map((el) => {
          const range = document.createRange()
          range.selectNodeContents(el)
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size
          // Cut: the text is wider than the cell's content box (a hidden overflow clips it).
          const style = getComputedStyle(el)
          const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
          const text = range.getBoundingClientRect().width
          return { text: el.textContent.trim(), cut: text > room + 0.5, lines, width: Math.round(text), room }
        })
    },
    [selector, TIME.source],
  )
}

/** Asserts that the virtual table's header cells line up with its first row's. */
async function aligned(ctx, page, what) {
  const edges = await page.evaluate(() => {
    const [head, body] = document.querySelectorAll('[role="table"] [role="rowgroup"]')
    const x = (row) => [...row.querySelectorAll('[role="columnheader"], [role="cell"]')].map((c) => Math.round(c.getBoundingClientRect().right))
    return { head: x(head.querySelector('[role="row"]')), body: x(body.querySelector('[role="row"]')) }
  })
  const off = edges.head.findIndex((right, i) => Math.abs(right - edges.body[i]) > 1)
  ctx.expect(off === -1, `${what}: header and rows part at column ${off + 1} (${edges.head} / ${edges.body})`)
}

/** Asserts that `cells` were found and that none is cut or wrapped. */
function whole(ctx, cells, what) {
  ctx.expect(cells.length > 0, `${what}: no time shown`)
  const bad = cells.filter((c) => c.cut || c.lines > 1)
  ctx.expect(bad.length === 0, `${what}: ${bad.length} of ${cells.length} times cut or wrapped, e.g. ${JSON.stringify(bad[0])}`)
}

async function closeContexts(ctx) {
  for (const c of ctx.state.contexts ?? []) await c.close().catch(() => {})
  ctx.state.contexts = []
}

export const tests = [
  {
    name: '客户数据 shows 播出时间 and 创建时间 whole at 1440 and 1280 wide',
    run: async (ctx) => {
      const page = await newYorkPage(ctx, 1440)
      try {
        const zone = await page.locator('meta[name="adeval-time-zone"]').getAttribute('content')
        ctx.expect(zone === 'Asia/Shanghai', `the page names the zone ${zone}`)
        const first = page.waitForResponse(isCall('customerIndex'))
        await page.goto(`${ctx.base}/#/client/index`)
        await waitForPath(page, '/client/index')
        const body = await (await first).json()
        ctx.expect(body.data?.data?.length > 0, 'the demo has customer data')
        const table = page.getByRole('table', { name: '客户数据' })
        await table.locator('[role="cell"]').first().waitFor()
        whole(ctx, await timeCells(page, '[role="table"] [role="cell"]'), '客户数据 at 1440')
        await aligned(ctx, page, '客户数据 at 1440')
        // The times shown are the server's answers, as it wrote them (in its zone).
        const shown = await table.locator('[role="rowgroup"]').nth(1).getByRole('row').first().getByRole('cell').allInnerTexts()
        const row = body.data.data[0]
        ctx.expect(shown.includes(row.addTime) && shown.includes(row.createTime), `row shows ${shown} for ${row.addTime} / ${row.createTime}`)
        await ctx.shot(page, 'customers-1440')
        await page.setViewportSize({ width: 1280, height: 900 })
        whole(ctx, await timeCells(page, '[role="table"] [role="cell"]'), '客户数据 at 1280')
        await aligned(ctx, page, '客户数据 at 1280')
        await ctx.shot(page, 'customers-1280')
        // 创建时间 is the last column: scrolled to, for the eye.
        await page.locator('.virtual-table__scroller').evaluate((el) => (el.scrollLeft = el.scrollWidth))
        await ctx.shot(page, 'customers-1280-created')
      } finally {
        await closeContexts(ctx)
      }
    },
  },
  {
    name: 'the product and tape lists keep 创建时间 and 更新时间 on one line at 1280 wide',
    run: async (ctx) => {
      const page = await newYorkPage(ctx, 1280)
      try {
        for (const [path, label] of [['/product/index', 'products'], ['/productMagneticTape/index', 'tapes']]) {
          await page.goto(`${ctx.base}/#${path}`)
          await waitForPath(page, path)
          await page.locator('.data-table tbody tr[data-row-key]').first().waitFor()
          whole(ctx, await timeCells(page, '.data-table tbody td'), `the ${label} list at 1280`)
          // The times are among the last columns: scrolled to, for the eye.
          await page.locator('.data-table').first().evaluate((el) => (el.scrollLeft = el.scrollWidth))
          await ctx.shot(page, `${label}-1280`)
        }
      } finally {
        await closeContexts(ctx)
      }
    },
  },
  {
    name: 'a date-time filter typed in New York is read as the server’s wall clock',
    run: async (ctx) => {
      const page = await newYorkPage(ctx, 1440)
      try {
        await page.goto(`${ctx.base}/#/product/index`)
        await page.getByRole('search').waitFor()
        const start = page.getByRole('search').getByLabel('创建时间开始', { exact: true })
        await start.fill('2026-12-07 09:00:29')
        await start.press('Tab')
        const asked = page.waitForResponse(isCall('productIndex'))
        await page.getByRole('button', { name: '搜索', exact: true }).click()
        const params = new URL((await asked).url()).searchParams
        // 09:00:29 in Shanghai is 01:00:29 UTC; in New York it would be 14:00:29 UTC.
        const want = String(Date.UTC(2026, 11, 7, 1, 0, 29) / 1000)
        ctx.expect(params.get('createtimeGt') === want, `createtimeGt=${params.get('createtimeGt')}, want ${want}`)
        await ctx.shot(page, 'products-filter')
      } finally {
        await closeContexts(ctx)
      }
    },
  },
]
