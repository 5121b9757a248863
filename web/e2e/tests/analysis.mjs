// 数据分析 and 点位详情 as the super administrator, on an order over this month (M1)
// of a product whose titles are its name, its tape's media file name and its customer title.
// Viewing rows (category 2, source 3) and a per-second rating series are loaded from the shell
// (`adeval import`, so the flow needs ADEVAL_BIN and the server's DATABASE_URL and
// ADEVAL_DATA_DIR), on the order's media and group; D1 = M1-03, D2 = M1-04:
//   customer side (归属 1): D1 19:10:05 15 s the product's name 1.25; D1 19:10:40 the name 0.5
//     (the same slot: the earlier one shows, 共 2 条); D2 20:30:00 the customer title 0.8;
//     D2 21:00–21:08, one a minute, the name 0.1 each; D1 19:20 a title of another product.
//   media side (归属 2): D1 19:10:20 the media file name 2.5; D1 25:30:00 (01:30 the next
//     calendar day) the name 0.3.
// Slots with a spot: 19:10, 20:30, 21:00…21:08, 25:30 — 12, so page 1 ends at 21:07 and page 2
// holds 21:08 and 25:30. The series: D1 19:09:50–19:10:30 each second, 2.0 for 19:10:05–09,
// 3.5 for 19:10:10–19, 1.0 elsewhere. The customer spot 19:10:05 for 15 s covers 19:10:05–19
// (19:10:20 is past its end): mean (5 × 2.0 + 10 × 3.5) ÷ 15 = 3.000 (with 19:10:04 or 19:10:20
// counted it would be 2.875).
// A second product (its name nightName) has one customer spot, D1 24:10:05 (00:10:05 of D2 by
// the calendar), and a per-minute series D2 00:05…00:15 of 0.05, 0.06 … 0.15: the spot lies in
// the minute 00:10, so its mean is 0.100; its details read 24:05…24:15 on D1 throughout.
// A second order of the product over next month has no spot in its cycle: 数据分析 opens on the
// product's latest week with a spot, the ISO week of D2 (its latest broadcast day), and says so;
// the demo's 特仑苏, which has never aired, says it has no spot.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { adeval, dismissNotices, expectAccessible, isCall, shared, waitForPath } from '../lib.mjs'
import { addProduct, call, pad, seedMasterData, seedOrder, ymd, ymOf } from '../seed.mjs'

const stamp = Date.now().toString(36)
const productName = `E2E分析产品${stamp}`
const fileName = `ana_A_${stamp}.mp4`
const customerTitle = `E2E分析客户标题${stamp}`
const nightName = `E2E分析夜间${stamp}`
const now = new Date()
const first = new Date(now.getFullYear(), now.getMonth(), 1)
const last = new Date(now.getFullYear(), now.getMonth() + 1, 0)
const M1 = ymOf(first)
const D1 = `${M1}-03`
const D2 = `${M1}-04`
const DAYS = Array.from({ length: last.getDate() }, (_, i) => `${M1}-${pad(i + 1)}`)

const summary = (page, id) => page.getByRole('dialog', { name: new RegExp(`^汇总 #${id}`) })
const cell = (box, slot, day) => box.locator(`tr[data-slot="${slot}"] td[data-label="${day}"]`)
const text = async (loc) => (await loc.innerText()).replace(/\s+/g, ' ').trim()

