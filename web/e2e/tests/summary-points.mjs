// 汇总's cell dialogs as the super administrator, through the grid over the real
// server; what each dialog sent is read back from the server (orderSummaryGrpList, orderInfo).
// The order's cycle runs from the first of last month (M) to a year on; M gets a confirmed
// certificate, so its cells are checked — verified (备注, 手动GRP) or short (移动) — while next
// month's (N) stay open (修改, 记录, 批量撤掉/修改, 添加时段). Lines are made with
// orderSummaryGrpYmdAdd:
//   tape A 早间 A: M-03 two spots (aired twice: verified), M-04 three spots (aired once: short,
//   two missing, one made good on N-10 as type B), N-05 one spot, N-06 one spot.
// The grid is found by its month (`role="grid"` named `<month> 汇总表`), its day cells by
// `data-line` (the line id) and `data-ymd` (the day) once scrolled into view (the grid renders
// only what is in view), its menus by their Chinese names. Screenshots: test-results/summary-points-*.png.
import { config, dismissNotices, isCall, shared, toastSays } from '../lib.mjs'
import { summaryFlow } from '../summary-flow.mjs'
import { addProduct, call, pad, seedMasterData, seedOrder, ymd, ymOf } from '../seed.mjs'
import { makeWorkbook } from '../xlsx.mjs'

const stamp = Date.now().toString(36)
const productName = `E2E汇总产品${stamp}`
const early = `E2E早间${stamp}`
const evening = `E2E晚间${stamp}`
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

const now = new Date()
const cycleStart = ymd(new Date(now.getFullYear(), now.getMonth() - 1, 1))
const cycleEnd = ymd(new Date(now.getFullYear() + 1, now.getMonth() + 1, 0))
const M = ymOf(new Date(now.getFullYear(), now.getMonth() - 1, 1))
const N = ymOf(new Date(now.getFullYear(), now.getMonth() + 1, 1))
const inM = (d) => `${M}-${pad(d)}`
const inN = (d) => `${N}-${pad(d)}`

/** The viewport as the user sees it (a full-page shot would lay the fixed dialogs out again over a taller page). */
const view = (page, name) => page.screenshot({ path: `${config.out}summary-points-${name}.png` })

const { dialog, orderRow, fieldError, go, openMore, linesOf, lineOf, cellAt, openGrid, showMonth, gridCell, menu, send, closeGrid } = summaryFlow(productName)

