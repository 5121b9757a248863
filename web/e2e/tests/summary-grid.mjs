// 汇总 as the super administrator, on an order whose cycle runs over this month and
// the next, with two versions and three periods. Its schedule is made through the API
// (orderSummaryGrpYmdAdd, as 添加时段 does): this month A and B lines of both versions in every
// period (12 lines), next month two A lines; day 3 of the first line withdrawn (yellow), day 4 with
// a reason (green corner). The flow: open from 更多, collect mode content, 月份 in both styles,
// the filters and 刷新汇总 (each a new orderSummaryGrpList), full screen, keyboard navigation and
// the cell menu by keyboard and right click, the assessment date (refused empty, then set),
// closing back to 汇总. Screenshots: /tmp/summary-*.png.
import { config, dismissNotices, expectAccessible, isCall, scrollFrames, shared, toastSays, waitForPath } from '../lib.mjs'
import { addProduct, call, pad, seedMasterData, seedOrder, ymd, ymOf } from '../seed.mjs'

const stamp = Date.now().toString(36)
const productName = `E2E汇总产品${stamp}`
const now = new Date()
const first = new Date(now.getFullYear(), now.getMonth(), 1)
const second = new Date(now.getFullYear(), now.getMonth() + 1, 1)
const M1 = ymOf(first)
const M2 = ymOf(second)
const cycleEnd = ymd(new Date(now.getFullYear(), now.getMonth() + 2, 0))

async function go(page) {
  await page.goto(`${page.url().split('#')[0]}#/order/index`)
  await waitForPath(page, '/order/index')
  await page.waitForFunction(() => !document.querySelector('.data-table[aria-busy]'))
}

const orderRow = (page) => page.locator('tr[data-row-key]', { hasText: productName })
const summary = (page, id) => page.getByRole('dialog', { name: new RegExp(`^汇总 #${id}`) })

async function openSummary(ctx, page) {
  await dismissNotices(page)
  await orderRow(page).getByRole('button', { name: /更多/ }).click()
  const grid = page.waitForResponse(isCall('orderSummaryGrpList'))
  await page.getByRole('menuitem', { name: '汇总', exact: true }).click()
  const box = summary(page, ctx.state.orderId)
  await box.waitFor()
  await grid
  return box
}

/** Clicks `button` of the toolbar and waits for the grid's next answer; answers its query. */
async function refetching(page, act) {
  const answer = page.waitForResponse(isCall('orderSummaryGrpList'))
  await act()
  return new URL((await answer).url()).searchParams
}

