// The order row's 更多 dialogs as the super administrator, on an order whose cycle runs from the
// first of this month to the end of this month next year (master data and the order come from
// the API; orders.mjs covers the order dialog itself):
// 订单模板 — a generated two-month workbook imported through 导入排期 (the shared upload dialog
// tagged orderTemplate), the month tabs, the points in their day columns, weekend headers, the
// order's status moving on, and a refused file whose every problem is listed;
// 换版通知 — the spec's messages, a change added for tomorrow (待执行), edited and deleted;
// 调整建议 — added and settled (已调整); 历史版本 — two versions after an edit, details, the
// first restored (the notes come back); 订单日志 lists all of it. Screenshots: /tmp/dialogs-*.png.
import { dismissNotices, isCall, shared, toastSays, waitForPath } from '../lib.mjs'
import { addProduct, pad, seedMasterData, seedOrder, ymd, ymOf } from '../seed.mjs'
import { makeWorkbook } from '../xlsx.mjs'

const stamp = Date.now().toString(36)
const productName = `E2E模板产品${stamp}`
const periodNames = [`E2E早间${stamp}`, `E2E晚间${stamp}`]
const notes = `E2E首版备注${stamp}`
const editedNotes = `E2E改后备注${stamp}`
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

const now = new Date()
const cycleStart = ymd(new Date(now.getFullYear(), now.getMonth(), 1))
const cycleEnd = ymd(new Date(now.getFullYear() + 1, now.getMonth() + 1, 0))
const tomorrow = ymd(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1))
const dayAfterTomorrow = ymd(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 2))
// Two months wholly inside the cycle, and one before it.
const months = [1, 2].map((k) => new Date(now.getFullYear(), now.getMonth() + k, 1))
const before = new Date(now.getFullYear(), now.getMonth() - 1, 1)
const daysOf = (first) => new Date(first.getFullYear(), first.getMonth() + 1, 0).getDate()
const weekendDays = (first) =>
  Array.from({ length: daysOf(first) }, (_, i) => i + 1).filter((d) => [0, 6].includes(new Date(first.getFullYear(), first.getMonth(), d).getDay()))

async function go(page) {
  await page.goto(`${page.url().split('#')[0]}#/order/index`)
  await waitForPath(page, '/order/index')
  await page.waitForFunction(() => !document.querySelector('.data-table[aria-busy]'))
}

const dialog = (page, title) => page.getByRole('dialog', { name: title })
const orderRow = (page) => page.locator('tr[data-row-key]', { hasText: productName })
const fieldError = (box, text) => box.locator('.form-field__error', { hasText: text }).first().waitFor()

/** 更多 → `item` on the order's row; answers the dialog. */
async function openMore(ctx, page, item, title) {
  await dismissNotices(page)
  await orderRow(page).getByRole('button', { name: /更多/ }).click()
  await page.getByRole('menuitem', { name: item }).click()
  const box = dialog(page, `${title} #${ctx.state.orderId}`)
  await box.waitFor()
  return box
}

async function closeDialog(box) {
  await box.getByRole('button', { name: '关闭', exact: true }).last().click()
  await box.waitFor({ state: 'detached' })
}

/** A template sheet: 版本, 时段, 类型, 位置, then the month's days 1…N. */
function sheet(first, lines) {
  const days = daysOf(first)
  const header = ['版本', '时段', '类型', '位置', ...Array.from({ length: days }, (_, i) => i + 1)]
  const rows = lines.map(({ version, period, type = 'A', position = '', spots }) => [
    version, period, type, position, ...Array.from({ length: days }, (_, i) => spots[i + 1] ?? ''),
  ])
  return { name: ymOf(first), rows: [header, ...rows] }
}

