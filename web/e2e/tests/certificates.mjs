// 媒体播出证明 as the super administrator, on an order whose cycle runs from the first
// of last month to the end of this month next year, scheduled in last month (month M: its spots
// are due, as only spots before today are compared):
//   A 早间 (07:00–09:00): day 3 two spots, day 4 one;  B 晚间 (19:00–21:00): day 5 one.
// A refused certificate (an unknown version, a day before the cycle: both found resolving the rows
// against the order, so listed together) lists its bad rows and leaves no certificate. The good one:
//   M-03 07:30 早间 A ×2 · M-05 19:30 B · M-06 20:00 晚间 B · M-07 12:00 A (no period holds noon:
//   assigned 晚间 in the dialog) · M-08 19:45 C (the product's, not the order's: swapped to B).
// After the fixes the comparison of M is, worked by hand: A 早间 planned 3 aired 2 → 缺失 1;
// A 晚间 0/1 → 新增 1; B 晚间 1/3 → 新增 2; totals planned 4, aired 6, added 3, missing 1 (spots).
// The import makes the order 公司播出证明 (M is over and not confirmed); opening the dialog, again
// and again, only reads: status and log stay. 确认更新 checks (typeY 1) and says, in units, that
// confirming verifies 2 cells (A 早间 day 3, B 晚间 day 5), flags 1 cell short of 1 spot (A 早间
// day 4) and records the 3 新增 spots as free C cells; M is over, so it is listed 确认后锁定 and
// 确认更新 asks first — 将锁定 M 共 1 个月（播出 6 个点位）— where 取消 sends nothing; confirming it
// makes the order 播出中 again, and M stays listed, 已确认, with the same figures. Re-importing the
// confirmed month is refused. 替换版本 on C's row opens with C preselected.
// Screenshots: test-results/certificates-*.png.
import { closeProgressPanel, dismissNotices, expectAccessible, isCall, shared, toastSays, waitForPath } from '../lib.mjs'
import { addProduct, call, pad, seedMasterData, seedOrder, ymd, ymOf } from '../seed.mjs'
import { makeWorkbook } from '../xlsx.mjs'

const stamp = Date.now().toString(36)
const productName = `E2E播证产品${stamp}`
const early = `E2E早间${stamp}`
const evening = `E2E晚间${stamp}`
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

const now = new Date()
const cycleStart = ymd(new Date(now.getFullYear(), now.getMonth() - 1, 1))
const cycleEnd = ymd(new Date(now.getFullYear() + 1, now.getMonth() + 1, 0))
const month = new Date(now.getFullYear(), now.getMonth() - 1, 1)
const M = ymOf(month)
const day = (d) => `${M}-${pad(d)}`
const before = ymOf(new Date(now.getFullYear(), now.getMonth() - 2, 1))

async function go(page) {
  await page.goto(`${page.url().split('#')[0]}#/order/index`)
  await waitForPath(page, '/order/index')
  await page.waitForFunction(() => !document.querySelector('.data-table[aria-busy]'))
}

const dialog = (page, title) => page.getByRole('dialog', { name: title })
const orderRow = (page) => page.locator('tr[data-row-key]', { hasText: productName })
const fieldError = (box, text) => box.locator('.form-field__error', { hasText: text }).first().waitFor()
const cellsOf = async (row) => (await row.locator('td').allInnerTexts()).map((c) => c.trim())

/** Waits until the order's row shows the status `label`. */
async function statusIs(page, label) {
  await page.waitForFunction(([name, text]) => {
    const row = [...document.querySelectorAll('tr[data-row-key]')].find((r) => r.textContent.includes(name))
    return row && [...row.querySelectorAll('.tag')].some((tag) => tag.textContent === text)
  }, [productName, label])
}

/** A failed job keeps the progress panel open over the row's actions. */
async function closeProgress(page) {
  await dismissNotices(page)
  if ((await page.getByTestId('progress-panel').count()) === 0) return
  await closeProgressPanel(page)
}