/** The summary dialog of the order whose row shows `name` (default: the seeded one), or of order `id`. */
async function openSummary(ctx, page, name = productName, id = name === productName ? ctx.state.orderId : undefined) {
  await page.goto(`${page.url().split('#')[0]}#/order/index`)
  await waitForPath(page, '/order/index')
  await page.reload()
  await page.waitForFunction(() => !document.querySelector('.data-table[aria-busy]'))
  await dismissNotices(page)
  const row = id === undefined ? page.locator('tr[data-row-key]', { hasText: name }) : page.locator(`tr[data-row-key="${id}"]`)
  await row.getByRole('button', { name: /更多/ }).click()
  await page.getByRole('menuitem', { name: '汇总', exact: true }).click()
  const box = id === undefined ? page.getByRole('dialog', { name: /^汇总 #/ }) : summary(page, id)
  await box.waitFor()
  return box
}

/** The summary dialog's 数据分析 of the order whose row shows `name` (default: the seeded one). */
async function openAnalysis(ctx, page, name = productName) {
  const box = await openSummary(ctx, page, name)
  const answer = page.waitForResponse(isCall('dataAnalysis'))
  await box.getByRole('button', { name: '数据分析', exact: true }).click()
  const body = await (await answer).json()
  ctx.expect(body.code === 200, `dataAnalysis answered ${JSON.stringify(body).slice(0, 300)}`)
  await box.getByRole('table').waitFor()
  return { box, body }
}

export const tests = [
  {
    setup: true,
    name: 'an order, viewing rows of both sides and a per-second rating series, loaded through the API and the shell',
    run: async (ctx) => {
      const page = (ctx.state.page = await ctx.open({ keep: true }))
      await ctx.signIn(page, ctx.admin.account, ctx.admin.password)
      ctx.page = page
      const { brand, media } = await seedMasterData(page, stamp)
      const product = await addProduct(page, brand, productName)
      await addProduct(page, brand, nightName)
      const { order, tapes, periods } = await seedOrder(page, {
        brand, media, product, tapes: [{ version: 'A版', fileName, number: `AN-${stamp}`, title: customerTitle }],
        periods: [[`E2E分析晚间${stamp}`, '19:00:00', '21:00:00']], times: 20, suitName: `E2E分析套装${stamp}`, month: M1,
        order: { cycleTimeAdd: ymd(first), cycleTimeEnd: ymd(last), followDate: ymd(first), customerMetrics: '100', mediaMetrics: '90' },
      })
      ctx.state.orderId = order.id
      const group = brand.groups[0].audienceCityGroupName
      ctx.state.seed = { media, group }
      // The same product over next month, nothing aired in it yet.
      const next = new Date(now.getFullYear(), now.getMonth() + 1, 1)
      const nextLast = new Date(now.getFullYear(), now.getMonth() + 2, 0)
      const suit = await call(page, 'suitAdd', {
        mediaId: media.id, brandId: brand.id, suitName: `E2E分析下月套装${stamp}`, customerMetrics: '100', mediaMetrics: '90', seconds: 15,
        suitTime: ymOf(next), timePeriodArray: JSON.stringify(periods.map((p) => ({ timePeriodId: String(p.id), numberOfTimes: 20 }))),
      })
      const later = await call(page, 'orderAdd', {
        mediaId: media.id, productId: product.id, defaultId: brand.groups[0].id, seconds: 15, orderProductMagneticTapeId: String(tapes[0].id),
        suitId: suit.id, customerFreeBroadcastCalculation: 1, mediaFreeBroadcastCalculation: 1,
        cycleTimeAdd: ymd(next), cycleTimeEnd: ymd(nextLast), followDate: ymd(next), customerMetrics: '100', mediaMetrics: '90',
      })
      ctx.state.laterOrder = { id: later.id, from: ymd(next), to: ymd(nextLast) }

      const dir = await mkdtemp(join(tmpdir(), 'adeval-e2e-analysis-'))
      try {
        const header = '日期,频道,播出时间,时长,标题,节目,受众/城市组,毛评点,位置'
        const row = (day, time, title, grp) => [day, media.mediaName, time, 15, title, '晚间剧场', group, grp, ''].join(',')
        const customer = [header, row(D1, '19:10:05', productName, 1.25), row(D1, '19:10:40', productName, 0.5), row(D2, '20:30:00', customerTitle, 0.8),
          ...Array.from({ length: 9 }, (_, i) => row(D2, `21:0${i}:00`, productName, 0.1)), row(D1, '19:20:00', `E2E别的产品${stamp}`, 9),
          row(D1, '24:10:05', nightName, 0.4)]
        const mediaSide = [header, row(D1, '19:10:20', fileName, 2.5), row(D1, '25:30:00', productName, 0.3)]
        const rating = (s) => (s >= 5 && s < 10 ? 2 : s >= 10 && s < 20 ? 3.5 : 1)
        const series = ['channel,audience_group,ts,rating',
          ...Array.from({ length: 41 }, (_, i) => i - 10).map((s) => `${media.mediaName},${group},${D1} ${s < 0 ? `19:09:${pad(60 + s)}` : `19:10:${pad(s)}`},${rating(s)}`),
          ...Array.from({ length: 11 }, (_, i) => `${media.mediaName},${group},${D2} 00:${pad(5 + i)}:00,${((5 + i) / 100).toFixed(2)}`)]
        const files = { customer: join(dir, 'customer.csv'), media: join(dir, 'media.csv'), ratings: join(dir, 'ratings.csv') }
        await writeFile(files.customer, `${customer.join('\n')}\n`)
        await writeFile(files.media, `${mediaSide.join('\n')}\n`)
        await writeFile(files.ratings, `${series.join('\n')}\n`)
        await adeval(ctx, ['import', 'customer-data', files.customer, '--category', '2', '--source', '3', '--ownership', '1'])
        await adeval(ctx, ['import', 'customer-data', files.media, '--category', '2', '--source', '3', '--ownership', '2'])
        await adeval(ctx, ['import', 'ratings', files.ratings])
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    },
  },
  {
    name: '数据分析 opens on the order\'s product, group and cycle per day: slots by day, both sides\' spots, 暂无点位数据, 10 slots a page',
    run: async (ctx) => {
      const page = shared(ctx)
      const { box, body } = await openAnalysis(ctx, page)
      ctx.expect(body.data.total === 12, `total ${body.data.total}`)
      ctx.expect(await box.getByRole('combobox', { name: '日期类型' }).inputValue() === '3', 'the date type starts on 日')
      ctx.expect(await box.getByRole('textbox', { name: '开始日期' }).inputValue() === ymd(first), 'the range starts on the cycle')
      ctx.expect(await box.getByRole('textbox', { name: '结束日期' }).inputValue() === ymd(last), 'the range ends on the cycle')
      const table = box.getByRole('table')
      const headers = await table.getByRole('columnheader').allInnerTexts()
      ctx.expect(JSON.stringify(headers) === JSON.stringify(['时间', ...DAYS]), `headers ${headers}`)
      const slots = await table.getByRole('rowheader').allInnerTexts()
      const want = ['19:10', '20:30', ...Array.from({ length: 8 }, (_, i) => `21:0${i}`)]
      ctx.expect(JSON.stringify(slots) === JSON.stringify(want), `page 1 slots ${slots}`)
      const both = cell(box, '19:10', D1).getByRole('button')
      const names = (await both.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim())
      ctx.expect(names[0] === `媒 ${fileName} 2.500` && names[1] === `客 ${productName} 1.250 共 2 条`, `19:10 ${D1}: ${JSON.stringify(names)}`)
      const cust = await text(cell(box, '20:30', D2))
      ctx.expect(cust === `媒 无 客 ${customerTitle} 0.800`, `20:30 ${D2}: ${cust}`)
      ctx.expect(await text(cell(box, '19:10', D2)) === '暂无点位数据', `19:10 ${D2} is not empty`)
      ctx.expect(await text(cell(box, '21:00', D1)) === '暂无点位数据', `21:00 ${D1} is not empty`)
      await box.getByRole('navigation', { name: '分页' }).getByText('共 12 条').waitFor()
      await ctx.shot(page, 'grid')
      // Scrolled to the month's end, the slots stay at the region's left edge.
      const region = box.getByRole('region', { name: '数据分析表（可左右滚动）' })
      await region.evaluate((el) => { el.scrollLeft = el.scrollWidth })
      const [edge, slot] = await Promise.all([region.boundingBox(), table.getByRole('rowheader').first().boundingBox()])
      ctx.expect(Math.abs(edge.x + 1 - slot.x) < 3, `the slot column scrolled away: region at ${edge.x}, slot at ${slot.x}`)
      await expectAccessible(page, 'summary analysis', { include: '.dialog' })

      const second = page.waitForResponse(isCall('dataAnalysis'))
      await box.getByRole('button', { name: '第 2 页' }).click()
      ctx.expect((await (await second).json()).data.cData.length === 2, 'page 2 has two slots')
      await table.locator('tr[data-slot="25:30"]').waitFor()
      const page2 = await table.getByRole('rowheader').allInnerTexts()
      ctx.expect(JSON.stringify(page2) === JSON.stringify(['21:08', '25:30']), `page 2 slots ${page2}`)
      const late = await text(cell(box, '25:30', D1))
      ctx.expect(late === `媒 ${productName} 0.300 客 无`, `25:30 ${D1}: ${late}`)
      await ctx.shot(page, 'grid-page-2')
      // Only the page's days with a spot: the cycle's other days go, each kept one has a spot.
      await box.getByRole('checkbox', { name: '仅显示本页有点位的日期' }).check()
      await table.getByRole('columnheader').nth(1).waitFor()
      const kept = (await table.getByRole('columnheader').allInnerTexts()).slice(1)
      ctx.expect(kept.length > 0 && kept.length < DAYS.length && kept.includes(D1), `days with spots ${kept}`)
      for (const day of kept) {
        const cells = await table.locator(`td[data-label="${day}"]`).allInnerTexts()
        ctx.expect(cells.some((c) => c.trim() !== '暂无点位数据'), `${day} kept without a spot`)
      }
      await ctx.shot(page, 'grid-days-with-spots')
      await box.getByRole('checkbox', { name: '仅显示本页有点位的日期' }).uncheck()
      await table.getByRole('columnheader', { name: DAYS.at(-1) }).waitFor()
    },
  },
  {
    name: 'an order whose cycle has no spot opens on the product\'s latest week with one, and says so; a product never aired says that',
    run: async (ctx) => {
      const page = shared(ctx)
      const later = ctx.state.laterOrder
      const box = await openSummary(ctx, page, productName, later.id)
      const asked = []
      const listen = (r) => (isCall('dataAnalysis')(r) || isCall('dataAnalysisLastWeek')(r)) && asked.push(r.url())
      page.on('response', listen)
      const week = page.waitForResponse(isCall('dataAnalysisLastWeek'))
      await box.getByRole('button', { name: '数据分析', exact: true }).click()
      const found = (await (await week).json()).data
      // D2 is the product's latest broadcast day with a spot: its ISO week, Monday to Sunday.
      const d2 = new Date(first.getFullYear(), first.getMonth(), 4)
      const monday = new Date(d2.getFullYear(), d2.getMonth(), d2.getDate() - ((d2.getDay() + 6) % 7))
      const days = Array.from({ length: 7 }, (_, i) => ymd(new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + i)))
      ctx.expect(found.ymd === D2 && found.addTimes === days[0] && found.endTimes === days[6], `dataAnalysisLastWeek ${JSON.stringify(found)}`)
      const table = box.getByRole('table')
      await table.getByRole('columnheader', { name: days[6] }).waitFor()
      const headers = await table.getByRole('columnheader').allInnerTexts()
      ctx.expect(JSON.stringify(headers) === JSON.stringify(['时间', ...days]), `headers ${headers}`)
      ctx.expect(await text(cell(box, '20:30', D2)) === `媒 无 客 ${customerTitle} 0.800`, `20:30 ${D2}`)
      const note = await box.getByRole('status').innerText()
      ctx.expect(note === `订单周期（${later.from} 至 ${later.to}）内暂无点位数据，已显示最近有点位的一周：${days[0]} 至 ${days[6]}`, `note ${note}`)
      ctx.expect(await box.getByRole('textbox', { name: '开始日期' }).inputValue() === days[0], 'the range starts on the week')
      ctx.expect(await box.getByRole('textbox', { name: '结束日期' }).inputValue() === days[6], 'the range ends on the week')
      // The cycle first, then the week with a spot: three calls, the cycle's answered empty.
      const sent = asked.map((u) => { const q = new URL(u); return `${q.pathname.split('/').at(-1)} ${q.searchParams.get('addTimes') ?? ''}` })
      ctx.expect(JSON.stringify(sent) === JSON.stringify([`dataAnalysis ${later.from}`, 'dataAnalysisLastWeek ', `dataAnalysis ${days[0]}`]), `calls ${sent}`)
      page.off('response', listen)
      await ctx.shot(page, 'latest-week')
      await expectAccessible(page, 'analysis on the latest week', { include: '.dialog' })

      const demo = await openSummary(ctx, page, '特仑苏')
      const none = page.waitForResponse(isCall('dataAnalysisLastWeek'))
      await demo.getByRole('button', { name: '数据分析', exact: true }).click()
      ctx.expect((await (await none).json()).data.ymd === null, '特仑苏 has a spot')
      await demo.getByText('该产品在所选受众/城市组下还没有点位数据').waitFor()
      await ctx.shot(page, 'never-aired')
    },
  },
  {
    name: '天数 7 runs the columns a week at a time from the range\'s start, with the earliest spot of each side',
    run: async (ctx) => {
      const page = shared(ctx)
      const { box } = await openAnalysis(ctx, page)
      await box.getByRole('combobox', { name: '日期类型' }).selectOption('5')
      const days = box.getByRole('textbox', { name: '天数' })
      ctx.expect(await days.inputValue() === '1', 'the day count starts at 1')
      await days.fill('7')
      const answer = page.waitForResponse(isCall('dataAnalysis'))
      await box.getByRole('button', { name: '搜索', exact: true }).click()
      const sent = new URL((await answer).url()).searchParams
      ctx.expect(sent.get('timeType') === '5' && sent.get('timeTypeValue') === '7' && sent.get('page') === '1', `sent ${sent}`)
      const mm = M1.slice(5)
      const week = `${mm}-01~${mm}-07`
      await box.getByRole('columnheader', { name: week }).waitFor()
      const names = (await cell(box, '19:10', week).getByRole('button').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim())
      ctx.expect(names[0] === `媒 ${fileName} 2.500` && names[1] === `客 ${productName} 1.250 共 2 条`, `19:10 ${week}: ${JSON.stringify(names)}`)
      await ctx.shot(page, 'runs-of-7')
    },
  },
  {
    name: '点位详情: the spot\'s fields and its per-second curve with the spot shaded and its mean, from the keyboard',
    run: async (ctx) => {
      const page = shared(ctx)
      const { media, group } = ctx.state.seed
      const { box } = await openAnalysis(ctx, page)
      const spot = cell(box, '19:10', D1).getByRole('button').nth(1)
      await spot.focus()
      const curve = page.waitForResponse(isCall('spotCurve'))
      await page.keyboard.press('Enter')
      const answer = await curve
      const sent = new URL(answer.url()).searchParams
      ctx.expect(sent.get('ymd') === D1 && sent.get('addTime') === '19:10:05' && sent.get('duration') === '15', `spotCurve sent ${sent}`)
      const data = (await answer.json()).data
      ctx.expect(data.resolution === 'second' && data.data.length === 41 && Math.abs(data.spotMean - 3) < 1e-9, `spotCurve ${JSON.stringify({ ...data, data: data.data.length })}`)
      const dialog = page.getByRole('dialog', { name: '点位详情' })
      const fields = async () => Object.fromEntries(await dialog.locator('.point-dialog__field').evaluateAll((els) => els.map((e) => [e.querySelector('dt').textContent, e.querySelector('dd').textContent])))
      await dialog.getByRole('img', { name: `${media.mediaName} · ${group} 收视率曲线，点位 19:10:05–19:10:20 已标出` }).waitFor()
      const got = await fields()
      const want = { 标题: productName, 开始时间: '19:10:05', 秒数: '15', 日期: D1, '受众/城市组': group, 数据归属: '客户', 毛评点: '1.2500', 点位平均收视率: '3.0000' }
      ctx.expect(JSON.stringify(got) === JSON.stringify(want), `fields ${JSON.stringify(got)}`)
      await dialog.getByRole('heading', { name: '每秒收视率' }).waitFor()
      await dialog.getByText('均值 3.0000').waitFor()
      // The shaded band covers 15 of the axis' 40 seconds.
      const [shade, plot] = await Promise.all([dialog.getByTestId('spot-shade').boundingBox(), dialog.locator('.spot-curve__svg rect[fill="transparent"]').boundingBox()])
      ctx.expect(Math.abs(shade.width / plot.width - 15 / 40) < 0.02, `the shade is ${shade.width} of ${plot.width}`)
      ctx.expect(Math.abs((shade.x - plot.x) / plot.width - 15 / 40) < 0.02, `the shade starts at ${shade.x - plot.x} of ${plot.width}`)
      const chart = dialog.getByRole('img', { name: /收视率曲线/ })
      await chart.focus()
      await page.keyboard.press('Home')
      await dialog.locator('.spot-curve__tooltip').filter({ hasText: `${D1} 19:09:50 收视率 1.0000` }).waitFor()
      for (let i = 0; i < 15; i++) await page.keyboard.press('ArrowRight')
      await dialog.locator('.spot-curve__tooltip').filter({ hasText: `${D1} 19:10:05 收视率 2.0000` }).waitFor()
      await page.keyboard.press('ArrowRight')
      for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight')
      await dialog.locator('.spot-curve__tooltip').filter({ hasText: `${D1} 19:10:11 收视率 3.5000` }).waitFor()
      await ctx.shot(page, 'point-details')
      await expectAccessible(page, 'point details', { include: '.dialog' })
      await dialog.getByRole('button', { name: '关闭' }).last().click()
      await dialog.waitFor({ state: 'detached' })
      // Back on the spot it came from.
      await page.waitForFunction((el) => el === document.activeElement, await spot.elementHandle())

      // A spot without a series: the media side's 25:30 on page 2.
      await box.getByRole('button', { name: '第 2 页' }).click()
      const none = page.waitForResponse(isCall('spotCurve'))
      await cell(box, '25:30', D1).getByRole('button').click()
      ctx.expect((await (await none).json()).data.data.length === 0, 'the 25:30 spot has ratings')
      await dialog.getByText('暂无收视率数据').waitFor()
      const late = await fields()
      ctx.expect(late.开始时间 === '25:30:00' && late.日期 === D1 && late.数据归属 === '媒体' && late.点位平均收视率 === '无', `fields ${JSON.stringify(late)}`)
      await ctx.shot(page, 'point-no-ratings')
      await dialog.getByRole('button', { name: '关闭' }).last().click()
    },
  },
  {
    name: '天数 over two calendar years: the runs carry the year, one column each',
    run: async (ctx) => {
      const page = shared(ctx)
      const { box } = await openAnalysis(ctx, page)
      // From the first of this month a year ago to this month's end, runs of 365 days.
      const start = new Date(first.getFullYear() - 1, first.getMonth(), 1)
      const runs = []
      for (let d = start; d <= last; d = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 365)) {
        const end = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 364)
        runs.push([d, end > last ? last : end])
      }
      const labels = runs.map(([a, b]) => `${ymd(a)}~${ymd(b)}`)
      await box.getByRole('textbox', { name: '开始日期' }).fill(ymd(start))
      await box.getByRole('textbox', { name: '开始日期' }).press('Tab')
      await box.getByRole('combobox', { name: '日期类型' }).selectOption('5')
      await box.getByRole('textbox', { name: '天数' }).fill('365')
      const answer = page.waitForResponse(isCall('dataAnalysis'))
      await box.getByRole('button', { name: '搜索', exact: true }).click()
      const sent = new URL((await answer).url()).searchParams
      ctx.expect(sent.get('addTimes') === ymd(start) && sent.get('timeTypeValue') === '365', `sent ${sent}`)
      await box.getByRole('columnheader', { name: labels.at(-1) }).waitFor()
      const headers = await box.getByRole('table').getByRole('columnheader').allInnerTexts()
      ctx.expect(JSON.stringify(headers) === JSON.stringify(['时间', ...labels]), `headers ${headers}, expected ${labels}`)
      // D1 is in the run that holds this month's third day.
      const holder = labels[runs.findIndex(([a, b]) => ymd(a) <= D1 && D1 <= ymd(b))]
      const names = (await cell(box, '19:10', holder).getByRole('button').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim())
      ctx.expect(names[0] === `媒 ${fileName} 2.500` && names[1] === `客 ${productName} 1.250 共 2 条`, `19:10 ${holder}: ${JSON.stringify(names)}`)
      await ctx.shot(page, 'runs-over-two-years')
    },
  },
  {
    name: '点位详情 of a spot at 24:10:05: a per-minute curve drawn in steps, 24:xx throughout, the mean label clear of the curve',
    run: async (ctx) => {
      const page = shared(ctx)
      const { box } = await openAnalysis(ctx, page)
      const picker = box.getByRole('combobox', { name: '产品' })
      await picker.click()
      await picker.fill(nightName)
      await page.getByRole('listbox').getByRole('option', { name: nightName, exact: true }).waitFor()
      await picker.press('Enter')
      // The product's groups arrive and its default is chosen before the search.
      await page.waitForFunction(() => [...document.querySelectorAll('.analysis-toolbar select')].some((s) => s.value && s.options[s.selectedIndex]?.text.startsWith('E2E全国')))
      const answer = page.waitForResponse(isCall('dataAnalysis'))
      await box.getByRole('button', { name: '搜索', exact: true }).click()
      ctx.expect((await (await answer).json()).data.total === 1, 'the night product has one slot')
      const curve = page.waitForResponse(isCall('spotCurve'))
      await cell(box, '24:10', D1).getByRole('button').click()
      const data = (await (await curve).json()).data
      ctx.expect(data.resolution === 'minute' && data.data.length === 11 && Math.abs(data.spotMean - 0.1) < 1e-9, `spotCurve ${JSON.stringify({ ...data, data: data.data.length })}`)
      const dialog = page.getByRole('dialog', { name: '点位详情' })
      await dialog.getByRole('heading', { name: '每分钟收视率' }).waitFor()
      const chart = dialog.getByRole('img', { name: /收视率曲线，点位 24:10:05–24:10:20 已标出$/ })
      await chart.waitFor()
      const start = await dialog.locator('.point-dialog__field', { hasText: '开始时间' }).locator('dd').innerText()
      ctx.expect(start === '24:10:05', `header ${start}`)
      const ticks = await dialog.locator('.visx-axis-bottom .visx-axis-tick text').evaluateAll((els) => els.map((t) => t.textContent))
      ctx.expect(ticks.length > 1 && ticks.every((t) => /^24:(0[5-9]|1[0-6]):\d\d$/.test(t)), `axis ${ticks}`)
      await chart.focus()
      await page.keyboard.press('Home')
      await dialog.locator('.spot-curve__tooltip').filter({ hasText: `${D1} 24:05:00 收视率 0.0500` }).waitFor()
      for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight')
      await dialog.locator('.spot-curve__tooltip').filter({ hasText: `${D1} 24:10:00 收视率 0.1000` }).waitFor()
      // Steps: two points a minute (its start and the next minute's), each pair at one height.
      const points = await dialog.locator('.spot-curve__line').evaluate((el) =>
        [...el.getAttribute('d').matchAll(/(-?[\d.]+),(-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]))
      ctx.expect(points.length === 22, `${points.length} points drawn`)
      for (let i = 0; i < 22; i += 2) ctx.expect(Math.abs(points[i][1] - points[i + 1][1]) < 0.01 && points[i + 1][0] > points[i][0], `minute ${i / 2} is not flat: ${points[i]} ${points[i + 1]}`)
      // The mean's label: no part of the line inside its box.
      await dialog.getByText('均值 0.1000').waitFor()
      const label = await dialog.locator('.spot-curve__mean-box').evaluate((r) => ({ x: +r.getAttribute('x'), y: +r.getAttribute('y'), w: +r.getAttribute('width'), h: +r.getAttribute('height') }))
      const inside = []
      for (let i = 0; i + 1 < points.length; i++) {
        for (let k = 0; k <= 20; k++) {
          const x = points[i][0] + ((points[i + 1][0] - points[i][0]) * k) / 20
          const y = points[i][1] + ((points[i + 1][1] - points[i][1]) * k) / 20
          if (x > label.x && x < label.x + label.w && y > label.y && y < label.y + label.h) inside.push([x, y])
        }
      }
      ctx.expect(inside.length === 0, `the line crosses the mean's label at ${JSON.stringify(inside.slice(0, 3))}`)
      await ctx.shot(page, 'point-per-minute-2410')
      await dialog.getByRole('button', { name: '关闭' }).last().click()
    },
  },
  {
    name: 'the demo\'s 东方树叶: 数据分析 on its group over its cycle, a spot\'s 毛评点 equal to its per-second curve\'s 点位平均收视率',
    run: async (ctx) => {
      const page = shared(ctx)
      const { box, body } = await openAnalysis(ctx, page, '东方树叶')
      ctx.expect(body.data.total > 10, `the demo order has ${body.data.total} slots`)
      await ctx.shot(page, 'demo-analysis')
      // The first slot's first customer-side spot: its row measures the series' seconds.
      const spot = box.locator('button.analysis-spot[data-side="c"]').first()
      const curve = page.waitForResponse(isCall('spotCurve'))
      await spot.click()
      const data = (await (await curve).json()).data
      ctx.expect(data.resolution === 'second' && data.data.length === 615, `spotCurve ${JSON.stringify({ ...data, data: data.data.length })}`)
      const dialog = page.getByRole('dialog', { name: '点位详情' })
      await dialog.getByRole('heading', { name: '每秒收视率' }).waitFor()
      await dialog.getByRole('img', { name: /收视率曲线/ }).waitFor()
      const field = async (name) => (await dialog.locator('.point-dialog__field', { hasText: name }).locator('dd').innerText()).trim()
      const [grp, mean] = [await field('毛评点'), await field('点位平均收视率')]
      ctx.expect(/^\d\.\d{4}$/.test(grp) && grp === mean && Number(grp) >= 0.1 && Number(grp) <= 3, `毛评点 ${grp}, 点位平均收视率 ${mean}`)
      await ctx.shot(page, 'demo-point-details')
      await dialog.getByRole('button', { name: '关闭' }).last().click()
    },
  },
]