/** 导入排期 → the upload dialog → 开始上传; resolves with the dialog's import result once the job has ended. */
async function importTemplate(ctx, page, box, name, bytes) {
  await box.getByRole('button', { name: '导入排期' }).click()
  const upload = dialog(page, '上传文件')
  await upload.waitFor()
  await upload.getByRole('button', { name: '选择文件' }).and(page.locator(':enabled')).waitFor()
  await upload.getByLabel('选择要上传的文件').setInputFiles({ name, mimeType: XLSX, buffer: bytes })
  await upload.getByText(name).waitFor()
  const sign = page.waitForRequest(isCall('aliyunOssSign'))
  const stored = page.waitForResponse((r) => new URL(r.url()).pathname === '/storage/upload')
  await upload.getByRole('button', { name: '开始上传' }).click()
  const tagValue = new URL((await sign).url()).searchParams
  ctx.expect(tagValue.get('tags') === 'orderTemplate', `signed for ${tagValue.get('tags')}`)
  ctx.expect(JSON.parse(tagValue.get('tagValue')).orderId === ctx.state.orderId, `tagValue ${tagValue.get('tagValue')}`)
  const body = await (await stored).json()
  ctx.expect(body.code === 200 && body.data?.jobId, `storage answered ${JSON.stringify(body)}`)
  await upload.waitFor({ state: 'detached' })
  const result = box.getByTestId('import-result')
  await result.locator('.import-result__text').waitFor({ timeout: 25_000 })
  return result
}

