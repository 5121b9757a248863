// The summary grid's scrolling in Chromium, for `make bench` (benches/src/bin/summary.rs runs it
// against the release server it started): the month grid of a 1,000-line order is scrolled down
// and across one step per animation frame for 3 s, three times, and the frames are read from
// the performance timeline. The peer is the same answer drawn as one plain HTML table (every
// row and cell in the page, as the admin it replaces drew its tables), scrolled the same way in
// the same page. Prints one JSON line: { adeval: Run[], peer: Run[], lines, month }.
//
// Environment: ADEVAL_E2E_URL, ADEVAL_ADMIN_PASSWORD (and ADEVAL_ADMIN_ACCOUNT), ADEVAL_BENCH_ORDER,
// ADEVAL_BENCH_MONTH (YYYY-MM), ADEVAL_BENCH_SCROLL_RUNS (3).
import { config, isCall, launch, scrollFrames, signIn } from '../lib.mjs'

const order = process.env.ADEVAL_BENCH_ORDER
const month = process.env.ADEVAL_BENCH_MONTH
const runs = Number(process.env.ADEVAL_BENCH_SCROLL_RUNS ?? 3)
if (!order || !month) throw new Error('ADEVAL_BENCH_ORDER and ADEVAL_BENCH_MONTH are required')

/** The answer's month as one plain table in a box the size of the grid's. */
function drawPlainTable({ answer, month, box }) {
  const rows = answer.data.find((m) => m.pointDateYm === month)?.data ?? []
  const days = new Date(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0).getDate()
  const holder = document.createElement('div')
  holder.id = 'plain-table'
  Object.assign(holder.style, {
    position: 'fixed', left: `${box.x}px`, top: `${box.y}px`, width: `${box.width}px`, height: `${box.height}px`,
    overflow: 'auto', background: '#fff', zIndex: 10000, font: '12px sans-serif',
  })
  const head = ['合同号', '类型', '位置', '版本', '长度', '时段', ...Array.from({ length: days }, (_, d) => String(d + 1)),
    '剩余次数', '本月平均收视', '播证已播', '已播预估常规', '已播预估低', '已播预估高', '剩余预估常规', '剩余预估低', '剩余预估高', '总次数']
  const html = ['<table style="border-collapse:collapse;white-space:nowrap"><thead><tr>']
  for (const h of head) html.push(`<th style="border:1px solid #ddd;padding:4px">${h}</th>`)
  html.push('</tr></thead><tbody>')
  for (const r of rows) {
    const byDay = new Map(r.order_summary_grp_ymd.map((c) => [c.d, c]))
    const cells = [r.contractNumber, r.type, r.position, r.product_magnetic_tape.mediaFileName, r.length, r.time_period.timePeriodName]
    for (let d = 1; d <= days; d++) cells.push(byDay.get(d)?.point ?? '')
    cells.push(r.remainingTimes, r.averageViewershipThisMonth, r.publishedTimes, r.viewEstimated, r.viewEstimatedLow,
      r.viewEstimatedHigh, r.estimated, r.estimatedLow, r.estimatedHigh, r.totalTimes)
    html.push('<tr>')
    for (const c of cells) html.push(`<td style="border:1px solid #ddd;padding:4px;min-width:26px;height:22px">${c}</td>`)
    html.push('</tr>')
  }
  html.push('</tbody></table>')
  holder.innerHTML = html.join('')
  document.body.append(holder)
  return rows.length
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

const browser = await launch()
try {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, timezoneId: 'Asia/Shanghai' })
  const page = await context.newPage()
  await signIn(page, config.admin.account, config.admin.password)
  await page.goto(`${config.base}/#/order/index`)
  const row = page.locator(`tr[data-row-key="${order}"]`)
  await row.waitFor({ timeout: 30_000 })
  await row.getByRole('button', { name: /更多/ }).click()
  const answered = page.waitForResponse(isCall('orderSummaryGrpList'), { timeout: 60_000 })
  await page.getByRole('menuitem', { name: '汇总', exact: true }).click()
  const answer = await (await answered).json()
  const dialog = page.getByRole('dialog', { name: new RegExp(`^汇总 #${order}`) })
  await dialog.waitFor()
  await dialog.getByRole('button', { name: '月份', exact: true }).click()
  await dialog.getByRole('tab', { name: month }).click()
  const grid = dialog.getByRole('grid', { name: `${month} 汇总表` })
  await grid.waitFor()
  const lines = Number(await grid.getAttribute('aria-rowcount')) - 2
  const adeval = []
  for (let i = 0; i < runs; i++) adeval.push(await grid.evaluate(scrollFrames))
  const box = await grid.boundingBox()
  const drawn = await page.evaluate(drawPlainTable, { answer, month, box })
  const plain = page.locator('#plain-table')
  const peer = []
  for (let i = 0; i < runs; i++) peer.push(await plain.evaluate(scrollFrames))
  console.log(JSON.stringify({ adeval, peer, lines, drawn, month, adevalFps: median(adeval.map((r) => r.fps)), peerFps: median(peer.map((r) => r.fps)) }))
} finally {
  await browser.close()
}