/** 更多 → `item` on the order's row; answers the dialog. */
async function openMore(ctx, page, item) {
  await dismissNotices(page)
  await orderRow(page).getByRole('button', { name: /更多/ }).click()
  await page.getByRole('menuitem', { name: item }).click()
  const box = dialog(page, `${item} #${ctx.state.orderId}`)
  await box.waitFor()
  return box
}

/** The dialog's own 取消/关闭 (the last: an inner dialog's come first). */
async function closeDialog(box, name = '关闭') {
  await box.getByRole('button', { name, exact: true }).last().click()
  await box.waitFor({ state: 'detached' })
}

/**
 * `button` of `box` → the upload dialog (checked to sign for `tag` and this order) → 开始上传;
 * resolves with the box's import result once the job has ended.
 */
async function upload(ctx, page, box, button, tag, name, bytes) {
  await box.getByRole('button', { name: button }).click()
  const up = dialog(page, '上传文件')
  await up.waitFor()
  await up.getByRole('button', { name: '选择文件' }).and(page.locator(':enabled')).waitFor()
  await up.getByLabel('选择要上传的文件').setInputFiles({ name, mimeType: XLSX, buffer: bytes })
  await up.getByText(name).waitFor()
  const sign = page.waitForRequest(isCall('aliyunOssSign'))
  const stored = page.waitForResponse((r) => new URL(r.url()).pathname === '/storage/upload')
  await up.getByRole('button', { name: '开始上传' }).click()
  const query = new URL((await sign).url()).searchParams
  ctx.expect(query.get('tags') === tag, `signed for ${query.get('tags')}`)
  ctx.expect(JSON.parse(query.get('tagValue')).orderId === ctx.state.orderId, `tagValue ${query.get('tagValue')}`)
  const body = await (await stored).json()
  ctx.expect(body.code === 200 && body.data?.jobId, `storage answered ${JSON.stringify(body)}`)
  await up.waitFor({ state: 'detached' })
  const result = box.getByTestId('import-result')
  await result.locator('.import-result__text').waitFor({ timeout: 25_000 })
  return result
}

/** A template sheet of month M: 版本, 时段, 类型, 位置, then the days. */
function template(lines) {
  const days = new Date(month.getFullYear(), month.getMonth() + 1, 0).getDate()
  const header = ['版本', '时段', '类型', '位置', ...Array.from({ length: days }, (_, i) => i + 1)]
  const rows = lines.map(({ version, period, spots }) => [version, period, 'A', '', ...Array.from({ length: days }, (_, i) => spots[i + 1] ?? '')])
  return makeWorkbook([{ name: M, rows: [header, ...rows] }])
}

/** A certificate: 日期, 播出时间, 时段, 版本, 次数 (a blank period is matched by the time). */
const certificate = (rows) => makeWorkbook([{ name: '播出证明', rows: [['日期', '播出时间', '时段', '版本', '次数'], ...rows] }])

/** The data rows of the table named `name` within `box`, each as its cells' texts. */
async function tableRows(box, name) {
  const rows = box.getByRole('table', { name, exact: true }).locator('tbody tr')
  const out = []
  for (let i = 0; i < (await rows.count()); i++) out.push(await cellsOf(rows.nth(i)))
  return out
}

/** What reading must leave as it is: the order's status and its log. */
async function seen(ctx, page) {
  const orderId = ctx.state.orderId
  const info = await call(page, 'orderInfo', { orderId }, { get: true })
  const logs = await call(page, 'orderLogList', { orderId }, { get: true })
  return JSON.stringify({ status: info.status, logs })
}

