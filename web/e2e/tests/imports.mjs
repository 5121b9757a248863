// The import dialogs' header help and templates, as a first-day user meets them: on an order of
// the flow's own (tape A on its media, one evening period, a cycle from the first of last month
// to the end of next month), 媒体播出证明 → 上传播出证明 names the certificate's required columns
// (日期、播出时间、版本) and optional ones, 下载模板 downloads the order's template — its headers
// as docs/import-formats.md writes them and one example row: yesterday, 19:05:00 in the evening
// period, tape A, 15 s, 正一, 1 spot — and that very file, chosen in the same dialog, imports as 1
// row (1 spot). 客户数据 → 导入 asks the audience group (each name once, blank: the file's own
// column) and moves 受众/城市组 to the optional columns once one is chosen; its template has the
// customer-data headers. Both dialogs are looked at in Chinese at 1440×900 and in English at
// 1280 wide, axe-clean.
// Screenshots: test-results/imports-*.png.
import { readFile } from 'node:fs/promises'
import { dismissNotices, expectAccessible, isCall, shared, waitForPath } from '../lib.mjs'
import { addProduct, seedMasterData, seedOrder, ymd, ymOf } from '../seed.mjs'
import { readXlsx } from '../xlsx-read.mjs'

const stamp = Date.now().toString(36)
const productName = `E2E模板产品${stamp}`
const evening = `E2E模板晚间${stamp}`
const now = new Date()
const cycleStart = ymd(new Date(now.getFullYear(), now.getMonth() - 1, 1))
const cycleEnd = ymd(new Date(now.getFullYear(), now.getMonth() + 2, 0))
const yesterday = ymd(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1))

const dialog = (page, title) => page.getByRole('dialog', { name: title })
const orderRow = (page) => page.locator('tr[data-row-key]', { hasText: productName })
/** The text of the help's `label` line (必填列 / 选填列). */
const line = (help, label) => help.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').innerText()

/** 下载模板 in `up`: the downloaded workbook's first sheet as rows, and its bytes. */
async function downloadTemplate(ctx, page, up, button = '下载模板') {
  const answer = page.waitForResponse(isCall('importTemplateExport'))
  const download = page.waitForEvent('download')
  await up.getByRole('button', { name: button }).click()
  const body = await (await answer).json()
  ctx.expect(body.code === 200 && body.data.url, `importTemplateExport answered ${JSON.stringify(body)}`)
  const file = await download
  ctx.expect(file.suggestedFilename().endsWith('.xlsx'), `downloaded as ${file.suggestedFilename()}`)
  const bytes = await readFile(await file.path())
  return { rows: readXlsx(bytes).sheets[0].rows, bytes, name: file.suggestedFilename() }
}