export const tests = [
  {
    setup: true,
    name: 'an order over two months with a schedule made through the API',
    run: async (ctx) => {
      const page = (ctx.state.page = await ctx.open({ keep: true }))
      await ctx.signIn(page, ctx.admin.account, ctx.admin.password)
      ctx.page = page
      const { brand, media } = await seedMasterData(page, stamp)
      const product = await addProduct(page, brand, productName)
      const { tapes, periods, order } = await seedOrder(page, {
        brand, media, product,
        tapes: ['A版', 'B版'].map((version, i) => ({ version, fileName: `sum_${'AB'[i]}_${stamp}.mp4`, number: `S${i}-${stamp}` })),
        periods: [['早间', '07:00:00', '09:00:00'], ['午间', '12:00:00', '13:00:00'], ['晚间', '19:00:00', '21:00:00']].map(([name, from, to]) => [`E2E${name}${stamp}`, from, to]),
        times: 40, suitName: `E2E汇总套装${stamp}`, month: M1,
        order: { cycleTimeAdd: ymd(first), cycleTimeEnd: cycleEnd, followDate: ymd(first) },
      })
      ctx.state.seed = { media, tapes }
      ctx.state.orderId = order.id
      const add = (type, period, tape, day, num, ym = M1) =>
        call(page, 'orderSummaryGrpYmdAdd', { orderId: order.id, type, timePeriodId: period.id, productDefaultId: tape.id, ymd: `${ym}-${pad(day)}`, num })
      const cells = []
      for (const type of ['A', 'B']) {
        for (const period of periods) {
          for (const tape of tapes) {
            for (const day of [3, 4, 10]) cells.push(await add(type, period, tape, day, type === 'A' ? 2 : 1))
          }
        }
      }
      await add('A', periods[0], tapes[0], 5, 3, M2)
      await add('A', periods[2], tapes[1], 6, 1, M2)
      await call(page, 'orderSummaryGrpYmdUp', { orderId: order.id, id: cells[0].id, type: 'A', num: 2, value: '撤掉' })
      await call(page, 'orderSummaryGrpYmdUp', { orderId: order.id, id: cells[1].id, type: 'A', num: 2, reasonType: '2', reasonValue: '客户要求' })
      await call(page, 'orderProposalAdd', { orderId: order.id, proposalText: `E2E建议${stamp}`, adjustDate: ymd(first) })
      await go(page)
      await page.reload()
      await orderRow(page).waitFor()
    },
  },
  {
    name: '汇总 opens on collect mode: the order, the evaluation figures and estimates, make-goods, suits, log timeline, proposals',
    run: async (ctx) => {
      const page = shared(ctx)
      const box = await openSummary(ctx, page)
      ctx.expect(await box.getByRole('button', { name: '汇总', exact: true }).getAttribute('aria-pressed') === 'true', 'collect is the default mode')
      await box.getByText(productName).first().waitFor()
      await box.getByRole('table', { name: '补播' }).locator(`tr[data-month="${M1}"]`).waitFor()
      await box.getByRole('table', { name: '评估汇总' }).locator('tr[data-month="合计"]').waitFor()
      await box.getByRole('table', { name: /^预估/ }).waitFor()
      const suits = box.getByRole('table', { name: '套装剩余次数' })
      await suits.getByText(`E2E汇总套装${stamp}`).first().waitFor()
      await box.locator('.summary-timeline__item').first().waitFor()
      await box.getByRole('table', { name: '调整建议' }).getByText(`E2E建议${stamp}`).waitFor()
      await box.getByRole('button', { name: '添加', exact: true }).waitFor()
      await page.screenshot({ path: '/tmp/summary-collect.png' })
      await box.locator('.summary__body').evaluate((el) => el.scrollTo(0, el.scrollHeight))
      await page.screenshot({ path: '/tmp/summary-collect-log.png' })
      await expectAccessible(page, 'summary collect mode', { include: '.dialog' })
    },
  },
  {
    name: '月份, merged style: a month at a time; weekends, withdrawn and reason cells; the figures columns',
    run: async (ctx) => {
      const page = shared(ctx)
      const box = summary(page, ctx.state.orderId)
      await box.getByRole('button', { name: '月份', exact: true }).click()
      ctx.expect(await box.getByRole('button', { name: '合并月份' }).getAttribute('aria-pressed') === 'true', 'merged is the default style')
      const grid = box.getByRole('grid', { name: `${M1} 汇总表` })
      await grid.waitFor()
      const headers = await grid.getByRole('columnheader').allInnerTexts()
      for (const h of ['合同号', '类型', '位置', '版本', '长度', '时段', '剩余次数', '本月平均收视', '播证已播', '总次数']) {
        ctx.expect(headers.some((x) => x.replace(/\s+/g, '') === h), `header ${h} in ${headers.join('|')}`)
      }
      // Named as the 评估结果 sheet and the drill-down name them: 已播预估 / 剩余预估, each 常规/低/高.
      ctx.expect(headers.filter((x) => x.includes('已播预估')).length === 3 && headers.filter((x) => x.includes('剩余预估')).length === 3, 'matched and estimate ×3')
      ctx.expect(headers.filter((x) => x.includes('常规')).length === 2 && !headers.some((x) => x.includes('正常')), 'the normal scenario is 常规')
      ctx.expect((await grid.locator('.summary-grid__left-row').count()) === 12, 'twelve lines this month')
      await grid.locator('.summary-grid__day--withdrawn').first().waitFor()
      await grid.locator('.summary-grid__day--reason').first().waitFor()
      ctx.expect((await grid.locator('.summary-grid__th--weekend').count()) >= 8, 'weekends marked')
      await page.screenshot({ path: '/tmp/summary-merged.png' })
      await expectAccessible(page, 'summary merged grid', { include: '.dialog' })
      await box.getByRole('tab', { name: M2 }).click()
      const next = box.getByRole('grid', { name: `${M2} 汇总表` })
      await next.waitFor()
      ctx.expect((await next.locator('.summary-grid__left-row').count()) === 2, 'two lines next month')
      await box.getByRole('tab', { name: M1 }).click()
    },
  },
  {
    name: 'keyboard: arrows, Home/End move the focus; Shift+F10 and a right click open the cell menu',
    run: async (ctx) => {
      const page = shared(ctx)
      const box = summary(page, ctx.state.orderId)
      const grid = box.getByRole('grid', { name: `${M1} 汇总表` })
      await grid.locator('[data-row="0"][data-col="0"]').focus()
      const focused = () => page.evaluate(() => `${document.activeElement?.dataset.row}:${document.activeElement?.dataset.col}`)
      // The focus follows once react-window has rendered the cell scrolled into view.
      const focusIs = async (want, what) => {
        await page.waitForFunction((w) => `${document.activeElement?.dataset.row}:${document.activeElement?.dataset.col}` === w, want, { timeout: 3000 })
          .catch(async () => ctx.expect(false, `${what}: focus on ${await focused()}, not ${want}`))
      }
      await page.keyboard.press('ArrowRight')
      await page.keyboard.press('ArrowRight')
      await page.keyboard.press('ArrowDown')
      await focusIs('1:2', 'arrows')
      await page.keyboard.press('End')
      const days = Number(await grid.getAttribute('aria-colcount')) - 16
      await focusIs(`1:${days - 1}`, 'End')
      await page.screenshot({ path: '/tmp/summary-end.png' })
      await page.keyboard.press('Home')
      await focusIs('1:0', 'Home')
      await page.keyboard.press('ArrowRight')
      await page.keyboard.press('ArrowRight')
      await focusIs('1:2', 'Home then arrows')
      // Day 3 of the second line: a stored cell, not verified → 修改, 记录.
      await page.keyboard.press('Shift+F10')
      const menu = page.getByRole('menu')
      await menu.waitFor()
      const items = await menu.getByRole('menuitem').allInnerTexts()
      ctx.expect(items.join(',') === '修改,记录', `menu of a stored cell: ${items}`)
      await page.screenshot({ path: '/tmp/summary-menu.png' })
      await expectAccessible(page, 'summary cell menu', { include: '.summary-menu' })
      await page.keyboard.press('Escape')
      await menu.waitFor({ state: 'detached' })
      await focusIs('1:2', 'focus back on the cell after Escape')
      // An empty day: only 修改.
      await grid.locator('[data-row="0"][data-col="0"]').click({ button: 'right' })
      await menu.waitFor()
      const empty = await menu.getByRole('menuitem').allInnerTexts()
      ctx.expect(empty.join(',') === '修改', `menu of an empty day: ${empty}`)
      await page.keyboard.press('Escape')
      await menu.waitFor({ state: 'detached' })
    },
  },
  {
    name: 'split style stacks every month; filters and 刷新汇总 ask again; full screen',
    run: async (ctx) => {
      const page = shared(ctx)
      const box = summary(page, ctx.state.orderId)
      await box.getByRole('button', { name: '拆分月份' }).click()
      await box.getByRole('grid', { name: `${M1} 汇总表` }).waitFor()
      await box.getByRole('grid', { name: `${M2} 汇总表` }).waitFor()
      ctx.expect((await box.getByRole('button', { name: /批量撤掉/ }).count()) === 0, 'batch only in the merged style')
      await page.screenshot({ path: '/tmp/summary-split.png' })
      await expectAccessible(page, 'summary split grids', { include: '.dialog' })
      let query = await refetching(page, () => box.getByRole('combobox', { name: '数据归属' }).selectOption('2'))
      ctx.expect(query.get('belongingTo') === '2', `belongingTo sent: ${query}`)
      query = await refetching(page, () => box.getByRole('combobox', { name: '数据类别' }).selectOption('2'))
      ctx.expect(query.get('category') === '2', `category sent: ${query}`)
      query = await refetching(page, () => box.getByRole('combobox', { name: '数据来源' }).selectOption('3'))
      ctx.expect(query.get('source') === '3', `source sent: ${query}`)
      query = await refetching(page, () => box.getByRole('button', { name: '刷新汇总' }).click())
      ctx.expect(query.get('belongingTo') === '2' && query.get('source') === '3', `refresh keeps the filters: ${query}`)
      await box.getByRole('button', { name: '全屏' }).click()
      await box.getByRole('button', { name: '退出全屏' }).waitFor()
      const size = await box.evaluate((el) => [el.getBoundingClientRect().width, el.getBoundingClientRect().height, innerWidth, innerHeight])
      ctx.expect(Math.abs(size[0] - size[2]) < 2 && Math.abs(size[1] - size[3]) < 2, `full screen: ${size}`)
      await box.getByRole('button', { name: '合并月份' }).click()
      await page.screenshot({ path: '/tmp/summary-full.png' })
      await box.getByRole('button', { name: '退出全屏' }).click()
    },
  },
  {
    name: 'the assessment date: refused empty, then set; the order becomes 已评估; closing resets to 汇总',
    run: async (ctx) => {
      const page = shared(ctx)
      const box = summary(page, ctx.state.orderId)
      const date = box.getByRole('textbox', { name: '评估时间' })
      await date.fill('')
      await box.getByRole('button', { name: '确认修改评估时间' }).click()
      await toastSays(page, '请选择修改评估时间', 'warning')
      const day = ymd(new Date(now.getFullYear(), now.getMonth(), 15))
      await date.fill(day)
      await date.press('Tab')
      const answer = page.waitForResponse(isCall('grpTimeUp'))
      await box.getByRole('button', { name: '确认修改评估时间' }).click()
      const body = await (await answer).json()
      ctx.expect(body.code === 200 && body.data.estimateTime === day, `grpTimeUp: ${JSON.stringify(body)}`)
      await toastSays(page, `评估时间已修改为 ${day}`)
      await box.getByRole('button', { name: '关闭' }).first().click()
      await box.waitFor({ state: 'detached' })
      await page.waitForFunction(([name]) => {
        const row = [...document.querySelectorAll('tr[data-row-key]')].find((r) => r.textContent.includes(name))
        return row?.textContent.includes('已评估')
      }, [productName])
      const again = await openSummary(ctx, page)
      ctx.expect(await again.getByRole('button', { name: '汇总', exact: true }).getAttribute('aria-pressed') === 'true', 'reopened on 汇总')
      ctx.expect((await again.getByRole('textbox', { name: '评估时间' }).inputValue()) === day, 'the picker shows the date set')
      await again.getByRole('button', { name: '关闭' }).first().click()
      await again.waitFor({ state: 'detached' })
    },
  },
  {
    name: 'in English: the modes, styles, toolbar and the grid’s headings',
    run: async (ctx) => {
      const page = shared(ctx)
      await page.getByRole('button', { name: '切换语言' }).click()
      await page.getByRole('menuitemradio', { name: 'English' }).click()
      await orderRow(page).getByRole('button', { name: /More/ }).click()
      await page.getByRole('menuitem', { name: 'Summary', exact: true }).click()
      const box = page.getByRole('dialog', { name: new RegExp(`^Summary #${ctx.state.orderId}`) })
      await box.waitFor()
      await box.getByText('Make-goods').waitFor()
      await page.screenshot({ path: '/tmp/summary-english-collect.png' })
      await box.getByRole('button', { name: 'Months', exact: true }).click()
      const grid = box.getByRole('grid', { name: `${M1} summary grid` })
      await grid.waitFor()
      for (const h of ['Contract', 'Version', 'Period', 'Left', 'Avg. rating']) await grid.getByRole('columnheader', { name: h, exact: true }).waitFor()
      await page.screenshot({ path: '/tmp/summary-english-grid.png' })
      await box.getByRole('button', { name: 'Close' }).first().click()
      await box.waitFor({ state: 'detached' })
      await page.getByRole('button', { name: 'Switch language' }).click()
      await page.getByRole('menuitemradio', { name: '中文' }).click()
      await orderRow(page).getByRole('button', { name: /更多/ }).waitFor()
    },
  },
  {
    name: 'the cell menu opens at the pointer (Shift+F10: at the focused cell), in the dialog and full screen, at any scroll',
    run: async (ctx) => {
      const page = shared(ctx)
      const { media, tapes } = ctx.state.seed
      // 24 more lines this month (12 periods × 2 versions, type C): 36 lines scroll down in the
      // dialog and full screen alike, and the days scroll across.
      const periods = await inBatches(Array.from({ length: 12 }, (_, i) => i), (i) =>
        call(page, 'timePeriodAdd', { mediaId: media.id, timePeriodName: `E2E菜单${i}-${stamp}`, preBroadcastTimeForma: '15:00:00', preBroadcastTimeFormaEnd: '16:00:00' }))
      await inBatches(periods.flatMap((period) => tapes.map((tape) => ({ period, tape }))), ({ period, tape }, i) =>
        call(page, 'orderSummaryGrpYmdAdd', { orderId: ctx.state.orderId, type: 'C', timePeriodId: period.id, productDefaultId: tape.id, ymd: `${M1}-${pad((i % 20) + 1)}`, num: 1 }))
      // At 1440×900 the dialog (94vw, 8vh from the top) sits 43 px right and 72 px down of the
      // viewport's corner: exactly how far the menu used to land from the pointer.
      await page.setViewportSize({ width: 1440, height: 900 })
      const box = await openSummary(ctx, page)
      await box.getByRole('button', { name: '月份', exact: true }).click()
      const grid = box.getByRole('grid', { name: `${M1} 汇总表` })
      await grid.waitFor()
      ctx.expect((await grid.getAttribute('aria-rowcount')) === '36', `36 lines: ${await grid.getAttribute('aria-rowcount')}`)
      const menu = page.getByRole('menu')
      const rect = (locator) => locator.evaluate((el) => { const r = el.getBoundingClientRect(); return { left: r.left, top: r.top, right: r.right, bottom: r.bottom } })
      const near = (a, b) => Math.abs(a - b) <= 3
      /**
       * Scrolls the grid towards (left, top) px; answers the day cell three lines and columns into
       * the view, clear of the frozen header (44 px) and columns, and the scroll it got.
       */
      const cellIn = async (left, top) => {
        const [x, y] = await grid.evaluate((el, [l, t]) => {
          el.scrollTo(l, t)
          return [el.scrollLeft, el.scrollTop]
        }, [left, top])
        const cell = grid.locator(`[data-row="${Math.ceil(y / 30) + 3}"][data-col="${Math.ceil(x / 34) + 3}"]`)
        await cell.waitFor()
        return { cell, scroll: `scrolled ${x},${y}` }
      }
      /** Right-clicks the cell off its centre: the menu's top-left is where the pointer was. */
      const rightClick = async ({ cell, scroll }, what) => {
        const r = await rect(cell)
        const [x, y] = [Math.round(r.left + 9), Math.round(r.top + 11)]
        await page.mouse.click(x, y, { button: 'right' })
        await menu.waitFor()
        const m = await rect(menu)
        ctx.expect(near(m.left, x) && near(m.top, y), `${what}, ${scroll}: menu at ${m.left},${m.top}, pointer at ${x},${y}`)
        // Faded in: the screenshots show it as the user sees it.
        await menu.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)))
      }
      /** Shift+F10 on the cell: the menu opens just under it, starting inside it. */
      const byKeyboard = async ({ cell, scroll }, what) => {
        await cell.focus()
        const r = await rect(cell)
        await page.keyboard.press('Shift+F10')
        await menu.waitFor()
        const m = await rect(menu)
        ctx.expect(m.left >= r.left - 1 && m.left <= r.right && near(m.top, r.bottom), `${what}, ${scroll}: menu at ${m.left},${m.top}, cell ${JSON.stringify(r)}`)
      }
      const close = async () => {
        await page.keyboard.press('Escape')
        await menu.waitFor({ state: 'detached' })
      }

      await rightClick(await cellIn(0, 0), 'dialog')
      await page.screenshot({ path: `${config.out}summary-grid-menu-dialog.png` })
      await close()
      await byKeyboard(await cellIn(0, 0), 'dialog, Shift+F10')
      await close()
      const down = await cellIn(408, 240)
      ctx.expect(down.scroll === 'scrolled 408,240', `the dialog's grid scrolls both ways: ${down.scroll}`)
      await rightClick(down, 'dialog')
      await page.screenshot({ path: `${config.out}summary-grid-menu-scrolled.png` })
      await close()
      await byKeyboard(await cellIn(408, 240), 'dialog, Shift+F10')
      await close()

      await box.getByRole('button', { name: '全屏' }).click()
      await box.getByRole('button', { name: '退出全屏' }).waitFor()
      await rightClick(await cellIn(0, 0), 'full screen')
      await page.screenshot({ path: `${config.out}summary-grid-menu-full.png` })
      await close()
      const across = await cellIn(272, 210)
      ctx.expect(across.scroll === 'scrolled 272,210', `the full screen grid scrolls both ways: ${across.scroll}`)
      await rightClick(across, 'full screen')
      await page.screenshot({ path: `${config.out}summary-grid-menu-full-scrolled.png` })
      await close()
      await byKeyboard(await cellIn(272, 210), 'full screen, Shift+F10')
      await close()
      // The figures at the end: 已播预估 and 剩余预估 each 常规, 低, 高, as 评估汇总 above them.
      await grid.evaluate((el) => el.scrollTo(el.scrollWidth, 0))
      await page.screenshot({ path: `${config.out}summary-grid-figures.png` })
      await box.getByRole('button', { name: '退出全屏' }).click()
      await box.getByRole('button', { name: '关闭' }).first().click()
      await box.waitFor({ state: 'detached' })
      await page.setViewportSize({ width: 1366, height: 768 })
    },
  },
  {
    name: 'a 1,000-line month scrolls smoothly (frames measured, reported, not asserted)',
    // 1,125 seeding calls to a debug server: about 13 s alone, twice that beside the Rust tests.
    timeoutMs: 60_000,
    run: async (ctx) => {
      const page = shared(ctx)
      const { media, tapes } = ctx.state.seed
      const orderId = ctx.state.orderId
      // 125 periods × 2 versions × types A–D = 1,000 lines in the second month (plus its 2).
      const periods = await inBatches(Array.from({ length: 125 }, (_, i) => i), (i) =>
        call(page, 'timePeriodAdd', { mediaId: media.id, timePeriodName: `E2E压测${i}-${stamp}`, preBroadcastTimeForma: '10:00:00', preBroadcastTimeFormaEnd: '11:00:00' }))
      const jobs = periods.flatMap((period) => tapes.flatMap((tape) => ['A', 'B', 'C', 'D'].map((type) => ({ period, tape, type }))))
      await inBatches(jobs, ({ period, tape, type }, i) =>
        call(page, 'orderSummaryGrpYmdAdd', { orderId, type, timePeriodId: period.id, productDefaultId: tape.id, ymd: `${M2}-${pad((i % 28) + 1)}`, num: 1 }))
      const box = await openSummary(ctx, page)
      await box.getByRole('button', { name: '月份', exact: true }).click()
      await box.getByRole('tab', { name: M2 }).click()
      const grid = box.getByRole('grid', { name: `${M2} 汇总表` })
      await grid.waitFor()
      ctx.expect((await grid.getAttribute('aria-rowcount')) === '1002', `rows: ${await grid.getAttribute('aria-rowcount')}`)
      const result = await grid.evaluate(scrollFrames)
      console.log(`summary-grid 1,002 lines: ${result.fps.toFixed(1)} frames/s over ${result.seconds.toFixed(1)} s, ${result.slow} frames over 25 ms, worst ${result.worst.toFixed(1)} ms, ${result.cells} cells in the DOM`)
      await page.screenshot({ path: '/tmp/summary-1000.png' })
      ctx.expect(result.cells < 5000, `virtualised: ${result.cells} cells in the DOM`)
      // PageDown far into the month: the focused cell is rendered and shown clear of the frozen header and columns.
      await grid.evaluate((el) => el.scrollTo(0, 0))
      await grid.locator('[data-row="0"][data-col="0"]').focus()
      for (let i = 0; i < 40; i++) await page.keyboard.press('PageDown')
      await page.keyboard.press('End')
      await page.waitForFunction(() => Number(document.activeElement?.dataset.row) > 300 && document.activeElement?.dataset.col === String(document.activeElement.closest('[role=grid]').getAttribute('aria-colcount') - 17))
      const place = await page.evaluate(() => {
        const cell = document.activeElement.getBoundingClientRect()
        const box = document.activeElement.closest('[role=grid]').getBoundingClientRect()
        return { top: cell.top - box.top, bottom: box.bottom - cell.bottom, left: cell.left - box.left, right: box.right - cell.right }
      })
      ctx.expect(place.top >= 44 && place.bottom >= 0 && place.left >= 528 && place.right >= 0, `the focused cell is in view: ${JSON.stringify(place)}`)
      await page.screenshot({ path: '/tmp/summary-pagedown.png' })
    },
  },
]

/** Runs `fn` over `items` eight at a time (the API seeds faster than one call at a time). */
async function inBatches(items, fn) {
  const out = []
  for (let i = 0; i < items.length; i += 8) out.push(...(await Promise.all(items.slice(i, i + 8).map((item, j) => fn(item, i + j)))))
  return out
}
