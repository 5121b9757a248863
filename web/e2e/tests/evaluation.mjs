// Evaluation as the super administrator, on an order over this month (M1) and the next
// (M2) with one version, a 晚间 period in the class 黄金 and a 午间 period in no class. Schedule
// (orderSummaryGrpYmdAdd): 晚间 M1 days 3, 4 (2 spots each) and 10 (1), M2 day 5 (3); 午间 M1 day 3
// (2). Planned 7 + 3 = 10; customer target 100 (the suit's customer metrics, no free share), so
// the month targets are 70 and 30. No rating series and no viewing rows: 黄金 has no default.
// 1. The estimate: with the assessment date M1-01 every spot remains (8 in 黄金, 2 unestimated).
//    黄金 at 2 / 1.5 / 2.5 a spot: expected 16 / 12 / 20, difference −84 / −88 / −80, overplay
//    −84.00%; M1 10 vs 70 (−60), M2 6 vs 30 (−24). Then 常规 3 (refused until 高 ≥ 3), 高 3.5:
//    expected 24 / 12 / 28, difference −76 / −88 / −72.
// 2. 客户数据: three rows of the order's media, group and product (titled exactly its name)
//    imported on the customer screen
//    (M1-03 19:10 0.75 正一, M1-03 20:00 1.5 5/8, M1-04 20:30 2.5 倒二: sum 4.75), previewed with
//    更新 (3 rows, 4.75, two cells) and attached with 确认更新. With the assessment date M1-05 the
//    remaining 黄金 spots are M1-10's 1 and M2's 3: expected 4.75 + 4 × 3 = 16.75, difference
//    −83.25; low 4.75 + 6 = 10.75, high 4.75 + 14 = 18.75; 正负三 2 of 3 = 66.67% (5/8 is neither
//    among the first three nor the last three of its break).
// 3. 评估结果 and 评估报告 downloaded from the toolbar and opened in node.
// 4. 正负三上传 from the row's 更多 menu: the three spots at 正一, 中 and 正四 plus a row of another
//    title: 3 positions recorded, 1 of them 正负三, 1 row left out — the job's summary shown, and
//    the summary's 正负三 follows them: 1 of 3 = 33.33%.
import { readFile } from 'node:fs/promises'
import { dismissNotices, expectAccessible, isCall, shared, toastSays, waitForPath } from '../lib.mjs'
import { addProduct, call, pad, seedMasterData, seedOrder, ymd, ymOf } from '../seed.mjs'
import { summaryFlow } from '../summary-flow.mjs'
import { readXlsx } from '../xlsx-read.mjs'
import { makeXlsx } from '../xlsx.mjs'

const stamp = Date.now().toString(36)
const productName = `E2E评估产品${stamp}`
const className = `E2E黄金${stamp}`
const now = new Date()
const first = new Date(now.getFullYear(), now.getMonth(), 1)
const second = new Date(now.getFullYear(), now.getMonth() + 1, 1)
const M1 = ymOf(first)
const M2 = ymOf(second)
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const CUSTOMER_HEADERS = ['日期', '频道', '播出时间', '时长', '标题', '节目', '受众/城市组', '毛评点', '位置']

const { orderRow, summary, go, openSummary } = summaryFlow(productName)
const figures = (box) => box.getByRole('table', { name: '评估汇总' })
/**
 * Figure columns of a row: 0 month, 1 target, 2 issued, 3 aired, 4 正负三, 5 正负三%, 6 remaining, 7–9 expected, 10–12 difference, 13–15 overplay, 16–18 theatres.
 * A cell's lines are joined (the remaining count shows its unestimated spots under it).
 */
const row = async (box, month) => (await figures(box).locator(`tr[data-month="${month}"] > *`).allInnerTexts()).map((t) => t.replace(/\n/g, '').trim())