export const tests = [
  {
    setup: true,
    name: 'master data and an order from this month to next year',
    run: async (ctx) => {
      const page = (ctx.state.page = await ctx.open({ keep: true }))
      await ctx.signIn(page, ctx.admin.account, ctx.admin.password)
      ctx.page = page
      const { brand, media } = await seedMasterData(page, stamp)
      const product = (ctx.state.product = await addProduct(page, brand, productName))
      // Two tapes for the order, a third of the product to change to.
      const { tapes, order } = await seedOrder(page, {
        brand, media, product,
        tapes: ['春节版', '元宵版', '端午版'].map((version, i) => ({ version, fileName: `tpl_${i}_${stamp}.mp4`, number: `T${i}-${stamp}` })),
        periods: [[periodNames[0], '07:00:00', '09:00:00'], [periodNames[1], '19:00:00', '21:00:00']], times: 5,
        suitName: `E2E模板套装${stamp}`, month: ymOf(months[0]), ordered: 2,
        order: { cycleTimeAdd: cycleStart, cycleTimeEnd: cycleEnd, followDate: cycleStart, notes },
      })
      ctx.state.tapes = tapes
      ctx.state.orderId = order.id
      // Made behind the page's back: load the list afresh.
      await go(page)
      await page.reload()
      await orderRow(page).waitFor()
    },
  },
  {
    name: '订单模板: empty, then a two-month workbook imported; tabs, points by day, weekend headers, status moves on',
    run: async (ctx) => {
      const page = shared(ctx)
      const [tape0, tape1] = ctx.state.tapes
      ctx.expect((await orderRow(page).innerText()).includes('待创建订单'), 'a new order is 待创建订单')
      const box = await openMore(ctx, page, '订单模板', '订单模板')
      await box.getByText('暂无排期，请导入订单模板').waitFor()
      const width = await box.evaluate((el) => el.getBoundingClientRect().width)
      ctx.expect(Math.abs(width - 1366 * 0.9) < 20, `the dialog is 90vw wide: ${width}`)
      await page.screenshot({ path: '/tmp/dialogs-template-empty.png' })

      const weekend = weekendDays(months[0])
      const weekday = Array.from({ length: 28 }, (_, i) => i + 1).find((d) => d > 1 && !weekend.includes(d))
      ctx.state.spots = { first: 1, weekend: weekend[0], weekday }
      const workbook = makeWorkbook([
        sheet(months[0], [
          { version: tape0.mediaFileName, period: periodNames[0], spots: { 1: 2, [weekend[0]]: 3, [weekday]: 1 } },
          // A tape may be named by its number too.
          { version: tape1.mediaTapeNumber, period: periodNames[1], type: 'B', position: '2/8', spots: { 28: 4 } },
        ]),
        // Twelve lines: two pages of the pager.
        sheet(months[1], Array.from({ length: 12 }, (_, i) => ({
          version: [tape0, tape1][i % 2].mediaFileName, period: periodNames[Math.floor(i / 2) % 2], type: 'ABC'[Math.floor(i / 4)], spots: { 3: 1 },
        }))),
      ])
      const result = await importTemplate(ctx, page, box, `排期-${stamp}.xlsx`, workbook)
      const text = await result.innerText()
      ctx.expect(text.includes('导入完成') && text.includes('14 行') && text.includes('22 个点位'), `import result: ${text}`)

      const tabs = box.getByRole('tab')
      await tabs.nth(1).waitFor()
      const names = await tabs.allInnerTexts()
      ctx.expect(JSON.stringify(names) === JSON.stringify(months.map(ymOf)), `month tabs ${names}`)
      const table = box.getByRole('table', { name: `${ymOf(months[0])} 排期` })
      const header = async (d) => table.locator(`th[data-day="${pad(d)}"]`)
      const dayHeaders = await table.locator('th[data-day]').count()
      ctx.expect(dayHeaders === daysOf(months[0]), `${dayHeaders} day columns`)
      for (const d of [1, weekend[0], weekday]) {
        const th = await header(d)
        const highlighted = (await th.getAttribute('data-weekend')) === 'true'
        ctx.expect(highlighted === weekend.includes(d), `day ${d} header highlight ${highlighted}`)
        ctx.expect((await th.innerText()).startsWith(pad(d)), `day ${d} label ${await th.innerText()}`)
      }
      const colour = async (d) => (await header(d)).evaluate((el) => getComputedStyle(el).backgroundColor)
      ctx.expect((await colour(weekend[0])) !== (await colour(weekday)), 'weekend headers are not highlighted')
      const line = table.locator('tbody tr', { hasText: tape0.mediaFileName })
      const point = (d) => line.locator(`td[data-day="${pad(d)}"]`).innerText()
      ctx.expect((await point(1)) === '2' && (await point(weekend[0])) === '3' && (await point(weekday)) === '1', 'points in the wrong day columns')
      const blank = Array.from({ length: 28 }, (_, i) => i + 1).find((d) => ![1, weekend[0], weekday].includes(d))
      ctx.expect((await point(blank)) === '', `day ${blank} should be blank`)
      const other = table.locator('tbody tr', { hasText: tape1.mediaFileName })
      const cells = (await other.locator('td').allInnerTexts()).map((c) => c.trim())
      ctx.expect(cells.slice(1, 5).join('|') === `-|${periodNames[1]}|B|2/8`, `second line ${cells.slice(0, 5)}`)
      // The day columns scroll under the fixed line columns.
      const grid = box.locator('.template-grid')
      ctx.expect(await grid.evaluate((el) => el.scrollWidth > el.clientWidth), 'the grid should scroll sideways')
      await page.screenshot({ path: '/tmp/dialogs-template.png' })
      await grid.evaluate((el) => { el.scrollLeft = el.scrollWidth })
      const fixedLeft = await line.locator('td').first().evaluate((el) => el.getBoundingClientRect().left)
      const gridLeft = await grid.evaluate((el) => el.getBoundingClientRect().left)
      ctx.expect(Math.abs(fixedLeft - gridLeft) < 3, 'the version column should stay in view')
      await page.screenshot({ path: '/tmp/dialogs-template-scrolled.png' })

      await tabs.nth(1).click()
      const second = box.getByRole('table', { name: `${ymOf(months[1])} 排期` })
      await second.locator(`tbody tr td[data-day="03"]`, { hasText: '1' }).first().waitFor()
      ctx.expect((await second.locator('tbody tr').count()) === 10, 'the pager shows 10 lines a page')
      await box.getByRole('button', { name: '第 2 页' }).click()
      await page.waitForFunction((n) => document.querySelectorAll(`table[aria-label="${n}"] tbody tr`).length === 2, `${ymOf(months[1])} 排期`)
      await page.screenshot({ path: '/tmp/dialogs-template-page2.png' })
      await closeDialog(box)
      // The schedule moves the order on from 待创建订单.
      await page.waitForFunction((name) => {
        const row = [...document.querySelectorAll('tr[data-row-key]')].find((r) => r.textContent.includes(name))
        return row && !row.textContent.includes('待创建订单')
      }, productName)
    },
  },
  {
    name: '订单模板: a refused file lists every problem and changes nothing',
    run: async (ctx) => {
      const page = shared(ctx)
      const box = await openMore(ctx, page, '订单模板', '订单模板')
      await box.getByRole('tab').nth(1).waitFor()
      const bad = makeWorkbook([
        sheet(months[0], [
          { version: `X不存在${stamp}`, period: periodNames[0], spots: { 2: 1 } },
          { version: ctx.state.tapes[0].mediaFileName, period: `Y不存在${stamp}`, spots: { 2: 1 } },
        ]),
        sheet(before, [{ version: ctx.state.tapes[0].mediaFileName, period: periodNames[0], spots: { 5: 1 } }]),
      ])
      const result = await importTemplate(ctx, page, box, `坏排期-${stamp}.xlsx`, bad)
      await box.getByRole('alert', { name: '导入失败' }).waitFor()
      const text = await result.locator('.import-result__text').innerText()
      ctx.expect(text.startsWith('未导入任何数据：3 行有错误（共 3 处）'), `refusal: ${text}`)
      for (const part of [`X不存在${stamp}`, `Y不存在${stamp}`, '不在订单周期']) ctx.expect(text.includes(part), `the refusal lacks ${part}: ${text}`)
      ctx.expect((await result.getByRole('listitem').count()) === 3, `one problem a line: ${text}`)
      await page.screenshot({ path: '/tmp/dialogs-template-errors.png' })
      // Nothing was written: the first month still has its two lines.
      const table = box.getByRole('table', { name: `${ymOf(months[0])} 排期` })
      ctx.expect((await table.locator('tbody tr').count()) === 2, 'the refused file changed the schedule')
      await box.getByRole('button', { name: '关闭导入结果' }).click()
      await result.waitFor({ state: 'detached' })
      await closeDialog(box)
      // A failed job keeps the progress panel open: it would cover the row's actions (and the
      // job's notification its close button).
      await dismissNotices(page)
      const panel = page.getByTestId('progress-panel')
      await panel.getByRole('button', { name: '关闭处理进度' }).click()
      await panel.waitFor({ state: 'detached' })
    },
  },
  {
    name: '订单模板: the schedule downloads as a template file',
    run: async (ctx) => {
      const page = shared(ctx)
      const box = await openMore(ctx, page, '订单模板', '订单模板')
      await box.getByRole('tab').nth(1).waitFor()
      const download = page.waitForEvent('download')
      const answer = page.waitForResponse(isCall('orderTemplateExport'))
      await box.getByRole('button', { name: '下载排期模板' }).click()
      const body = await (await answer).json()
      ctx.expect(body.code === 200 && body.data.url.endsWith('.xlsx'), `orderTemplateExport answered ${JSON.stringify(body)}`)
      const file = await download
      ctx.expect(file.suggestedFilename().endsWith('排期.xlsx'), `downloaded ${file.suggestedFilename()}`)
      ctx.expect(!(await file.failure()), 'the download failed')
      await closeDialog(box)
    },
  },
  {
    name: '换版通知: the spec messages, a change for tomorrow added (待执行), edited and deleted',
    run: async (ctx) => {
      const page = shared(ctx)
      const [tape0, , tape2] = ctx.state.tapes
      const box = await openMore(ctx, page, '换版通知', '换版通知')
      await box.getByText('暂无换版记录').waitFor()
      const date = box.getByLabel('换版时间')
      // The calendar (ArrowDown opens it) offers the days from tomorrow on; Escape closes it alone.
      await date.press('ArrowDown')
      const calendar = page.getByRole('dialog', { name: '日历' })
      const day = (d) => calendar.locator(`[data-day="${d}"]`).first()
      await day(tomorrow).waitFor()
      ctx.expect(
        (await day(ymd(now)).getAttribute('data-disabled')) === 'true' && (await day(tomorrow).getAttribute('data-disabled')) === null,
        'date bounds',
      )
      await page.keyboard.press('Escape')
      await calendar.waitFor({ state: 'detached' })
      await box.getByText('暂无换版记录').waitFor()
      await box.getByRole('button', { name: '添加', exact: true }).click()
      for (const m of ['请选择订单版本', '请选择换版信息', '请选择换版时间']) await fieldError(box, m)
      await box.getByLabel('订单版本').selectOption({ label: tape0.mediaFileName })
      await box.getByLabel('换版信息').selectOption({ label: tape0.mediaFileName })
      await date.fill(ymd(now))
      await box.getByRole('button', { name: '添加', exact: true }).click()
      await fieldError(box, '换版前后不能是同一版本')
      await fieldError(box, '换版时间 不能小于当前时间')
      await box.getByLabel('换版信息').selectOption({ label: tape2.mediaFileName })
      await date.fill(tomorrow)
      const added = page.waitForResponse(isCall('orderMagneticTapeDetailsUp'))
      await box.getByRole('button', { name: '添加', exact: true }).click()
      const body = await (await added).json()
      ctx.expect(body.code === 200, `orderMagneticTapeDetailsUp answered ${JSON.stringify(body)}`)
      await toastSays(page, '添加完成')
      const row = box.locator('tbody tr', { hasText: tape2.mediaFileName })
      await row.waitFor()
      const cells = (await row.locator('td').allInnerTexts()).map((c) => c.trim())
      ctx.expect(cells[0] === tape0.mediaFileName && cells[2] === tomorrow && cells[3] === '待执行', `row ${cells}`)
      ctx.expect((await box.getByLabel('换版时间').inputValue()) === '', 'the add form should be cleared')
      await page.screenshot({ path: '/tmp/dialogs-tape-change.png' })

      await row.getByRole('button', { name: /^修改/ }).click()
      await box.getByRole('form', { name: `修改换版：${tape0.mediaFileName}` }).waitFor()
      ctx.expect((await box.getByLabel('换版时间').inputValue()) === tomorrow, 'the edit form is filled')
      await box.getByLabel('换版时间').fill(dayAfterTomorrow)
      const edited = page.waitForResponse(isCall('orderMagneticTapeDetailsUp'))
      await box.getByRole('button', { name: '保存修改' }).click()
      const sent = (await edited).request().postDataJSON()
      ctx.expect(sent.executeAt === `${dayAfterTomorrow} 00:00:00` && !sent.tapeId, `edit sent ${JSON.stringify(sent)}`)
      await toastSays(page, '修改完成')
      await row.locator('td', { hasText: dayAfterTomorrow }).waitFor()
      await box.getByRole('form', { name: '添加换版' }).waitFor()

      await row.getByRole('button', { name: /^删除/ }).click()
      const ask = page.getByRole('alertdialog', { name: '提示' })
      await ask.getByText(`确定删除换版「${tape0.mediaFileName} → ${tape2.mediaFileName}，${dayAfterTomorrow}」吗？`).waitFor()
      await ask.getByRole('button', { name: '确定' }).click()
      await toastSays(page, '删除成功')
      await box.getByText('暂无换版记录').waitFor()
      await closeDialog(box)
    },
  },
  {
    name: '调整建议: required messages, added as 待调整, settled as 已调整',
    run: async (ctx) => {
      const page = shared(ctx)
      const box = await openMore(ctx, page, '调整建议', '调整建议')
      await box.getByText('暂无调整建议').waitFor()
      await box.getByRole('button', { name: '添加', exact: true }).click()
      await fieldError(box, '请输入调整建议')
      await fieldError(box, '请选择调整日期')
      const text = `E2E建议${stamp}：晚间时段加 2 个点位`
      await box.getByLabel('建议内容').fill(text)
      await box.getByLabel('调整日期').fill(tomorrow)
      await box.getByRole('button', { name: '添加', exact: true }).click()
      await toastSays(page, '添加完成')
      const row = box.locator('tbody tr', { hasText: text })
      await row.locator('td', { hasText: '待调整' }).waitFor()
      ctx.expect((await row.innerText()).includes(tomorrow), 'the adjust date is listed')
      ctx.expect((await box.getByLabel('建议内容').inputValue()) === '', 'the form should be cleared')
      await page.screenshot({ path: '/tmp/dialogs-proposals-pending.png' })
      await row.getByRole('button', { name: '完成调整' }).click()
      await toastSays(page, '调整完毕')
      await row.locator('td', { hasText: '已调整' }).waitFor()
      ctx.expect((await row.getByRole('button', { name: '完成调整' }).count()) === 0, 'a settled proposal keeps its button')
      await page.screenshot({ path: '/tmp/dialogs-proposals.png' })
      await closeDialog(box)
    },
  },
  {
    name: '历史版本: two versions after an edit, details, restoring the first brings the notes back',
    run: async (ctx) => {
      const page = shared(ctx)
      await dismissNotices(page)
      await orderRow(page).getByRole('button', { name: '编辑' }).click()
      const edit = dialog(page, '编辑订单')
      await edit.getByLabel('备注').waitFor()
      await edit.getByLabel('备注').fill(editedNotes)
      await edit.getByRole('button', { name: '确定' }).click()
      await toastSays(page, '修改成功')
      await edit.waitFor({ state: 'detached' })
      await orderRow(page).locator('td', { hasText: editedNotes }).waitFor()

      const box = await openMore(ctx, page, '历史版本', '历史版本')
      const rows = box.locator('tbody tr[data-row-key]')
      await rows.nth(1).waitFor()
      ctx.expect((await rows.count()) === 2, `two versions expected, got ${await rows.count()}`)
      const newest = rows.nth(0)
      const first = rows.nth(1)
      ctx.expect((await newest.innerText()).includes('版本 2') && (await newest.innerText()).includes('当前版本'), 'the newest is 版本 2, current')
      ctx.expect((await newest.getByRole('button', { name: '恢复' }).count()) === 0, 'the current version has no 恢复')
      ctx.expect((await first.innerText()).includes('版本 1'), 'the older is 版本 1')
      await first.getByRole('button', { name: '详情' }).click()
      const details = box.getByRole('definition').first().locator('xpath=ancestor::dl')
      await details.waitFor()
      const detailText = await details.innerText()
      for (const part of ['周期', `${cycleStart} ~ ${cycleEnd}`, '备注', notes, '产品磁带', ctx.state.tapes[0].mediaFileName, '客户赠播计算方式', '无']) {
        ctx.expect(detailText.includes(part), `version 1 details lack ${part}: ${detailText}`)
      }
      await newest.getByRole('button', { name: '详情' }).click()
      await box.locator('.version-details__row--changed', { hasText: editedNotes }).waitFor()
      await page.screenshot({ path: '/tmp/dialogs-history.png' })

      await first.getByRole('button', { name: '恢复' }).click()
      const ask = page.getByRole('alertdialog', { name: '提示' })
      await ask.getByText('确定恢复到该版本吗？').waitFor()
      const restored = page.waitForResponse(isCall('orderHistoryRestore'))
      await ask.getByRole('button', { name: '确定' }).click()
      const body = await (await restored).json()
      ctx.expect(body.code === 200 && body.data.notes === notes, `orderHistoryRestore answered ${JSON.stringify(body).slice(0, 300)}`)
      await toastSays(page, '恢复成功')
      await rows.nth(2).waitFor()
      ctx.expect((await rows.nth(0).innerText()).includes('版本 3'), 'the restore is version 3')
      await closeDialog(box)
      await orderRow(page).locator('td', { hasText: notes }).waitFor()
    },
  },
  {
    name: '订单日志 lists the import, the tape change, the proposal, the edit and the restore',
    run: async (ctx) => {
      const page = shared(ctx)
      const box = await openMore(ctx, page, '订单日志', '订单日志')
      const rows = box.locator('tbody tr')
      await rows.filter({ hasText: '创建订单' }).waitFor()
      const text = await box.locator('tbody').innerText()
      for (const part of ['导入排期', '添加换版', '修改换版', '删除换版', '添加调整建议', '完成调整', '修改订单', '恢复到']) {
        ctx.expect(text.includes(part), `the log lacks ${part}: ${text}`)
      }
      await page.screenshot({ path: '/tmp/dialogs-log.png' })
      await box.getByRole('button', { name: '确定' }).click()
      await box.waitFor({ state: 'detached' })
    },
  },
]
