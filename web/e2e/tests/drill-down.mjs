// Drill-down (figureRows) as the super administrator: every figure opens the rows behind it, and
// their sum is the figure. An order over this month (M1) of one tape in a 晚间 period (class
// E2E黄金); schedule (orderSummaryGrpYmdAdd) M1-03 2 spots, M1-04 1; assessed from M1-01, so all
// 3 remain; 黄金 estimated 2 / 1.5 / 2.5 a spot. Customer viewing rows (category 2, source 3)
// loaded from the shell (`adeval import`: the flow needs ADEVAL_BIN and the server's
// DATABASE_URL and ADEVAL_DATA_DIR): M1-03 19:10 1.25 正一, M1-03 19:40 0.5 5/8, M1-04 20:10 0.75
// 倒二, all titled the product's name; and M1-04 20:30 of another title, not the order's.
// Issued M1 = 1.25 + 0.5 + 0.75 = 2.5 over 3 spots (L's average 0.833…); 正负三 2 of 3 (5/8 is
// neither among the first three nor the last three); expected 2.5 + 3 × 2 = 8.5.
// 1. 汇总: M1's 已发GRP opens its three rows, summing to the cell, 一致; the export holds them and
//    the sum; Escape gives the focus back to the figure.
// 2. 月份: the line's 本月平均收视 opens the issued GRP it divides (2.500 ÷ 3 次); by the keyboard,
//    right of the last day.
// 3. The order list: 客户 预计完成 opens its rows: the issued row and the three remaining cells.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { adeval, expectAccessible, isCall, shared } from '../lib.mjs'
import { addProduct, call, pad, seedMasterData, seedOrder, ymd, ymOf } from '../seed.mjs'
import { summaryFlow } from '../summary-flow.mjs'
import { readXlsx } from '../xlsx-read.mjs'

const stamp = Date.now().toString(36)
const productName = `E2E明细产品${stamp}`
const className = `E2E明细黄金${stamp}`
const now = new Date()
const first = new Date(now.getFullYear(), now.getMonth(), 1)
const last = new Date(now.getFullYear(), now.getMonth() + 1, 0)
const M1 = ymOf(first)

const { orderRow, summary, go, openSummary } = summaryFlow(productName)
const rowsDialog = (page, title) => page.getByRole('dialog', { name: `${title} · 明细` })

/** The 计入 column of a drill-down's rows, as numbers. */
async function values(box) {
  const table = box.getByRole('table', { name: '指标明细' })
  const heads = await table.locator('thead th').allInnerTexts()
  const at = heads.findIndex((h) => h.trim() === '计入')
  const cells = await table.locator(`tbody tr td:nth-child(${at + 1})`).allInnerTexts()
  return cells.map((c) => Number(c.trim()))
}

