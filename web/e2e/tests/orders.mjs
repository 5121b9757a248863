// Order summary (/order/index, the home page) as the super administrator: the master data an
// order needs (a product with two tapes, two periods and two suits on a media) comes from the
// API, then an order is added through the dialog with both suits (their metrics summed),
// listed with its figures, filtered through the URL, edited, its log read, exported, seen by
// the clerk (rules 112) and deleted. The tests share one signed-in page.
import { isCall, shared, waitForPath } from '../lib.mjs'
import { call, seedMasterData } from '../seed.mjs'

const stamp = Date.now().toString(36)
const productName = `E2E订单产品${stamp}`
const suitNames = [`E2E订单套装A${stamp}`, `E2E订单套装B${stamp}`]
const notes = `E2E备注${stamp}`

async function go(page, query = '') {
  await page.goto(`${page.url().split('#')[0]}#/order/index${query}`)
  await waitForPath(page, '/order/index')
  await page.waitForFunction(() => !document.querySelector('.data-table[aria-busy]'))
}

const toastSays = (page, text, kind = 'success') => page.locator(`.toast--${kind}`, { hasText: text }).waitFor()
const dialog = (page, title) => page.getByRole('dialog', { name: title })
const orderRow = (page) => page.locator('tr[data-row-key]', { hasText: productName })
const cellTexts = async (row) => (await row.locator('td').allInnerTexts()).map((t) => t.trim())
const fieldError = (box, text) => box.locator('.form-field__error', { hasText: text }).first().waitFor()