export const tests = [
  {
    setup: true,
    name: 'an order of the flow’s own: tape A, an evening period, a cycle around today',
    run: async (ctx) => {
      const page = (ctx.state.page = await ctx.open({ keep: true }))
      await page.setViewportSize({ width: 1440, height: 900 })
      await ctx.signIn(page, ctx.admin.account, ctx.admin.password)
      ctx.page = page
      const { brand, media } = await seedMasterData(page, stamp)
      const product = await addProduct(page, brand, productName)
      const { tapes, order } = await seedOrder(page, {
        brand, media, product,
        tapes: [{ version: 'A版', fileName: `tpl_A_${stamp}.mp4`, number: `TA-${stamp}` }],
        periods: [[evening, '19:00:00', '22:00:00']], times: 5, suitName: `E2E模板套装${stamp}`, month: ymOf(now),
        order: { cycleTimeAdd: cycleStart, cycleTimeEnd: cycleEnd, followDate: cycleStart },
      })
      ctx.state.tape = tapes[0]
      ctx.state.orderId = order.id
      ctx.state.groups = brand.groups.map((g) => g.audienceCityGroupName)
      // Signing in opened the order list before the order existed: load it afresh.
      await page.goto(`${ctx.base}/#/order/index`)
      await waitForPath(page, '/order/index')
      await page.reload()
      await orderRow(page).waitFor()
    },
  },
  {
    name: '上传播出证明 names its columns; the downloaded template imports as it is',
    run: async (ctx) => {
      const page = shared(ctx)
      await dismissNotices(page)
      await orderRow(page).getByRole('button', { name: /更多/ }).click()
      await page.getByRole('menuitem', { name: '媒体播出证明' }).click()
      const box = dialog(page, `媒体播出证明 #${ctx.state.orderId}`)
      await box.getByText('该订单尚未导入播出证明，请上传播出证明').waitFor()
      await box.getByRole('button', { name: '上传播出证明' }).click()
      const up = dialog(page, '上传文件')
      const help = up.getByRole('region', { name: '表头说明' })
      await help.locator('dt', { hasText: '必填列' }).waitFor()
      ctx.expect((await line(help, '必填列')) === '日期、播出时间、版本', `required: ${await line(help, '必填列')}`)
      ctx.expect((await line(help, '选填列')) === '时段、时长、位置、次数', `optional: ${await line(help, '选填列')}`)
      await help.getByText('列名也可写作').click()
      await help.getByText('版本：version、素材、媒体文件名、磁带号').waitFor()
      await expectAccessible(page, 'the certificate upload dialog', { include: '[role=dialog]' })
      await ctx.shot(page, 'certificate-help')

      const { rows, bytes, name } = await downloadTemplate(ctx, page, up)
      const headers = ['日期', '播出时间', '时段', '版本', '时长', '位置', '次数']
      ctx.expect(JSON.stringify(rows[0]) === JSON.stringify(headers), `template headers ${JSON.stringify(rows[0])}`)
      const example = [yesterday, '19:05:00', evening, ctx.state.tape.mediaFileName, 15, '正一', 1]
      ctx.expect(JSON.stringify(rows[1]) === JSON.stringify(example), `template example ${JSON.stringify(rows[1])}`)
      ctx.expect(rows.length === 2, `one example row, got ${rows.length - 1}`)

      // The very file, chosen in the same dialog.
      await up.getByRole('button', { name: '选择文件' }).and(page.locator(':enabled')).waitFor()
      await up.getByLabel('选择要上传的文件').setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: bytes })
      await up.getByText(name).waitFor()
      await up.getByRole('button', { name: '开始上传' }).click()
      await up.waitFor({ state: 'detached' })
      const result = box.getByTestId('import-result')
      await result.locator('.import-result__text').waitFor({ timeout: 25_000 })
      const text = await result.innerText()
      ctx.expect(text.includes('导入完成') && text.includes('已导入 1 行播出证明（1 个点位）'), `the template's import: ${text}`)
      await box.getByRole('region', { name: '播出证明汇总' }).waitFor()
      await ctx.shot(page, 'certificate-imported')
      await box.getByRole('button', { name: '取消', exact: true }).last().click()
      await box.waitFor({ state: 'detached' })
    },
  },
  {
    name: '客户数据 → 导入 asks the audience group; chosen, the file may leave 受众/城市组 out',
    run: async (ctx) => {
      const page = shared(ctx)
      await page.goto(`${ctx.base}/#/client/index`)
      await waitForPath(page, '/client/index')
      await dismissNotices(page)
      await page.getByRole('button', { name: '导入', exact: true }).click()
      const up = dialog(page, '上传文件')
      const help = up.getByRole('region', { name: '表头说明' })
      await help.locator('dt', { hasText: '必填列' }).waitFor()
      ctx.expect((await line(help, '必填列')) === '日期、频道、播出时间、时长、标题、受众/城市组、毛评点', `required: ${await line(help, '必填列')}`)
      await help.getByText('受众/城市组：在上方选择受众/城市组后可以不填').waitFor()
      const group = up.getByLabel('受众/城市组')
      await group.locator('option', { hasText: ctx.state.groups[0] }).waitFor({ state: 'attached' })
      const options = await group.locator('option').allInnerTexts()
      ctx.expect(options[0] === '不指定（按文件中的列）' && options.filter((o) => o === '全国4+').length <= 1, `group options: ${options.join(' | ')}`)
      await ctx.shot(page, 'customer-help')
      await group.selectOption(ctx.state.groups[0])
      await page.waitForFunction(() => !document.querySelector('.import-help__note')?.textContent?.includes('在上方选择'))
      ctx.expect((await line(help, '选填列')).includes('受众/城市组'), `optional once chosen: ${await line(help, '选填列')}`)
      await expectAccessible(page, 'the customer-data upload dialog', { include: '[role=dialog]' })
      await ctx.shot(page, 'customer-group-chosen')

      const { rows } = await downloadTemplate(ctx, page, up)
      const headers = ['日期', '频道', '播出时间', '时长', '标题', '节目', '时段归纳', '受众/城市组', '毛评点', '位置']
      ctx.expect(JSON.stringify(rows[0]) === JSON.stringify(headers), `template headers ${JSON.stringify(rows[0])}`)
      ctx.expect(rows[1][0] === yesterday && rows.length === 2, `template example ${JSON.stringify(rows[1])}`)
      await up.getByRole('button', { name: '取消' }).click()
      await up.waitFor({ state: 'detached' })
    },
  },
  {
    name: 'in English: the help, the audience group and the template button',
    run: async (ctx) => {
      const page = shared(ctx)
      // The narrower of the widths the app is looked at.
      await page.setViewportSize({ width: 1280, height: 800 })
      await page.getByRole('button', { name: '切换语言' }).click()
      await page.getByRole('menuitemradio', { name: 'English' }).click()
      await page.getByRole('button', { name: 'Import', exact: true }).click()
      const up = dialog(page, 'Upload file')
      const help = up.getByRole('region', { name: 'Headers' })
      await help.locator('dt', { hasText: 'Required columns' }).waitFor()
      await up.getByLabel('Audience group').waitFor()
      await help.getByRole('button', { name: 'Download template' }).waitFor()
      await expectAccessible(page, 'the upload dialog in English', { include: '[role=dialog]' })
      await ctx.shot(page, 'customer-help-en')
      await up.getByRole('button', { name: 'Cancel' }).click()
      await up.waitFor({ state: 'detached' })
      await page.getByRole('button', { name: 'Switch language' }).click()
      await page.getByRole('menuitemradio', { name: '中文' }).click()
      await page.getByRole('button', { name: '导入', exact: true }).waitFor()
    },
  },
]