/** Opens 媒体播出证明 `times` times just to look: no write is asked for, status and log stay. */
async function lookTwice(ctx, page, times = 2) {
  const before = await seen(ctx, page)
  const writes = []
  const watch = (r) => isCall('orderBroadcastLicenseUp')(r) && writes.push(r.url())
  page.on('request', watch)
  for (let i = 0; i < times; i++) {
    const box = await openMore(ctx, page, '媒体播出证明')
    await box.getByRole('region', { name: '播出证明汇总' }).waitFor()
    await closeDialog(box, '取消')
  }
  page.off('request', watch)
  ctx.expect(writes.length === 0, `opening the dialog asked orderBroadcastLicenseUp ${writes.length} times`)
  ctx.expect((await seen(ctx, page)) === before, 'opening the dialog changed the order’s status or log')
}

/** The spot tiles of `region` as numbers: planned, aired, added, missing. */
async function tiles(page, region) {
  const total = async (label) => parseInt(await region.locator('.certificate-summary__total', { has: page.locator('dt', { hasText: label }) }).locator('dd').innerText(), 10)
  return [await total('计划'), await total('播出'), await total('新增'), await total('缺失')]
}

export const tests = [
  {
    setup: true,
    name: 'master data and an order of tapes A and B (C is only the product’s)',
    run: async (ctx) => {
      const page = (ctx.state.page = await ctx.open({ keep: true }))
      await ctx.signIn(page, ctx.admin.account, ctx.admin.password)
      ctx.page = page
      const { brand, media } = await seedMasterData(page, stamp)
      const product = await addProduct(page, brand, productName)
      const { tapes, order } = await seedOrder(page, {
        brand, media, product,
        tapes: ['A版', 'B版', 'C版'].map((version, i) => ({ version, fileName: `cert_${'ABC'[i]}_${stamp}.mp4`, number: `C${i}-${stamp}` })),
        periods: [[early, '07:00:00', '09:00:00'], [evening, '19:00:00', '21:00:00']], times: 5, suitName: `E2E播证套装${stamp}`, month: M,
        ordered: 2, order: { cycleTimeAdd: cycleStart, cycleTimeEnd: cycleEnd, followDate: cycleStart },
      })
      ctx.state.tapes = tapes
      ctx.state.orderId = order.id
      await go(page)
      await page.reload()
      await orderRow(page).waitFor()
    },
  },
  {
    name: '订单模板: the schedule of last month imported; the order is 播出中',
    run: async (ctx) => {
      const page = shared(ctx)
      const box = await openMore(ctx, page, '订单模板')
      const [a, b] = ctx.state.tapes
      const result = await upload(ctx, page, box, '导入排期', 'orderTemplate', `播证排期-${stamp}.xlsx`, template([
        { version: a.mediaFileName, period: early, spots: { 3: 2, 4: 1 } },
        { version: b.mediaFileName, period: evening, spots: { 5: 1 } },
      ]))
      const text = await result.innerText()
      ctx.expect(text.includes('导入完成') && text.includes('4 个点位'), `template import: ${text}`)
      await closeDialog(box)
      // Inside the cycle with a schedule: on air.
      await statusIs(page, '播出中')
    },
  },
  {
    name: '媒体播出证明: empty; a bad certificate’s rows are listed and nothing is imported',
    run: async (ctx) => {
      const page = shared(ctx)
      const [a] = ctx.state.tapes
      const box = await openMore(ctx, page, '媒体播出证明')
      await box.getByText('该订单尚未导入播出证明，请上传播出证明').waitFor()
      ctx.expect(await box.getByRole('button', { name: '导出' }).isDisabled(), '导出 without a certificate')
      await ctx.shot(page, 'empty')

      const result = await upload(ctx, page, box, '上传播出证明', 'broadcastingCertificate', `坏播证-${stamp}.xlsx`, certificate([
        [day(3), '07:30:00', early, `X不存在${stamp}`, 1],
        [`${before}-05`, '07:30:00', early, a.mediaFileName, 1],
      ]))
      await box.getByRole('alert', { name: '导入失败' }).waitFor()
      const text = await result.locator('.import-result__text').innerText()
      for (const part of [`X不存在${stamp}`, '不是该产品的磁带', '不在订单周期']) ctx.expect(text.includes(part), `the refusal lacks ${part}: ${text}`)
      ctx.expect(text.split('\n').filter(Boolean).length >= 3, `one problem a line: ${text}`)
      await ctx.shot(page, 'refused')
      await box.getByText('该订单尚未导入播出证明，请上传播出证明').waitFor()
      await box.getByRole('button', { name: '关闭导入结果' }).click()
      await closeDialog(box, '取消')
      await closeProgress(page)
      await statusIs(page, '播出中')
    },
  },
  {
    name: '媒体播出证明: the import makes the order 公司播出证明, opening it twice changes nothing; the unplaced rows are fixed',
    run: async (ctx) => {
      const page = shared(ctx)
      const [a, b, c] = ctx.state.tapes
      let box = await openMore(ctx, page, '媒体播出证明')
      await box.getByText('该订单尚未导入播出证明，请上传播出证明').waitFor()
      const result = await upload(ctx, page, box, '上传播出证明', 'broadcastingCertificate', `播证-${stamp}.xlsx`, certificate([
        [day(3), '07:30:00', early, a.mediaFileName, 2],
        [day(5), '19:30:00', '', b.mediaFileName, 1],
        [day(6), '20:00:00', evening, b.mediaFileName, 1],
        [day(7), '12:00:00', '', a.mediaFileName, 1],
        [day(8), '19:45:00', '', c.mediaFileName, 1],
      ]))
      const text = await result.innerText()
      ctx.expect(text.includes('导入完成') && text.includes('已导入 5 行播出证明') && text.includes(M), `certificate import: ${text}`)

      // The month is over and not confirmed: 公司播出证明, derived, before anyone looks.
      let rows = box.getByRole('region', { name: '待处理的播证记录' })
      await rows.waitFor()
      ctx.expect((await rows.locator('tbody tr').count()) === 2, 'two rows to fix')
      const reasons = await rows.locator('tbody').innerText()
      ctx.expect(reasons.includes('未匹配到时段') && reasons.includes('版本不在订单中'), `reasons: ${reasons}`)
      ctx.expect(await box.getByRole('button', { name: '确认更新' }).isDisabled(), '确认更新 with rows to fix')
      await ctx.shot(page, 'unassigned')
      await closeDialog(box, '取消')
      await closeProgress(page)
      await statusIs(page, '公司播出证明')
      // Looking changes nothing.
      await lookTwice(ctx, page)
      await statusIs(page, '公司播出证明')
      box = await openMore(ctx, page, '媒体播出证明')
      rows = box.getByRole('region', { name: '待处理的播证记录' })
      await rows.waitFor()

      // The noon row: a period of the media.
      const assigned = page.waitForResponse(isCall('orderBroadcastLicenseTimeUp'))
      await rows.getByLabel(`指定时段：${day(7)} 12:00:00 ${a.mediaFileName}`).selectOption({ label: `${evening}（19:00:00~21:00:00）` })
      ctx.expect((await (await assigned).json()).code === 200, 'orderBroadcastLicenseTimeUp refused')
      await toastSays(page, '已指定时段')
      await rows.locator('tbody tr').nth(1).waitFor({ state: 'detached' })

      // C's row: swapped to B, that row only; the order version is required first.
      await rows.getByRole('button', { name: `替换版本：${day(8)} 19:45:00 ${c.mediaFileName}` }).click()
      const swap = dialog(page, '替换版本')
      await swap.waitFor()
      ctx.expect(await swap.getByRole('radio', { name: /单条替换/ }).isChecked(), 'a row’s swap is single')
      // The row's version is preselected in the 播证版本 select (fixed for a single swap).
      const version = swap.getByLabel('播证版本')
      await page.waitForFunction((el) => el.selectedOptions[0]?.textContent.includes('不在订单中'), await version.elementHandle())
      const picked = await version.evaluate((el) => [el.value, el.selectedOptions[0].textContent, el.disabled])
      ctx.expect(picked[0] === String(c.id) && picked[1].startsWith(c.mediaFileName) && picked[2], `播证版本 shows ${picked}`)
      await ctx.shot(page, 'swap')
      await expectAccessible(page, 'the version swap', { include: '.version-swap' })
      await swap.getByRole('button', { name: '确定' }).click()
      await fieldError(swap, '选择订单版本')
      await swap.getByLabel('订单版本').selectOption({ label: `${b.mediaFileName}（${b.mediaTapeNumber}）` })
      const swapped = page.waitForResponse(isCall('broadcastingMagneticTapeDetailsUp'))
      await swap.getByRole('button', { name: '确定' }).click()
      const sent = (await swapped).request().postDataJSON()
      ctx.expect(sent.broadcastingMagneticTapeDetailsType === 2 && sent.upTapeId === b.id && sent.tapeId === c.id && sent.broadcastingId > 0, `swap sent ${JSON.stringify(sent)}`)
      await toastSays(page, '已替换 1 行')
      await swap.waitFor({ state: 'detached' })
      await rows.waitFor({ state: 'detached' })
      await box.getByRole('button', { name: '确认更新' }).and(page.locator(':enabled')).waitFor()
      await closeDialog(box, '取消')
    },
  },
  {
    name: '媒体播出证明: the comparison worked by hand, sorting, export; 确认更新 checks, says what it does in units, applies it; the month stays listed',
    run: async (ctx) => {
      const page = shared(ctx)
      const [a, b] = ctx.state.tapes
      const box = await openMore(ctx, page, '媒体播出证明')
      const summary = box.getByRole('region', { name: '播出证明汇总' })
      await summary.waitFor()
      const totals = await tiles(page, summary)
      ctx.expect(totals.join(',') === '4,6,3,1', `totals ${totals}`)
      ctx.expect((await summary.locator('.certificate-summary__total dd').first().innerText()).includes('个点位'), 'a tile says its unit')
      const state = await summary.getByRole('status').innerText()
      ctx.expect(state === `${M} 待确认：点击「确认更新」核对后确认`, `state: ${state}`)
      const months = await tableRows(summary, '各月核对')
      ctx.expect(JSON.stringify(months) === JSON.stringify([[M, '4', '6', '3', '1', '待确认']]), `months ${JSON.stringify(months)}`)

      const added = await tableRows(box, '新增')
      const want = [[a.mediaFileName, M, evening, '1'], [b.mediaFileName, M, evening, '2']]
      const sorted = (rows) => JSON.stringify([...rows].sort((x, y) => x[0].localeCompare(y[0])))
      ctx.expect(sorted(added) === sorted(want), `新增 ${JSON.stringify(added)}`)
      const missing = await tableRows(box, '缺失')
      ctx.expect(JSON.stringify(missing) === JSON.stringify([[a.mediaFileName, M, early, '1']]), `缺失 ${JSON.stringify(missing)}`)
      // Every row is a period's own difference (type 1): warning-styled.
      const styles = await box.locator('.certificate-diff tbody tr').evaluateAll((trs) => trs.map((tr) => tr.className))
      ctx.expect(styles.length === 3 && styles.every((s) => s === 'certificate-diff__row--warning'), `row styles ${styles}`)
      const month = box.getByRole('table', { name: '新增', exact: true }).getByRole('columnheader', { name: /月份/ })
      await month.getByRole('button').click()
      ctx.expect((await month.getAttribute('aria-sort')) === 'ascending', 'sorted by month')
      await ctx.shot(page, 'due')

      const download = page.waitForEvent('download')
      const exported = page.waitForResponse(isCall('orderBroadcastingCertificateExport'))
      await box.getByRole('button', { name: '导出' }).click()
      const body = await (await exported).json()
      ctx.expect(body.code === 200 && body.data.url.endsWith('.xlsx'), `export answered ${JSON.stringify(body)}`)
      ctx.expect(!(await (await download).failure()), 'the download failed')

      // 确认更新: the check (typeY 1), what confirming does in units, the same spots as the tiles.
      const checked = page.waitForResponse(isCall('orderBroadcastLicenseUp'))
      await box.getByRole('button', { name: '确认更新' }).click()
      const preview = (await (await checked).json()).data
      ctx.expect(preview?.dataValue?.basis, `typeY 1 answered ${JSON.stringify(preview)}`)
      const check = dialog(page, '确认更新播出证明')
      await check.getByText(`核对月份：${M}`).waitFor()
      const checkedTiles = await tiles(page, check.getByLabel('待确认月份的点位'))
      ctx.expect(checkedTiles.join(',') === totals.join(','), `the preview's tiles ${checkedTiles} differ from the dialog's ${totals}`)
      const says = await check.getByRole('status').innerText()
      ctx.expect(
        says === '确认更新将核实 2 个点位格（全部播出），标记缺失 1 个点位格（缺 1 个点位，可补播），新增 3 个点位记为 C 类赠播',
        `what confirming does: ${says}`,
      )
      // M is over: confirming locks it, as its row in the check says.
      const checkedMonths = await tableRows(check, '待确认月份')
      ctx.expect(JSON.stringify(checkedMonths) === JSON.stringify([[M, '4', '6', '3', '1', '确认后锁定']]), `check months ${JSON.stringify(checkedMonths)}`)
      await ctx.shot(page, 'preview')
      // 确认更新 asks first, naming M and its 6 aired spots; 取消 sends nothing and the check stays.
      const sent = []
      const watch = (r) => isCall('orderBroadcastLicenseUp')(r) && sent.push(r.postDataJSON())
      page.on('request', watch)
      await check.getByRole('button', { name: '确认更新' }).click()
      let ask = page.getByRole('alertdialog', { name: '确认锁定' })
      const asked = await ask.innerText()
      ctx.expect(asked.includes(`将锁定 ${M} 共 1 个月（播出 6 个点位），锁定后不能再修改。`), `the lock asked: ${asked}`)
      await ctx.shot(page, 'lock-asked')
      await expectAccessible(page, 'the lock asked for', { include: '.confirm' })
      await ask.getByRole('button', { name: '取消' }).click()
      await ask.waitFor({ state: 'detached' })
      page.off('request', watch)
      ctx.expect(sent.length === 0, `取消 sent ${JSON.stringify(sent)}`)
      await check.getByRole('button', { name: '确认更新' }).waitFor()
      const confirmed = page.waitForResponse(isCall('orderBroadcastLicenseUp'))
      await check.getByRole('button', { name: '确认更新' }).click()
      ask = page.getByRole('alertdialog', { name: '确认锁定' })
      await ask.getByRole('button', { name: '确认锁定' }).click()
      const request = (await confirmed).request().postDataJSON()
      const answer = await (await confirmed).json()
      ctx.expect(request.typeY === 2 && request.basis === preview.dataValue.basis, `typeY 2 sent ${JSON.stringify(request)}`)
      const done = answer.data
      ctx.expect(
        answer.code === 200 && done.months.join() === M && done.verifiedCells === 2 && done.missingCells === 1 && done.missingSpots === 1 && done.freeSpots === 3,
        `typeY 2 answered ${JSON.stringify(answer)}`,
      )
      await toastSays(page, `已确认 ${M} 的播出证明：核实 2 个点位格，标记缺失 1 个点位格（缺 1 个点位），新增 3 个点位记为 C 类赠播`)
      await check.waitFor({ state: 'detached' })

      // The month stays listed, 已确认, with the figures it had; nothing left to confirm.
      await summary.getByText('各月播出证明均已确认，无需再确认', { exact: true }).waitFor()
      const after = await tableRows(summary, '各月核对')
      ctx.expect(JSON.stringify(after) === JSON.stringify([[M, '4', '6', '3', '1', '已确认']]), `months after ${JSON.stringify(after)}`)
      ctx.expect((await tiles(page, summary)).join(',') === '4,6,3,1', 'the tiles after confirming')
      ctx.expect((await box.getByRole('button', { name: '确认更新' }).count()) === 0, 'no 确认更新 once confirmed')
      await ctx.shot(page, 'confirmed')
      await closeDialog(box, '取消')
      await statusIs(page, '播出中')
      await lookTwice(ctx, page)
      await statusIs(page, '播出中')
    },
  },
  {
    name: '订单模板: the verified days grey, the short day flagged, no line for the free spots (not planned), with a legend',
    run: async (ctx) => {
      const page = shared(ctx)
      const [a, b] = ctx.state.tapes
      const box = await openMore(ctx, page, '订单模板')
      const table = box.getByRole('table', { name: `${M} 排期` })
      await table.waitFor()
      const line = async (tape, period, type) => {
        const rows = table.locator('tbody tr')
        for (let i = 0; i < (await rows.count()); i++) {
          const cells = await cellsOf(rows.nth(i))
          if (cells[0] === tape.mediaFileName && cells[2] === period && cells[3] === type) return rows.nth(i)
        }
        throw new Error(`no line ${tape.mediaFileName} ${period} ${type}`)
      }
      const mark = async (row, d) => row.locator(`td[data-day="${pad(d)}"]`).getAttribute('data-mark')
      const aEarly = await line(a, early, 'A')
      ctx.expect((await mark(aEarly, 3)) === 'verified' && (await mark(aEarly, 4)) === 'missing', 'A 早间: day 3 verified, day 4 short')
      const flagged = aEarly.locator('td[data-day="04"]')
      ctx.expect((await flagged.getAttribute('title')) === '缺失：播出 0 / 计划 1', `day 4 says ${await flagged.getAttribute('title')}`)
      ctx.expect((await mark(await line(b, evening, 'A'), 5)) === 'verified', 'B 晚间 day 5 verified')
      // The free spots the confirmation added aired without a plan: the schedule is the plan,
      // so they make no line here (the grid and the certificate show them).
      const absent = async (tape, period, type) => line(tape, period, type).then(() => false, () => true)
      ctx.expect(await absent(b, evening, 'C'), 'B 晚间 free spots make no C line in the schedule')
      ctx.expect(await absent(a, evening, 'C'), 'A 晚间 free spot makes no C line in the schedule')
      const grey = await aEarly.locator('td[data-day="03"]').evaluate((el) => getComputedStyle(el).backgroundColor)
      const plain = await aEarly.locator('td[data-day="10"]').evaluate((el) => getComputedStyle(el).backgroundColor)
      ctx.expect(grey !== plain, 'a verified day is not greyed')
      await box.getByLabel('图例').waitFor()
      await ctx.shot(page, 'template')
      await closeDialog(box)
    },
  },
  {
    name: '媒体播出证明: re-importing the confirmed month is refused, the comparison unchanged',
    run: async (ctx) => {
      const page = shared(ctx)
      const [a] = ctx.state.tapes
      const box = await openMore(ctx, page, '媒体播出证明')
      await box.getByRole('region', { name: '播出证明汇总' }).waitFor()
      const result = await upload(ctx, page, box, '上传播出证明', 'broadcastingCertificate', `重导播证-${stamp}.xlsx`, certificate([
        [day(4), '07:30:00', early, a.mediaFileName, 1],
      ]))
      await box.getByRole('alert', { name: '导入失败' }).waitFor()
      const text = await result.locator('.import-result__text').innerText()
      ctx.expect(text.includes('该月播出证明已确认，不能重新导入'), `refusal: ${text}`)
      await box.getByRole('region', { name: '播出证明汇总' }).getByText('各月播出证明均已确认，无需再确认', { exact: true }).waitFor()
      await closeDialog(box, '取消')
      await closeProgress(page)
      await statusIs(page, '播出中')
    },
  },
]