export const tests = [
  {
    setup: true,
    name: 'an order of tapes A and B with a suit of both periods; spots in M and N; M’s certificate confirmed',
    run: async (ctx) => {
      const page = (ctx.state.page = await ctx.open({ keep: true }))
      await ctx.signIn(page, ctx.admin.account, ctx.admin.password)
      ctx.page = page
      const { brand, media } = await seedMasterData(page, stamp)
      const product = await addProduct(page, brand, productName)
      const { tapes, periods, order } = await seedOrder(page, {
        brand, media, product,
        tapes: ['A版', 'B版'].map((version, i) => ({ version, fileName: `sum_${'AB'[i]}_${stamp}.mp4`, number: `S${i}-${stamp}` })),
        periods: [[early, '07:00:00', '09:00:00'], [evening, '19:00:00', '21:00:00']], times: 5, suitName: `E2E汇总套装${stamp}`, month: N,
        order: { cycleTimeAdd: cycleStart, cycleTimeEnd: cycleEnd, followDate: cycleStart, makeGoodPolicy: 3 },
      })
      ctx.state.tapes = tapes
      ctx.state.periods = periods
      ctx.state.orderId = order.id
      const [a] = tapes
      const add = (day, num, type = 'A') => call(page, 'orderSummaryGrpYmdAdd', { orderId: order.id, type, timePeriodId: periods[0].id, productDefaultId: a.id, ymd: day, num })
      await add(inM(3), 2)
      await add(inM(4), 3)
      await add(inN(5), 1)
      await add(inN(6), 1)
      await go(page)

      // M's certificate: both spots of M-03 aired, so the cell is verified; one of M-04's three, so it is short.
      const box = await openMore(ctx, page, '媒体播出证明')
      await box.getByRole('button', { name: '上传播出证明' }).click()
      const up = dialog(page, '上传文件')
      await up.waitFor()
      await up.getByRole('button', { name: '选择文件' }).and(page.locator(':enabled')).waitFor()
      const bytes = makeWorkbook([{ name: '播出证明', rows: [['日期', '播出时间', '时段', '版本', '次数'], [inM(3), '07:30:00', early, a.mediaFileName, 2], [inM(4), '07:30:00', early, a.mediaFileName, 1]] }])
      await up.getByLabel('选择要上传的文件').setInputFiles({ name: `汇总播证-${stamp}.xlsx`, mimeType: XLSX, buffer: bytes })
      await up.getByRole('button', { name: '开始上传' }).click()
      await up.waitFor({ state: 'detached' })
      await box.getByTestId('import-result').locator('.import-result__text').waitFor({ timeout: 25_000 })
      const confirm = box.getByRole('button', { name: '确认更新' }).and(page.locator(':enabled'))
      await confirm.waitFor({ timeout: 15_000 })
      // 确认更新 opens the check (typeY 1); its own 确认更新 confirms (typeY 2).
      await confirm.click()
      const check = dialog(page, '确认更新播出证明')
      const apply = check.getByRole('button', { name: '确认更新' }).and(page.locator(':enabled'))
      await apply.waitFor({ timeout: 15_000 })
      const confirmed = page.waitForResponse(isCall('orderBroadcastLicenseUp'))
      await apply.click()
      // It asks first, naming the months it locks; nothing is sent until 确认锁定.
      await page.getByRole('alertdialog', { name: '确认锁定' }).getByRole('button', { name: '确认锁定' }).click()
      ctx.expect((await (await confirmed).json()).code === 200, 'the certificate was not confirmed')
      await check.waitFor({ state: 'detached' })
      await box.getByRole('button', { name: '取消', exact: true }).last().click()
      await box.waitFor({ state: 'detached' })
      const verified = cellAt(await lineOf(ctx, page, M, a, early, 'A'), inM(3))
      ctx.expect(verified?.isHe === 2, `M-03 is not verified: ${JSON.stringify(verified)}`)
      const short = cellAt(await lineOf(ctx, page, M, a, early, 'A'), inM(4))
      ctx.expect(short?.isHe === 1 && short.reasonDisappearance === '1' && short.aired === 1 && short.point === 3, `M-04 is not short: ${JSON.stringify(short)}`)
    },
  },
  {
    name: '补播政策 in the order form: the order’s own shown, a change saved with orderUp',
    run: async (ctx) => {
      const page = shared(ctx)
      await dismissNotices(page)
      await orderRow(page).getByRole('button', { name: '编辑' }).click()
      const box = dialog(page, '编辑订单')
      const policy = box.getByLabel('补播政策')
      await policy.waitFor()
      ctx.expect((await policy.inputValue()) === '3', `补播政策 shows ${await policy.inputValue()}`)
      await policy.selectOption({ label: '错一补一' })
      const answer = page.waitForResponse(isCall('orderUp'))
      await box.getByRole('button', { name: '确定' }).click()
      const sent = (await answer).request().postDataJSON()
      ctx.expect(sent.makeGoodPolicy === 2, `orderUp sent ${JSON.stringify(sent)}`)
      await toastSays(page, '修改成功')
      await box.waitFor({ state: 'detached' })
      const stored = await call(page, 'orderInfo', { orderId: ctx.state.orderId }, { get: true })
      ctx.expect(stored.makeGoodPolicy === 2, `orderInfo answers makeGoodPolicy ${stored.makeGoodPolicy}`)
    },
  },
  {
    name: '修改: a new cell on an empty day (0 refused), then its spots and 撤掉; 记录 lists the change',
    run: async (ctx) => {
      const page = shared(ctx)
      const [a] = ctx.state.tapes
      const line = await lineOf(ctx, page, N, a, early, 'A')
      const grid = await openGrid(ctx, page, N)

      let box = await menu(page, grid, line, inN(9), '修改', '修改点位')
      ctx.expect(await box.getByRole('radio', { name: 'A' }).isChecked(), 'the line’s type is preset')
      await box.getByLabel('点位数量').fill('0')
      await box.getByLabel('点位数量').press('Enter')
      await fieldError(box, '请输入大于0')
      await box.getByLabel('点位数量').fill('2')
      let body = await send(page, box, 'orderSummaryGrpYmdUp')
      ctx.expect(body.code === 200, `create answered ${JSON.stringify(body)}`)
      await toastSays(page, '点位已修改')
      await box.waitFor({ state: 'detached' })
      let cell = cellAt(await lineOf(ctx, page, N, a, early, 'A'), inN(9))
      ctx.expect(cell?.point === 2 && cell.value === '', `N-09 stored ${JSON.stringify(cell)}`)

      box = await menu(page, grid, line, inN(9), '修改', '修改点位')
      ctx.expect((await box.getByLabel('点位数量').inputValue()) === '2', 'the cell’s spots are preset')
      await box.getByLabel('点位数量').fill('3')
      await box.getByRole('switch', { name: '撤掉' }).click()
      body = await send(page, box, 'orderSummaryGrpYmdUp')
      ctx.expect(body.code === 200, `modify answered ${JSON.stringify(body)}`)
      await box.waitFor({ state: 'detached' })
      cell = cellAt(await lineOf(ctx, page, N, a, early, 'A'), inN(9))
      ctx.expect(cell?.point === 3 && cell.value === '撤掉', `N-09 stored ${JSON.stringify(cell)}`)

      box = await menu(page, grid, line, inN(9), '记录')
      const rows = box.getByRole('table', { name: '记录' }).locator('tbody tr')
      await rows.first().waitFor()
      const newest = await rows.first().innerText()
      ctx.expect(newest.includes('点位 2 → 3') && newest.includes('撤掉'), `the newest record says ${newest}`)
      await page.keyboard.press('Escape')
      await box.waitFor({ state: 'detached' })

      // An empty day has no records; a click (or Enter) on a cell opens them.
      await (await gridCell(grid, line, inN(20))).click()
      box = dialog(page, '记录')
      await box.getByText('暂无记录数据').waitFor()
      await page.keyboard.press('Escape')
      await box.waitFor({ state: 'detached' })
      await closeGrid(grid)
    },
  },
  {
    name: '批量撤掉 asks for no type or count and clears the selection; 取消撤掉 likewise; 修改 needs both (0 refused), then both type B with one spot',
    run: async (ctx) => {
      const page = shared(ctx)
      const [a] = ctx.state.tapes
      const line = await lineOf(ctx, page, N, a, early, 'A')
      const ids = [cellAt(line, inN(5)).id, cellAt(line, inN(6)).id]
      const grid = await openGrid(ctx, page, N)
      const batch = grid.getByRole('button', { name: /^批量撤掉\/修改/ })
      const choose = async () => {
        await (await gridCell(grid, line, inN(5))).click({ modifiers: ['ControlOrMeta'] })
        await (await gridCell(grid, line, inN(6))).click({ modifiers: ['ControlOrMeta'] })
        ctx.expect((await batch.textContent()) === '批量撤掉/修改（2）', `two chosen: ${await batch.textContent()}`)
        await batch.click()
        const box = dialog(page, '批量撤掉/修改')
        await box.waitFor()
        ctx.expect((await box.getByRole('region', { name: '已选点位' }).getByRole('listitem').count()) === 2, 'two cells listed')
        return box
      }
      const cleared = async (what) => {
        await page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent === '批量撤掉/修改（0）' && b.disabled))
        ctx.expect((await grid.locator('[role="gridcell"][aria-selected="true"]').count()) === 0, `${what}: no cell stays chosen`)
      }

      // 撤掉 (the default): no type, no count; each cell keeps its own.
      let box = await choose()
      ctx.expect(await box.getByRole('radio', { name: '撤掉', exact: true }).isChecked(), '撤掉 is the default')
      ctx.expect((await box.getByLabel('点位数量').count()) === 0 && (await box.getByRole('group', { name: '点位类型' }).count()) === 0, 'no type or count to withdraw')
      await view(page, 'batch-withdraw')
      const request = page.waitForRequest(isCall('orderSummaryGrpYmdUp'))
      let body = await send(page, box, 'orderSummaryGrpYmdUp')
      const sent = JSON.parse((await request).postData())
      ctx.expect(sent.value === '撤掉' && !('type' in sent) && !('num' in sent), `withdraw sent ${JSON.stringify(sent)}`)
      ctx.expect(body.code === 200 && [...body.data.ids].sort().join() === [...ids].sort().join(), `batch answered ${JSON.stringify(body)}`)
      await toastSays(page, '已撤掉 2 个点位')
      await box.waitFor({ state: 'detached' })
      await cleared('after 撤掉')
      await view(page, 'batch-withdrawn')
      let now = await lineOf(ctx, page, N, a, early, 'A')
      for (const day of [inN(5), inN(6)]) {
        const cell = cellAt(now, day)
        ctx.expect(cell?.value === '撤掉' && cell.point === 1 && cell.type === 'A', `${day} withdrawn as it was: ${JSON.stringify(cell)}`)
      }

      // 取消撤掉: the same, undone.
      box = await choose()
      await box.getByRole('radio', { name: '取消撤掉' }).check()
      body = await send(page, box, 'orderSummaryGrpYmdUp')
      ctx.expect(body.code === 200, `restore answered ${JSON.stringify(body)}`)
      await toastSays(page, '已取消撤掉 2 个点位')
      await box.waitFor({ state: 'detached' })
      await cleared('after 取消撤掉')
      now = await lineOf(ctx, page, N, a, early, 'A')
      ctx.expect([inN(5), inN(6)].every((day) => cellAt(now, day)?.value === ''), 'both restored')

      // 修改类型与数量: a type and a count above 0.
      box = await choose()
      await box.getByRole('radio', { name: '修改类型与数量' }).check()
      await box.getByRole('radio', { name: 'B' }).check()
      await box.getByLabel('点位数量').fill('0')
      await box.getByRole('button', { name: '确定' }).click()
      await fieldError(box, '请输入大于0')
      await box.getByLabel('点位数量').fill('1')
      body = await send(page, box, 'orderSummaryGrpYmdUp')
      ctx.expect(body.code === 200 && [...body.data.ids].sort().join() === [...ids].sort().join(), `batch answered ${JSON.stringify(body)}`)
      await toastSays(page, '已修改 2 个点位')
      await box.waitFor({ state: 'detached' })
      await cleared('after 修改')
      const moved = await lineOf(ctx, page, N, a, early, 'B')
      for (const day of [inN(5), inN(6)]) {
        const cell = cellAt(moved, day)
        ctx.expect(cell?.point === 1 && ids.includes(cell.id), `${day} on the B line: ${JSON.stringify(cell)}`)
      }
      await closeGrid(grid)
    },
  },
  {
    name: '添加时段: every message of docs/screens.md "Summary dialog", then two spots of tape B 晚间 type C on N-15',
    run: async (ctx) => {
      const page = shared(ctx)
      const [, b] = ctx.state.tapes
      const grid = await openGrid(ctx, page, N)
      await grid.getByRole('button', { name: '添加时段' }).click()
      const box = dialog(page, '添加时段')
      await box.waitFor()
      await box.getByRole('button', { name: '确定' }).click()
      // Each under its field (the selects' placeholders say the same words, so by the field's error).
      for (const text of ['请选择版本', '请选择类型', '请选择时段', '请选择日期', '请输入大于0的点位数量']) await fieldError(box, text)
      await box.getByLabel('版本').selectOption({ label: b.mediaFileName })
      await box.getByRole('radio', { name: 'C' }).check()
      await box.getByLabel('时段', { exact: true }).selectOption({ label: evening })
      await box.getByLabel('日期').fill(inN(15))
      await box.getByLabel('点位数量').fill('2')
      const answer = page.waitForResponse(isCall('orderSummaryGrpYmdAdd'))
      await box.getByLabel('点位数量').press('Enter')
      const body = await (await answer).json()
      ctx.expect(body.code === 200, `add answered ${JSON.stringify(body)}`)
      await toastSays(page, '时段已添加')
      await box.waitFor({ state: 'detached' })
      const cell = cellAt(await lineOf(ctx, page, N, b, evening, 'C'), inN(15))
      ctx.expect(cell?.point === 2 && cell.id === body.data.id, `N-15 stored ${JSON.stringify(cell)}`)
      await closeGrid(grid)
    },
  },
  {
    name: '备注 and 手动GRP on the verified cell: their refusals, then the reason and the GRP stored',
    run: async (ctx) => {
      const page = shared(ctx)
      const [a] = ctx.state.tapes
      const line = await lineOf(ctx, page, M, a, early, 'A')
      const grid = await openGrid(ctx, page, M)

      let box = await menu(page, grid, line, inM(3), '备注')
      await box.getByRole('button', { name: '确定' }).click()
      await fieldError(box, '请输入原因')
      await box.getByLabel('原因').fill('客户要求改期')
      let body = await send(page, box, 'orderSummaryGrpYmdUp')
      ctx.expect(body.code === 200, `reason answered ${JSON.stringify(body)}`)
      await toastSays(page, '备注已保存')
      await box.waitFor({ state: 'detached' })
      let cell = cellAt(await lineOf(ctx, page, M, a, early, 'A'), inM(3))
      ctx.expect(cell.reasonType === '2' && cell.reasonValue === '客户要求改期' && cell.point === 2 && cell.isHe === 2, `M-03 ${JSON.stringify(cell)}`)

      box = await menu(page, grid, line, inM(3), '手动GRP')
      await box.getByLabel('毛评点').fill('-1')
      await box.getByLabel('毛评点').press('Enter')
      await fieldError(box, '毛评点必须是大于等于0的数字')
      await box.getByLabel('毛评点').fill('1.5')
      body = await send(page, box, 'grpYmdUp')
      ctx.expect(body.code === 200, `grpYmdUp answered ${JSON.stringify(body)}`)
      await toastSays(page, '毛评点已保存')
      await box.waitFor({ state: 'detached' })
      cell = cellAt(await lineOf(ctx, page, M, a, early, 'A'), inM(3))
      ctx.expect(cell.mdp === 1.5, `M-03 mdp ${cell.mdp}`)

      // Keyboard only: the menu from Shift+F10 on the focused cell, Escape closes the dialog.
      await (await gridCell(grid, line, inM(3))).focus()
      await page.keyboard.press('Shift+F10')
      await page.getByRole('menuitem', { name: '记录', exact: true }).click()
      box = dialog(page, '记录')
      const newest = await box.getByRole('table', { name: '记录' }).locator('tbody tr').first().innerText()
      ctx.expect(newest.includes('人工毛评点'), `the newest record says ${newest}`)
      await page.keyboard.press('Escape')
      await box.waitFor({ state: 'detached' })
      await closeGrid(grid)
    },
  },
  {
    name: '移动 on the short A cell of confirmed M: opens on type B, refuses a passed day, places a make-good on N-10; 补播 follows',
    run: async (ctx) => {
      const page = shared(ctx)
      const [a, b] = ctx.state.tapes
      const orderId = ctx.state.orderId
      const source = await lineOf(ctx, page, M, a, early, 'A')
      const monthOf = async (ym) => (await call(page, 'orderSummaryGrpList', { orderId }, { get: true })).find((m) => m.pointDateYm === ym)
      const cellsOf = async (ym) => (await linesOf(ctx, page, ym)).reduce((n, l) => n + l.order_summary_grp_ymd.length, 0)
      const cellsInM = await cellsOf(M)
      const grid = await openGrid(ctx, page, M)

      // M: M-03 verified (grey, with its reason's corner), M-04 short (red outline, its counts in the tooltip).
      let cell = await gridCell(grid, source, inM(4))
      ctx.expect((await cell.getAttribute('class')).includes('summary-grid__day--short'), `M-04 looks ${await cell.getAttribute('class')}`)
      ctx.expect((await cell.getAttribute('title')).includes('缺播 2 个，已移动 0 个'), `M-04 says ${await cell.getAttribute('title')}`)
      await grid.getByRole('list', { name: '图例' }).waitFor()
      await view(page, 'grid-verified-short')
      await cell.click({ button: 'right' })
      const items = await page.getByRole('menu').getByRole('menuitem').allInnerTexts()
      ctx.expect(items.join(',') === '修改,记录,移动', `menu of a short cell: ${items}`)
      await page.getByRole('menuitem', { name: '移动', exact: true }).click()
      const box = dialog(page, '移动点位')
      await box.waitFor()

      // It opens on a make-good: type B checked, every type enabled, the source's version and period chosen.
      const radios = box.getByRole('radio')
      await box.getByLabel('移动后版本').locator('option', { hasText: b.mediaFileName }).waitFor({ state: 'attached' })
      const opened = await radios.evaluateAll((els) => els.map((r) => `${r.value}${r.checked ? '*' : ''}${r.disabled ? '-' : ''}`).join(','))
      ctx.expect(opened === 'A,B*,C,D', `the type radios open as ${opened}`)
      ctx.expect((await box.getByLabel('移动后版本').inputValue()) === String(a.id), 'the source’s version is chosen')
      ctx.expect((await box.getByLabel('订单时段').inputValue()) === String(ctx.state.periods[0].id), 'the source’s period is chosen')
      await box.getByText(/^可选未播出的日期：\d{4}-\d{2}-\d{2} 至 /).waitFor()
      await view(page, 'move-open')

      // Type A keeps M-04, a day of the confirmed month: said at once.
      await box.getByRole('radio', { name: 'A' }).check()
      ctx.expect((await box.getByLabel('移动后日期').inputValue()) === inM(4), 'type A shows the day it keeps')
      await fieldError(box, '移动后日期须在未播出的周期内')
      await view(page, 'move-type-a')
      await box.getByRole('radio', { name: 'B' }).check()

      // Tape B 晚间 on N-10; a day of M is refused before anything is sent.
      await box.getByLabel('移动后版本').selectOption({ label: b.mediaFileName })
      await box.getByLabel('订单时段').selectOption({ label: evening })
      const suit = box.getByLabel('套装列表')
      await suit.locator('option').nth(1).waitFor({ state: 'attached' })
      await suit.selectOption({ index: 1 })
      await box.getByText(/该套装项剩余 \d+ 点/).waitFor()
      await box.getByLabel('点位数量').fill('1')
      await box.getByLabel('移动后日期').fill(inM(20))
      let sent = 0
      const counting = (response) => { if (isCall('orderSummaryGrpYmdYdY')(response)) sent++ }
      page.on('response', counting)
      await box.getByRole('button', { name: '检查', exact: true }).click()
      await fieldError(box, '移动后日期须在未播出的周期内')
      page.off('response', counting)
      ctx.expect(sent === 0, `a passed day was sent ${sent} times`)

      await box.getByLabel('移动后日期').fill(inN(10))
      let body = await send(page, box, 'orderSummaryGrpYmdYdY', '检查')
      ctx.expect(body.code === 200 && body.data.max === 2 && body.data.preview.to.type === 'B', `check answered ${JSON.stringify(body)}`)
      const preview = box.getByRole('table', { name: '移动预览' })
      await preview.waitFor()
      const shown = await preview.innerText()
      for (const text of [inM(4), '缺失 2 点，已移出 0 点', inN(10), b.mediaFileName, evening, '现有 0 点，移入后 1 点']) {
        ctx.expect(shown.includes(text), `the preview lacks ${text}: ${shown}`)
      }
      await box.getByText('最多可移动 2 点').waitFor()
      await view(page, 'move-preview')

      // More than may move: refused under the count, nothing stored.
      await box.getByLabel('点位数量').fill('3')
      body = await send(page, box, 'orderSummaryGrpYmdYdY', '检查')
      ctx.expect(body.code === 4000, `a check of 3 answered ${JSON.stringify(body)}`)
      await fieldError(box, '可输入最大于值2')
      ctx.expect(!(await box.getByRole('button', { name: '确认移动' }).isEnabled()), '确认移动 stays off without a preview')

      await box.getByLabel('点位数量').fill('1')
      body = await send(page, box, 'orderSummaryGrpYmdYdY', '检查')
      ctx.expect(body.code === 200, `the second check answered ${JSON.stringify(body)}`)
      await preview.waitFor()
      body = await send(page, box, 'orderSummaryGrpYmdYdY', '确认移动')
      ctx.expect(body.code === 200 && body.data.moved === 1 && body.data.max === 1, `the move answered ${JSON.stringify(body)}`)
      await toastSays(page, '已移动 1 点')
      await box.waitFor({ state: 'detached' })

      // Read back: moved on the source, a make-good (type B) on N-10, no new cell in M.
      const from = cellAt(await lineOf(ctx, page, M, a, early, 'A'), inM(4))
      ctx.expect(from.moved === 1 && from.point === 3 && from.aired === 1 && from.reasonDisappearance === '1', `M-04 after the move: ${JSON.stringify(from)}`)
      const target = await lineOf(ctx, page, N, b, evening, 'B')
      const to = cellAt(target, inN(10))
      ctx.expect(to?.id === body.data.toId && to.point === 1 && to.makeGood === 1, `N-10 after the move: ${JSON.stringify(to)}`)
      ctx.expect((await cellsOf(M)) === cellsInM, 'the move planned nothing in the confirmed month')
      // 错一补一 (the policy set above): M's 2 missing spots owe 2 (outstanding 2); N places 1,
      // so 2 − 1 = 1 is still outstanding there (the batch's B cells were not placed as make-goods).
      const m = await monthOf(M)
      const n = await monthOf(N)
      const figures = ({ owed, scheduled, outstanding }) => `${owed} ${scheduled} ${outstanding}`
      ctx.expect(figures(m.makeGood) === '2 0 2', `M's make-goods: ${JSON.stringify(m.makeGood)}`)
      ctx.expect(figures(n.makeGood) === '0 1 1', `N's make-goods: ${JSON.stringify(n.makeGood)}`)

      // The grid: the source's tooltip counts the move, its records say where the spot went.
      await grid.locator(`[data-line="${source.id}"][data-ymd="${inM(4)}"][title*="已移动 1 个"]`).waitFor()
      const records = await menu(page, grid, source, inM(4), '记录')
      const newest = await records.getByRole('table', { name: '记录' }).locator('tbody tr').first().innerText()
      ctx.expect(newest.includes(`移出 1 点至 ${b.mediaFileName} / ${evening} / B ${inN(10)}`), `the source's newest record says ${newest}`)
      await page.keyboard.press('Escape')
      await records.waitFor({ state: 'detached' })

      // N: the moved spot on the destination with its make-good corner, beside the withdrawn N-09.
      await showMonth(grid, N)
      cell = await gridCell(grid, target, inN(10))
      ctx.expect((await cell.innerText()) === '1' && (await cell.getAttribute('class')).includes('summary-grid__day--make-good'), `N-10 shows ${await cell.innerText()} ${await cell.getAttribute('class')}`)
      ctx.expect((await cell.getAttribute('title')).includes('补播 1 个'), `N-10 says ${await cell.getAttribute('title')}`)
      await view(page, 'grid-withdrawn-make-good')
      const into = await menu(page, grid, target, inN(10), '记录')
      const arrived = await into.getByRole('table', { name: '记录' }).locator('tbody tr').first().innerText()
      ctx.expect(arrived.includes('移入 1 点'), `the destination's newest record says ${arrived}`)
      await page.keyboard.press('Escape')
      await into.waitFor({ state: 'detached' })

      // 汇总 mode: the make-goods per month under the order's policy, as worked out above.
      await grid.getByRole('button', { name: '汇总', exact: true }).click()
      await grid.getByText('补播政策：错一补一').waitFor()
      const table = grid.getByRole('table', { name: '补播' })
      const rowOf = async (ym) => (await table.locator(`tr[data-month="${ym}"]`).innerText()).split(/\s+/).join(' ')
      ctx.expect((await rowOf(M)) === `${M} 2 0 2`, `M's row: ${await rowOf(M)}`)
      ctx.expect((await rowOf(N)) === `${N} 0 1 1`, `N's row: ${await rowOf(N)}`)
      // The suit list: no count below zero.
      const suits = grid.getByRole('table', { name: '套装剩余次数' })
      await suits.locator('tbody tr').first().waitFor()
      const remaining = await suits.locator('tbody tr td:nth-child(6)').allInnerTexts()
      ctx.expect(remaining.length > 0 && remaining.every((r) => /^\d+/.test(r)), `the suits' remaining: ${remaining}`)
      await grid.locator('#summary-make-goods').evaluate((el) => el.scrollIntoView({ block: 'start' }))
      await view(page, 'collect')
      await closeGrid(grid)
    },
  },
]