export const tests = [
  {
    setup: true,
    name: 'an order with a schedule, an estimate and viewing rows, made through the API and the shell',
    run: async (ctx) => {
      const page = (ctx.state.page = await ctx.open({ keep: true }))
      await ctx.signIn(page, ctx.admin.account, ctx.admin.password)
      ctx.page = page
      const { brand, media } = await seedMasterData(page, stamp)
      const product = await addProduct(page, brand, productName)
      const { tapes: [tape], periods: [evening], order } = await seedOrder(page, {
        brand, media, product, tapes: [{ version: 'A版', fileName: `dd_A_${stamp}.mp4`, number: `DD-${stamp}` }],
        periods: [[`E2E明细晚间${stamp}`, '19:00:00', '21:00:00']], times: 20, suitName: `E2E明细套装${stamp}`, month: M1,
        beforeOrder: ([p]) => call(page, 'timePeriodClassAdd', { mediaId: media.id, timePeriodClassName: className, timePeriodId: String(p.id) }),
        order: { cycleTimeAdd: ymd(first), cycleTimeEnd: ymd(last), followDate: ymd(first), customerMetrics: '100', mediaMetrics: '90' },
      })
      ctx.state.orderId = order.id
      const add = (day, num) =>
        call(page, 'orderSummaryGrpYmdAdd', { orderId: order.id, type: 'A', timePeriodId: evening.id, productDefaultId: tape.id, ymd: `${M1}-${pad(day)}`, num })
      await add(3, 2)
      await add(4, 1)
      await call(page, 'grpTimeUp', { orderId: order.id, timePg: ymd(first) })
      const classes = await call(page, 'orderViewingList', { orderId: order.id }, { get: true })
      const klass = classes.find((c) => c.timePeriodClassName === className)
      await call(page, 'orderViewingUp', { orderId: order.id, timePeriodClassId: klass.timePeriodClassId, estimated: '2', estimatedLow: '1.5', estimatedHigh: '2.5' })

      const group = brand.groups[0].audienceCityGroupName
      const dir = await mkdtemp(join(tmpdir(), 'adeval-e2e-drill-'))
      try {
        const row = (day, time, title, grp, position) => [`${M1}-${pad(day)}`, media.mediaName, time, 15, title, '晚间剧场', group, grp, position].join(',')
        const lines = ['日期,频道,播出时间,时长,标题,节目,受众/城市组,毛评点,位置', row(3, '19:10:00', productName, 1.25, '正一'),
          row(3, '19:40:00', productName, 0.5, '5/8'), row(4, '20:10:00', productName, 0.75, '倒二'), row(4, '20:30:00', `E2E别的${stamp}`, 9, '正一')]
        const file = join(dir, 'customer.csv')
        await writeFile(file, `${lines.join('\n')}\n`)
        await adeval(ctx, ['import', 'customer-data', file, '--category', '2', '--source', '3', '--ownership', '1'])
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
      await go(page)
    },
  },
  {
    name: "汇总: a month's 已发GRP opens its rows; their sum equals the cell, and the export holds them",
    run: async (ctx) => {
      const page = shared(ctx)
      const box = await openSummary(ctx, page)
      const month = box.getByRole('table', { name: '评估汇总' }).locator(`tr[data-month="${M1}"]`)
      const issued = month.getByTitle(`查看明细：${M1} · 已发GRP`, { exact: true })
      await month.getByTitle(`查看明细：${M1} · 已发GRP`, { exact: true }).filter({ hasText: '2.500' }).waitFor()
      const cell = (await issued.innerText()).trim()
      const asked = page.waitForResponse(isCall('figureRows'))
      await issued.click()
      const answer = (await (await asked).json()).data
      ctx.expect(answer.total === 3 && answer.sum === 2.5, `figureRows answered ${JSON.stringify(answer).slice(0, 300)}`)
      const rows = rowsDialog(page, `${M1} · 已发GRP`)
      await rows.getByText(`与表中数字 ${cell} 一致`).waitFor()
      const shown = await values(rows)
      const sum = shown.reduce((a, b) => a + b, 0)
      ctx.expect(shown.length === 3 && Math.abs(sum - Number(cell)) < 1e-9, `the rows ${shown} add up to ${sum}, the cell says ${cell}`)
      const text = await rows.getByRole('table', { name: '指标明细' }).innerText()
      for (const part of ['19:10:00', '正一（正负三）', '5/8', '倒二（正负三）', '1.250']) ctx.expect(text.includes(part), `the rows lack ${part}: ${text}`)
      ctx.expect(!text.includes(`E2E别的${stamp}`), 'a row of another title is listed')
      await ctx.shot(page, 'issued-rows')
      await expectAccessible(page, 'drill-down dialog', { include: '.figure-rows' })

      const download = page.waitForEvent('download', { timeout: 20_000 })
      await rows.getByRole('button', { name: '导出明细' }).click()
      const file = await download
      ctx.expect(file.suggestedFilename().endsWith('.xlsx'), `downloaded ${file.suggestedFilename()}`)
      const book = readXlsx(await readFile(await file.path()))
      const sheet = book.sheets[0].rows
      const total = sheet.find((r) => r[0] === '合计')
      ctx.expect(sheet.length === 5 && total?.includes(2.5), `the export: ${JSON.stringify(sheet)}`)

      await page.keyboard.press('Escape')
      await rows.waitFor({ state: 'detached' })
      const focused = await page.evaluate(() => document.activeElement?.getAttribute('title'))
      ctx.expect(focused === `查看明细：${M1} · 已发GRP`, `the focus went to ${focused}`)
      // 正负三%: 2 of the 3 known positions.
      await month.getByTitle(`查看明细：${M1} · 正负三%`, { exact: true }).click()
      const share = rowsDialog(page, `${M1} · 正负三%`)
      await share.getByText('2 ÷ 3 个已知位置 = 表中 66.67%').waitFor()
      await ctx.shot(page, 'upside-down-three-rows')
      await page.keyboard.press('Escape')
      await share.waitFor({ state: 'detached' })
      ctx.state.box = box
    },
  },
  {
    name: "月份: a line's 本月平均收视 opens the issued GRP it divides, by the keyboard from the last day",
    run: async (ctx) => {
      const page = shared(ctx)
      const box = ctx.state.box
      await box.getByRole('button', { name: '月份', exact: true }).click()
      const grid = box.getByRole('grid', { name: `${M1} 汇总表` })
      await grid.waitFor()
      await grid.locator('[data-row="0"][data-col="0"]').focus()
      await page.keyboard.press('End')
      await page.waitForFunction((col) => document.activeElement?.dataset.col === col, String(last.getDate() - 1))
      await page.keyboard.press('ArrowRight')
      await page.keyboard.press('ArrowRight')
      await page.waitForFunction(() => document.activeElement?.dataset.figure === 'averageViewershipThisMonth', null, { timeout: 3000 }).catch(() => {})
      const [focused, text] = await page.evaluate(() => [document.activeElement?.dataset.figure, document.activeElement?.textContent])
      ctx.expect(focused === 'averageViewershipThisMonth' && text === '0.8333', `the focus is on ${focused} reading ${text}`)
      await page.keyboard.press('Enter')
      const rows = page.getByRole('dialog', { name: /本月平均收视 · 明细$/ })
      await rows.getByText('2.500 ÷ 3 次 = 表中 0.8333').waitFor()
      ctx.expect((await values(rows)).length === 3, 'three rows on the line')
      await ctx.shot(page, 'grid-average-rows')
      await page.keyboard.press('Escape')
      await rows.waitFor({ state: 'detached' })
      await box.getByRole('button', { name: '关闭' }).last().click()
      await box.waitFor({ state: 'detached' })
    },
  },
  {
    name: "the order list: 客户 预计完成 opens the issued GRP and the remaining cells at their estimate",
    run: async (ctx) => {
      const page = shared(ctx)
      await go(page)
      const expected = orderRow(page).getByTitle(`查看明细：${productName} · 客户 预计完成`, { exact: true })
      const cell = (await expected.innerText()).trim()
      ctx.expect(cell === '8.500', `预计完成 reads ${cell}`)
      await expected.click()
      const rows = rowsDialog(page, `${productName} · 客户 预计完成`)
      await rows.getByText(`与表中数字 ${cell} 一致`).waitFor()
      const shown = await values(rows)
      ctx.expect(JSON.stringify(shown) === JSON.stringify([2.5, 4, 2]), `the rows count ${shown}`)
      await ctx.shot(page, 'order-list-expected-rows')
      await page.keyboard.press('Escape')
      await rows.waitFor({ state: 'detached' })
    },
  },
]