export const tests = [
  {
    setup: true,
    name: 'master data: a product with two tapes, two suits on a media',
    run: async (ctx) => {
      const page = (ctx.state.page = await ctx.open({ keep: true }))
      await ctx.signIn(page, ctx.admin.account, ctx.admin.password)
      ctx.page = page
      const seed = (ctx.state.seed = await seedMasterData(page, stamp))
      const { brand, media } = seed
      ctx.state.product = await call(page, 'productAdd', {
        brandId: brand.id, productName, seconds: 30, audienceCityGroupId: brand.groups.map((g) => g.id).join(','),
        defaultAudienceCityGroupId: brand.groups[1].id, upsideDownThreePer: 30, primeTime: '19:00:00-22:00:00',
        primeTimePer: 60, primeUpsideDownThreePer: 40, jackRequirements: '无',
      })
      ctx.state.tapes = []
      for (const [i, version] of ['春节版', '元宵版'].entries()) {
        ctx.state.tapes.push(await call(page, 'productMagneticTapeAdd', {
          brandId: brand.id, mediaId: media.id, productId: ctx.state.product.id, cycle: '2026', customerVersionName: version,
          mediaFileName: `order_${i}_${stamp}.mp4`, mediaTapeNumber: `O${i}-${stamp}`, customerTitle: version, seconds: 30,
        }))
      }
      const periods = []
      for (const [i, [from, to]] of [['07:00:00', '09:00:00'], ['19:00:00', '21:00:00']].entries()) {
        periods.push(await call(page, 'timePeriodAdd', {
          mediaId: media.id, timePeriodName: `E2E订单时段${i}${stamp}`, preBroadcastTimeForma: from, preBroadcastTimeFormaEnd: to,
        }))
      }
      // 120.1 + 100.2 is 220.29999999999998 in floating point: the dialog must show 220.300.
      for (const [i, [customer, mediaMetrics]] of [['120.1', '100'], ['100.2', '80.125']].entries()) {
        await call(page, 'suitAdd', {
          mediaId: media.id, brandId: brand.id, suitName: suitNames[i], customerMetrics: customer, mediaMetrics, seconds: 30,
          suitTime: '2026-03', timePeriodArray: JSON.stringify([{ timePeriodId: String(periods[i].id), numberOfTimes: 2 }]),
        })
      }
    },
  },
  {
    name: 'add an order with two suits: required messages, summed metrics, saved row with its figures',
    run: async (ctx) => {
      const page = shared(ctx)
      const { brand, media } = ctx.state.seed
      await go(page)
      await page.getByRole('table', { name: '订单汇总' }).waitFor()
      await page.getByRole('button', { name: '添加', exact: true }).click()
      const box = dialog(page, '添加订单')
      await box.getByLabel('媒体', { exact: true }).waitFor()
      ctx.expect((await box.getByLabel('秒数').inputValue()) === '15', 'a new order starts at 15 seconds')
      await box.getByRole('button', { name: '确定' }).click()
      for (const m of ['请选择媒体', '请选择产品名称', '请选择受众/城市组', '请选择产品磁带', '请选择周期开始', '请选择周期结束', '请选择套装', '请选择赠播计算方式', '请选择跟进日期']) {
        await fieldError(box, m)
      }
      await box.getByLabel('媒体', { exact: true }).selectOption({ label: media.mediaName })
      const product = box.getByLabel('产品名称')
      await product.fill(productName)
      await page.getByRole('option', { name: new RegExp(productName) }).waitFor()
      await product.press('Enter')
      ctx.expect((await product.inputValue()).includes(brand.brandName), 'the product is shown with its brand')
      // The product's seconds and its default group are taken.
      await page.waitForFunction(() => document.querySelector('select[name="defaultId"]')?.value !== '')
      ctx.expect((await box.getByLabel('受众/城市组').inputValue()) === String(brand.groups[1].id), 'default group not preselected')
      ctx.expect((await box.getByLabel('秒数').inputValue()) === '30', 'the product seconds are not taken')
      for (const tape of ctx.state.tapes) await box.getByRole('checkbox', { name: new RegExp(tape.mediaFileName.replace('.', '\\.')) }).check()
      for (const name of suitNames) await box.getByRole('checkbox', { name: new RegExp(name) }).check()
      ctx.expect((await box.getByLabel('客户指标').inputValue()) === '220.300', `customer metrics ${await box.getByLabel('客户指标').inputValue()}`)
      ctx.expect((await box.getByLabel('媒体指标').inputValue()) === '180.125', `media metrics ${await box.getByLabel('媒体指标').inputValue()}`)
      await box.getByLabel('周期开始').fill('2026-03-01')
      await box.getByLabel('周期结束').fill('2026-03-31')
      await box.getByLabel('跟进日期').fill('2026-02-20')
      await box.getByLabel('选择空档日期').fill('2026-03-08')
      await box.getByRole('button', { name: '添加日期' }).click()
      await box.getByRole('button', { name: '移除 2026-03-08' }).waitFor()
      await box.getByRole('group', { name: '客户赠播计算方式' }).getByLabel('百分比').check()
      await box.getByLabel('客户赠播值').fill('10')
      await box.getByRole('group', { name: '媒体赠播计算方式' }).getByLabel('无').check()
      await box.getByLabel('数据类别').selectOption({ label: '客户数据' })
      await page.screenshot({ path: '/tmp/orders-dialog.png' })
      await ctx.shot(page, 'order-add-dialog')
      const answer = page.waitForResponse(isCall('orderAdd'))
      await box.getByRole('button', { name: '确定' }).click()
      const body = await (await answer).json()
      ctx.expect(body.code === 200 && body.data.customerMetrics === 220.3 && body.data.suit.length === 2, `orderAdd answered ${JSON.stringify(body)}`)
      ctx.state.orderId = body.data.id
      await toastSays(page, '添加成功')
      await box.waitFor({ state: 'detached' })
      const row = orderRow(page)
      await row.waitFor()
      const cells = await cellTexts(row)
      for (const text of [media.mediaName, brand.brandName, productName, '待创建订单', '220.300', '22.030', '180.125', '2026-03']) {
        ctx.expect(cells.some((c) => c.includes(text)), `row lacks ${text}: ${cells}`)
      }
      // Nothing scheduled or aired: nothing to expect from, so expected, difference and overplay
      // show — on both sides, and nothing is red (not "−100.00%").
      ctx.expect(cells.filter((c) => c.trim() === '—').length >= 6, `the row's figures should be —: ${cells}`)
      ctx.expect((await row.locator('.order-figure--negative').count()) === 0, 'no red figure without a basis')
      await page.screenshot({ path: '/tmp/orders-list.png' })
      // The figures sit to the right: the table scrolls sideways, media and actions stay.
      await page.locator('.orders-table .data-table').evaluate((el) => { el.scrollLeft = el.scrollWidth })
      await page.screenshot({ path: '/tmp/orders-list-figures.png' })
      await ctx.shot(page, 'orders-list')
    },
  },
  {
    name: 'filters live in the URL; a filter matching nothing shows the empty state',
    run: async (ctx) => {
      const page = shared(ctx)
      const { product } = ctx.state
      await go(page, `?productId=${product.id}&month=2026-03`)
      await orderRow(page).waitFor()
      ctx.expect((await page.locator('tr[data-row-key]').count()) === 1, 'the filter did not narrow the list')
      const search = page.getByRole('search')
      ctx.expect((await search.getByLabel('产品名称').inputValue()).includes(productName), 'product filter not restored from the URL')
      ctx.expect((await search.getByLabel('月份').inputValue()) === '2026-03', 'month filter not restored from the URL')
      await search.getByLabel('套装名称').fill(suitNames[1])
      await search.getByLabel('订单状态').selectOption({ label: '待创建订单' })
      await search.getByRole('button', { name: '搜索' }).click()
      await page.waitForFunction(() => location.hash.includes('suitName=') && location.hash.includes('status=1'))
      await page.reload()
      await orderRow(page).waitFor()
      await search.getByLabel('月份').fill('2026-05')
      await search.getByRole('button', { name: '搜索' }).click()
      await page.getByText('暂无符合条件的订单').waitFor()
      await page.screenshot({ path: '/tmp/orders-empty.png' })
      await search.getByRole('button', { name: '重置' }).click()
      await page.waitForFunction(() => !location.hash.includes('month='))
    },
  },
  {
    name: 'edit the notes; media, product, group, seconds and suits are locked',
    run: async (ctx) => {
      const page = shared(ctx)
      await go(page)
      await orderRow(page).getByRole('button', { name: '编辑' }).click()
      const box = dialog(page, '编辑订单')
      await box.getByLabel('备注').waitFor()
      for (const label of ['媒体', '产品名称', '受众/城市组', '秒数']) {
        ctx.expect(await box.getByLabel(label, { exact: true }).isDisabled(), `${label} is not locked`)
      }
      ctx.expect(await box.getByRole('checkbox', { name: new RegExp(suitNames[0]) }).isDisabled(), 'suits are not locked')
      ctx.expect((await box.getByLabel('客户指标').inputValue()) === '220.3', 'metrics not filled in')
      ctx.expect((await box.getByLabel('周期开始').inputValue()) === '2026-03-01', 'cycle not filled in')
      await box.getByRole('button', { name: '移除 2026-03-08' }).waitFor()
      await box.getByLabel('备注').fill(notes)
      await page.screenshot({ path: '/tmp/orders-edit-dialog.png' })
      const answer = page.waitForResponse(isCall('orderUp'))
      await box.getByRole('button', { name: '确定' }).click()
      const body = await (await answer).json()
      ctx.expect(body.code === 200 && body.data.notes === notes, `orderUp answered ${JSON.stringify(body)}`)
      await toastSays(page, '修改成功')
      await box.waitFor({ state: 'detached' })
      await orderRow(page).locator('td', { hasText: notes }).waitFor()
    },
  },
  {
    name: 'the order log lists the creation and the edit',
    run: async (ctx) => {
      const page = shared(ctx)
      await orderRow(page).getByRole('button', { name: /更多/ }).click()
      await page.getByRole('menuitem', { name: '订单日志' }).click()
      const box = dialog(page, `订单日志 #${ctx.state.orderId}`)
      const rows = box.locator('tbody tr')
      await rows.filter({ hasText: '创建订单' }).waitFor()
      const edit = rows.filter({ hasText: '修改订单' })
      await edit.waitFor()
      ctx.expect((await edit.innerText()).includes(notes), `the edit entry lacks the notes: ${await edit.innerText()}`)
      ctx.expect((await rows.count()) === 2, 'two log entries expected')
      await page.screenshot({ path: '/tmp/orders-log.png' })
      await box.getByRole('button', { name: '确定' }).click()
      await box.waitFor({ state: 'detached' })
    },
  },
  {
    name: 'export downloads the filtered list',
    run: async (ctx) => {
      const page = shared(ctx)
      await go(page, `?productId=${ctx.state.product.id}`)
      const download = page.waitForEvent('download')
      const answer = page.waitForResponse(isCall('orderIndexExport'))
      await page.getByRole('search').getByRole('button', { name: '导出' }).click()
      const body = await (await answer).json()
      ctx.expect(body.code === 200 && body.data.url.endsWith('.xlsx'), `orderIndexExport answered ${JSON.stringify(body)}`)
      const file = await download
      ctx.expect(file.suggestedFilename().endsWith('.xlsx'), `downloaded ${file.suggestedFilename()}`)
      ctx.expect(!(await file.failure()), 'the download failed')
    },
  },
  {
    name: 'the clerk (rules 112) sees the order page and the order',
    run: async (ctx) => {
      const page = await ctx.open()
      await ctx.signIn(page, ctx.clerk.account, ctx.clerk.password)
      await waitForPath(page, '/order/index')
      await page.getByRole('table', { name: '订单汇总' }).waitFor()
      await orderRow(page).waitFor()
      await page.getByRole('button', { name: '添加', exact: true }).click()
      await dialog(page, '添加订单').getByLabel('媒体', { exact: true }).locator('option').nth(1).waitFor({ state: 'attached' })
    },
  },
  {
    name: 'delete the order after confirming',
    run: async (ctx) => {
      const page = shared(ctx)
      await go(page)
      await orderRow(page).getByRole('button', { name: '删除' }).click()
      const ask = page.getByRole('alertdialog', { name: '提示' })
      // The question names the order: its product and cycle.
      await ask.getByText(`确定删除订单「${productName} 2026-03-01 至 2026-03-31」吗？`).waitFor()
      await ctx.shot(page, 'order-delete-confirm')
      await ask.getByRole('button', { name: '确定' }).click()
      await toastSays(page, '删除成功')
      await orderRow(page).waitFor({ state: 'detached' })
    },
  },
]