/** Waits until the row of `month` reads `want` at the given columns ({ index: text }). */
async function expectRow(ctx, box, month, want) {
  const ok = (cells) => Object.entries(want).every(([i, text]) => cells[i] === text)
  for (let i = 0; i < 50; i++) {
    if (ok(await row(box, month))) return
    await new Promise((r) => setTimeout(r, 200))
  }
  ctx.expect(false, `${month} reads ${JSON.stringify(await row(box, month))}, wanted ${JSON.stringify(want)}`)
}

/** Types `values` ({ 常规, 低, 高 }) into the class's inputs; answers the orderViewingUp requests seen until the figures came again. */
async function typeEstimate(page, box, values) {
  const sent = []
  const listen = (r) => isCall('orderViewingUp')(r) && sent.push(r.postDataJSON())
  page.on('request', listen)
  const figuresAgain = page.waitForResponse((r) => isCall('orderSummaryList')(r) && sent.length > 0, { timeout: 8000 })
  for (const [level, value] of Object.entries(values)) await box.getByRole('textbox', { name: `${className} ${level}` }).fill(value)
  await figuresAgain
  page.off('request', listen)
  return sent
}

export const tests = [
  {
    setup: true,
    name: 'an order with a schedule in a classed and an unclassed period, made through the API',
    run: async (ctx) => {
      const page = (ctx.state.page = await ctx.open({ keep: true }))
      await ctx.signIn(page, ctx.admin.account, ctx.admin.password)
      ctx.page = page
      const { brand, media } = await seedMasterData(page, stamp)
      const product = await addProduct(page, brand, productName)
      const { tapes: [tape], periods: [evening, noon], order } = await seedOrder(page, {
        brand, media, product, tapes: [{ version: 'A版', fileName: `eva_A_${stamp}.mp4`, number: `EV-${stamp}` }],
        periods: [[`E2E晚间${stamp}`, '19:00:00', '21:00:00'], [`E2E午间${stamp}`, '12:00:00', '13:00:00']], times: 20,
        suitName: `E2E评估套装${stamp}`, month: M1,
        beforeOrder: ([evening]) => call(page, 'timePeriodClassAdd', { mediaId: media.id, timePeriodClassName: className, timePeriodId: String(evening.id) }),
        order: {
          cycleTimeAdd: ymd(first), cycleTimeEnd: ymd(new Date(now.getFullYear(), now.getMonth() + 2, 0)), followDate: ymd(first),
          customerMetrics: '100', mediaMetrics: '90',
        },
      })
      ctx.state.orderId = order.id
      ctx.state.seed = { brand, media, tape }
      const add = (period, day, num, ym = M1) =>
        call(page, 'orderSummaryGrpYmdAdd', { orderId: order.id, type: 'A', timePeriodId: period.id, productDefaultId: tape.id, ymd: `${ym}-${pad(day)}`, num })
      await add(evening, 3, 2)
      await add(evening, 4, 2)
      await add(evening, 10, 1)
      await add(evening, 5, 3, M2)
      await add(noon, 3, 2)
      await call(page, 'grpTimeUp', { orderId: order.id, timePg: ymd(first) })
      await go(page)
    },
  },
  {
    name: 'editing an estimate moves expected and difference: checked before sending, saved after a second of quiet',
    run: async (ctx) => {
      const page = shared(ctx)
      const box = await openSummary(ctx, page)
      // Nothing aired and no estimate yet: nothing to expect from, so no expected, difference or
      // overplay (—, not −100 %), until an estimate exists.
      await expectRow(ctx, box, '合计', { 1: '100.000', 2: '0.000', 6: '10（10 个未预估）', 7: '—', 10: '—', 13: '—' })
      await expectRow(ctx, box, M1, { 1: '70.000' })
      await expectRow(ctx, box, M2, { 1: '30.000' })
      const estimates = box.getByRole('table', { name: /^预估/ })
      const klass = estimates.locator('tbody tr', { hasText: className })
      await klass.getByText(`E2E晚间${stamp}`).waitFor()
      await klass.getByText(/^无/).first().waitFor()
      await ctx.shot(page, 'before')

      let sent = await typeEstimate(page, box, { 常规: '2', 低: '1.5', 高: '2.5' })
      ctx.expect(sent.length === 1, `sent ${sent.length} times: ${JSON.stringify(sent)}`)
      ctx.expect(sent[0].estimated === '2' && sent[0].estimatedLow === '1.5' && sent[0].estimatedHigh === '2.5', `sent ${JSON.stringify(sent[0])}`)
      await expectRow(ctx, box, '合计', { 6: '10（2 个未预估）', 7: '16.000', 8: '12.000', 9: '20.000', 10: '-84.000', 11: '-88.000', 12: '-80.000', 13: '-84.00%' })
      await expectRow(ctx, box, M1, { 7: '10.000', 10: '-60.000' })
      await expectRow(ctx, box, M2, { 7: '6.000', 10: '-24.000' })
      await klass.getByText('已编辑').waitFor()
      // A shortfall is red.
      const red = figures(box).locator('tr[data-month="合计"] .order-figure--negative')
      ctx.expect((await red.count()) >= 6, 'the negatives are red')
      // The danger colour, darkened for 4.5:1 contrast.
      const color = await red.first().evaluate((el) => getComputedStyle(el).color)
      ctx.expect(color === 'rgb(194, 61, 66)', `negative colour ${color}`)
      await ctx.shot(page, 'estimated')

      // 常规 above 高 is refused beside the class and not sent.
      const normal = box.getByRole('textbox', { name: `${className} 常规` })
      await normal.fill('3')
      await klass.getByText('请输入 0 ≤ 低 ≤ 常规 ≤ 高 的预估值').waitFor()
      await page.waitForTimeout(1300)
      sent = await typeEstimate(page, box, { 高: '3.5' })
      ctx.expect(sent.length === 1 && sent[0].estimated === '3' && sent[0].estimatedHigh === '3.5', `sent ${JSON.stringify(sent)}`)
      await expectRow(ctx, box, '合计', { 7: '24.000', 8: '12.000', 9: '28.000', 10: '-76.000', 11: '-88.000', 12: '-72.000' })
      await ctx.shot(page, 'moved')
      await expectAccessible(page, 'summary evaluation', { include: '.dialog' })
      await box.getByRole('button', { name: '关闭' }).last().click()
      await box.waitFor({ state: 'detached' })
    },
  },
  {
    name: '客户数据: the matching rows and their sum, 更新 previews, 确认更新 attaches them and issued GRP follows',
    run: async (ctx) => {
      const page = shared(ctx)
      const { brand, media } = ctx.state.seed
      const group = brand.groups[0].audienceCityGroupName
      const line = (day, time, grp, position) => [`${M1}-${pad(day)}`, media.mediaName, time, 15, productName, '晚间剧场', group, grp, position]
      const bytes = makeXlsx([[`客户数据 ${stamp}`], CUSTOMER_HEADERS, line(3, '19:10:00', 0.75, '正一'), line(3, '20:00:00', 1.5, '5/8'), line(4, '20:30:00', 2.5, '倒二')])
      await page.goto(`${ctx.base}/#/client/index?title=${stamp}`)
      await waitForPath(page, '/client/index')
      await page.getByRole('button', { name: '导入', exact: true }).click()
      const upload = page.getByRole('dialog', { name: '上传文件' })
      await upload.getByLabel('数据类别').selectOption({ label: '客户数据' })
      await upload.getByLabel('数据来源').selectOption({ label: '实际播出' })
      await upload.getByRole('button', { name: '选择文件' }).and(page.locator(':enabled')).waitFor()
      await upload.getByLabel('选择要上传的文件').setInputFiles({ name: `评估客户数据-${stamp}.xlsx`, mimeType: XLSX, buffer: bytes })
      await upload.getByRole('button', { name: '开始上传' }).click()
      await upload.waitFor({ state: 'detached' })
      await page.getByTestId('progress-panel').getByText('处理结束', { exact: true }).waitFor({ timeout: 25_000 })

      await go(page)
      await call(page, 'grpTimeUp', { orderId: ctx.state.orderId, timePg: `${M1}-05` })
      await dismissNotices(page)
      await orderRow(page).getByRole('button', { name: /更多/ }).click()
      const listed = page.waitForResponse(isCall('orderCustomerIndex'))
      await page.getByRole('menuitem', { name: '客户数据', exact: true }).click()
      const box = page.getByRole('dialog', { name: `客户数据 #${ctx.state.orderId}` })
      await listed
      await box.getByText('共 3 条，毛评点合计 4.750').waitFor()
      ctx.expect((await box.getByRole('table', { name: '匹配订单的客户数据' }).locator('tbody tr').count()) === 3, 'three rows listed')
      await ctx.shot(page, 'customer-list')

      const previewed = page.waitForResponse(isCall('orderCustomerUp'))
      await box.getByRole('button', { name: '更新', exact: true }).click()
      const preview = (await (await previewed).json()).data
      ctx.expect(preview.count === 3 && preview.placed === 3 && preview.unplaced === 0 && preview.cells.length === 2, `preview ${JSON.stringify(preview)}`)
      await box.getByText('共 3 条将带入订单，毛评点合计 4.750：3 条对应排期，计入下表的点位').waitFor()
      const cells = await box.getByRole('table', { name: '带入的点位' }).locator('tbody tr').allInnerTexts()
      ctx.expect(cells.some((c) => c.includes(`${M1}-03`) && c.includes('2.250')) && cells.some((c) => c.includes(`${M1}-04`) && c.includes('2.500')), `cells ${cells}`)
      await ctx.shot(page, 'customer-preview')
      const confirmed = page.waitForResponse(isCall('orderCustomerUp'))
      await box.getByRole('button', { name: '确认更新' }).click()
      ctx.expect((await (await confirmed).json()).code === 200, 'typeY 2 refused')
      await toastSays(page, '更新完成：共 3 条，3 条对应排期，0 条没有对应的排期')
      await box.waitFor({ state: 'detached' })

      const sheet = await openSummary(ctx, page)
      // Theatres: the difference over 4.75 ÷ 3 aired spots, truncated (−52.58, −56.37, −51.32).
      await expectRow(ctx, sheet, '合计', {
        2: '4.750', 3: '3', 4: '2', 5: '66.67%', 7: '16.750', 8: '10.750', 9: '18.750', 10: '-83.250', 11: '-89.250', 12: '-81.250', 16: '-52', 17: '-56', 18: '-51',
      })
      // M1: 4.75 issued + M1-10's spot at 3 = 7.75 against 70; M2: 3 spots at 3 = 9 against 30.
      await expectRow(ctx, sheet, M1, { 2: '4.750', 7: '7.750', 10: '-62.250' })
      await expectRow(ctx, sheet, M2, { 2: '0.000', 7: '9.000', 10: '-21.000' })
      await ctx.shot(page, 'customer-figures')
      // Scrolled to the theatres, the month stays in view at the region's left edge.
      const region = sheet.getByRole('region', { name: '评估汇总表（可左右滚动）' })
      await region.evaluate((el) => { el.scrollLeft = el.scrollWidth })
      const [edge, month] = await Promise.all([region.boundingBox(), figures(sheet).locator('tr[data-month="合计"] > th').boundingBox()])
      ctx.expect(Math.abs(edge.x - month.x) < 2, `the month column scrolled away: region at ${edge.x}, month at ${month.x}`)
      await ctx.shot(page, 'customer-figures-scrolled')
    },
  },
  {
    name: '评估结果 and 评估报告 download as workbooks that open',
    run: async (ctx) => {
      const page = shared(ctx)
      await go(page)
      const box = await openSummary(ctx, page)
      const fetch = async (button) => {
        const download = page.waitForEvent('download', { timeout: 20_000 })
        await box.getByRole('button', { name: button, exact: true }).click()
        const file = await download
        ctx.expect(!(await file.failure()), `${button}: the download failed`)
        ctx.expect(file.suggestedFilename().endsWith('.xlsx'), `${button} downloaded as ${file.suggestedFilename()}`)
        return readXlsx(await readFile(await file.path()))
      }
      const everything = (book) => book.sheets.flatMap((s) => Object.values(s.cells).map(String)).join('\n')

      const result = await fetch('评估结果')
      const names = result.sheets.map((s) => s.name)
      ctx.expect(names.some((n) => n.includes(M1)) && names.some((n) => n.includes(M2)), `评估结果 sheets ${names}`)
      const m1 = everything({ sheets: result.sheets.filter((s) => s.name.includes(M1)) })
      ctx.expect(m1.includes(`E2E晚间${stamp}`) && m1.includes(`eva_A_${stamp}.mp4`), `${M1} sheet lacks the grid: ${m1.slice(0, 400)}`)
      // The month's figures under its grid, as the screen shows them.
      const m1Rows = result.sheets.find((s) => s.name.includes(M1)).rows
      ctx.expect(m1Rows.some((r) => r.includes(7.75) && r.includes(-62.25)), `${M1} sheet lacks its figures 7.75 / -62.25`)

      const report = await fetch('评估报告')
      const text = everything(report)
      for (const part of [productName, className, '合计']) ctx.expect(text.includes(part), `评估报告 lacks ${part}: ${text.slice(0, 400)}`)
      ctx.expect(report.sheets.every((s) => s.merges.length > 0), '评估报告 has a sheet without its merged title')
      const totals = report.sheets.find((s) => s.name.includes('汇总'))?.rows.filter((r) => r.includes('合计')) ?? []
      ctx.expect(totals.some((r) => r.includes(16.75) && r.includes(-83.25)), `评估报告's 合计 rows ${JSON.stringify(totals)}`)
      await ctx.shot(page, 'exports')
    },
  },
  {
    name: '正负三上传: the positions file of a category and source is imported for the order and its summary shown',
    run: async (ctx) => {
      const page = shared(ctx)
      const { brand, media } = ctx.state.seed
      const group = brand.groups[0].audienceCityGroupName
      const line = (day, time, title, position) => [`${M1}-${pad(day)}`, media.mediaName, time, 15, title, '晚间剧场', group, 0, position]
      const bytes = makeXlsx([[`正负三 ${stamp}`], CUSTOMER_HEADERS,
        line(3, '19:10:00', productName, '正一'), line(3, '20:00:00', productName, '中'), line(4, '20:30:00', productName, '正四'),
        line(4, '20:40:00', `E2E别的产品${stamp}`, '正二')])
      await go(page)
      await dismissNotices(page)
      await orderRow(page).getByRole('button', { name: /更多/ }).click()
      await page.getByRole('menuitem', { name: '正负三上传', exact: true }).click()
      const upload = page.getByRole('dialog', { name: '上传文件' })
      ctx.expect((await upload.getByLabel('数据归属').count()) === 0, 'positions have no ownership to choose')
      await upload.getByLabel('数据类别').selectOption({ label: '客户数据' })
      await upload.getByLabel('数据来源').selectOption({ label: '实际播出' })
      await upload.getByRole('button', { name: '选择文件' }).and(page.locator(':enabled')).waitFor()
      await upload.getByLabel('选择要上传的文件').setInputFiles({ name: `正负三-${stamp}.xlsx`, mimeType: XLSX, buffer: bytes })
      await upload.getByRole('button', { name: '开始上传' }).click()
      await upload.waitFor({ state: 'detached' })
      const result = page.getByRole('dialog', { name: `正负三上传 #${ctx.state.orderId}` })
      await result.getByText('已记录 3 个点位的位置，其中正负三 1 个；1 行不是该订单的点位，未记录').waitFor({ timeout: 25_000 })
      await ctx.shot(page, 'upside-down-three')
      await result.getByRole('button', { name: '关闭' }).last().click()
      await result.waitFor({ state: 'detached' })
      // The figures count the recorded positions: of the three spots only 正一 is in the first or
      // last three now (the rows said 正一, 5/8, 倒二: 2 of 3) — 1 of 3 = 33.33%.
      const sheet = await openSummary(ctx, page)
      await expectRow(ctx, sheet, '合计', { 2: '4.750', 3: '3', 4: '1', 5: '33.33%' })
    },
  },
]
