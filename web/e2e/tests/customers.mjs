// Customer data (/client/index) as the super administrator: a generated workbook imported through
// 导入 (the shared upload dialog in data mode), the progress overlay following the import job,
// the rows appearing when it ends, filters by title, date and brand kept in the URL, 批量删除 of
// two chosen rows (cancel first), the export downloaded, and a 1000-row page that keeps only the
// rows in view in the DOM. Media and audience/city group are created first, named with `stamp`.
import { readFile } from 'node:fs/promises'
import { hashRoute, isCall, shared, waitForPath } from '../lib.mjs'
import { seedMasterData } from '../seed.mjs'
import { makeXlsx } from '../xlsx.mjs'

const stamp = Date.now().toString(36)
const spring = `E2E春节${stamp}`
const lantern = `E2E元宵${stamp}`
const bulk = `E2E批量${stamp}`
const HEADERS = ['日期', '频道', '播出时间', '时长', '标题', '节目', '受众/城市组', '毛评点', '位置']
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

const table = (page) => page.getByRole('table', { name: '客户数据' })
const bodyRows = (page) => table(page).locator('[role="rowgroup"]').nth(1).getByRole('row')
const rowsWith = (page, text) => bodyRows(page).filter({ hasText: text })
const isStorage = (r) => new URL(r.url()).pathname === '/storage/upload'

/** Waits until the table shows exactly `count` rows holding `text` (and no loading overlay). */
async function expectRows(ctx, page, text, count) {
  await table(page).locator('xpath=..').locator('[role="status"]').waitFor({ state: 'detached' })
  await page.waitForFunction(
    ([t, n]) => [...document.querySelectorAll('[role="table"] [role="row"]')].filter((r) => r.textContent.includes(t)).length === n,
    [text, count],
  )
  ctx.expect((await rowsWith(page, text).count()) === count, `expected ${count} rows with ${text}`)
}

/**
 * 导入 → data mode → the file → 开始上传; resolves once the import job has ended (the overlay says
 * so). `media`: the rows are the media side's (数据归属 媒体), else the customer's, the default.
 */
async function importWorkbook(ctx, page, name, bytes, shot, media = false) {
  await page.getByRole('button', { name: '导入', exact: true }).click()
  const box = page.getByRole('dialog', { name: '上传文件' })
  await box.waitFor()
  await box.getByLabel('数据类别').selectOption({ label: '客户数据' })
  await box.getByLabel('数据来源').selectOption({ label: '实际播出' })
  ctx.expect((await box.getByLabel('数据归属').inputValue()) === '1', 'ownership should default to 客户')
  if (media) await box.getByLabel('数据归属').selectOption({ label: '媒体' })
  await box.getByRole('button', { name: '选择文件' }).and(page.locator(':enabled')).waitFor()
  await box.getByLabel('选择要上传的文件').setInputFiles({ name, mimeType: XLSX, buffer: bytes })
  await box.getByText(name).waitFor()
  if (shot) await ctx.shot(page, `${shot}-dialog`)
  const answer = page.waitForResponse(isStorage)
  await box.getByRole('button', { name: '开始上传' }).click()
  const body = await (await answer).json()
  ctx.expect(body.code === 200 && body.data?.jobId, `storage answered ${JSON.stringify(body)}`)
  await box.waitFor({ state: 'detached' })
  const panel = page.getByTestId('progress-panel')
  await panel.getByText('处理结束', { exact: true }).waitFor({ timeout: 25_000 })
  if (shot) await ctx.shot(page, `${shot}-progress`)
  // A successful end closes the panel by itself; a failure keeps it open with the reasons.
  await panel.waitFor({ state: 'detached', timeout: 5_000 }).catch(async () => {
    throw new Error(`the import failed: ${await panel.innerText()}`)
  })
}

async function search(page) {
  const list = page.waitForResponse(isCall('customerIndex'))
  await page.getByRole('button', { name: '搜索', exact: true }).click()
  return (await list).json()
}

export const tests = [
  {
    name: 'the customer screen shows its filters and columns; 批量删除 waits for a choice',
    run: async (ctx) => {
      const page = (ctx.state.page = await ctx.open({ keep: true }))
      await ctx.signIn(page, ctx.admin.account, ctx.admin.password)
      ctx.page = page
      ctx.state.seed = await seedMasterData(page, stamp)
      const first = page.waitForResponse(isCall('customerIndex'))
      await page.goto(`${ctx.base}/#/client/index`)
      await waitForPath(page, '/client/index')
      const asked = new URL((await first).url()).searchParams
      ctx.expect(asked.get('limit') === '100' && asked.get('page') === '1', `first page asked as ${asked}`)
      await table(page).waitFor()
      const headers = await table(page).getByRole('columnheader').allInnerTexts()
      const want = ['日期', '频道', '数据归属', '播出时间', '时长(秒)', '标题', '节目', '时段归纳', '受众/城市组', '毛评点', '位置', '数据类别', '数据来源', '创建时间']
      ctx.expect(JSON.stringify(headers.slice(1).map((h) => h.trim())) === JSON.stringify(want), `columns ${headers}`)
      for (const label of ['品牌', '媒体', '数据类别', '数据来源', '数据归属', '标题', '开始日期', '结束日期']) {
        await page.getByRole('search').getByLabel(label, { exact: true }).waitFor()
      }
      ctx.expect(await page.getByRole('button', { name: '批量删除' }).isDisabled(), '批量删除 enabled without a choice')
      await ctx.shot(page, 'screen')
    },
  },
  {
    name: 'a workbook imported through 导入 appears once its job ends',
    run: async (ctx) => {
      const page = shared(ctx)
      const { media, brand } = ctx.state.seed
      const group = brand.groups[0].audienceCityGroupName
      const row = (day, time, title, grp, position) => [`2026-02-${day}`, media.mediaName, time, 15, title, '春节联欢晚会', group, grp, position]
      const bytes = makeXlsx([
        [`客户数据 ${stamp}`],
        HEADERS,
        row('01', '20:00:00', spring, 1.23456, '2/8'),
        row('02', '21:15:30', spring, 0.5, '正一'),
        row('03', '25:10:00', spring, 2, '倒二'),
        row('10', '19:30:00', lantern, 0.1234, '中'),
        row('11', '19:31:00', lantern, 0.25, ''),
      ])
      // This run's rows only (the database may hold others): empty until the import's job ends,
      // then the list refreshes by itself.
      await page.goto(`${ctx.base}/#/client/index?title=${stamp}`)
      await table(page).getByText('暂无数据').waitFor()
      await importWorkbook(ctx, page, `客户数据-${stamp}.xlsx`, bytes, 'import')
      await rowsWith(page, spring).first().waitFor({ timeout: 10_000 })
      await expectRows(ctx, page, spring, 3)
      await expectRows(ctx, page, lantern, 2)
      const first = await rowsWith(page, '2/8').innerText()
      for (const part of ['2026-02-01', media.mediaName, '2026-02-01 20:00:00', '15', spring, '春节联欢晚会', group, '1.235', '客户数据', '实际播出']) {
        ctx.expect(first.includes(part), `row lacks ${part}: ${first}`)
      }
      // 25:10 on the broadcast day of the 3rd airs at 01:10 on the 4th.
      ctx.expect((await rowsWith(page, '倒二').innerText()).includes('2026-02-04 01:10:00'), 'past-midnight air time')
      await ctx.shot(page, 'imported-rows')
    },
  },
  {
    name: 'a refused workbook shows its count and every problem, the format’s and the master data’s, above the list',
    run: async (ctx) => {
      const page = shared(ctx)
      const { media, brand } = ctx.state.seed
      const group = brand.groups[0].audienceCityGroupName
      const row = (day, channel, grp, audience = group) => [day, channel, '20:00:00', 15, `E2E拒绝${stamp}`, '', audience, grp, '']
      // Row 3 names a channel the master data lacks; row 4, after it, a date that does not read
      // and a group the master data lacks: one answer, 2 rows, 3 problems.
      const name = `拒绝-${stamp}.xlsx`
      const bytes = makeXlsx([HEADERS, row('2026-02-01', media.mediaName, 1), row('2026-02-02', `没有的台${stamp}`, 1), row('2026-02-30', media.mediaName, 1, `没有的组${stamp}`)])
      await page.goto(`${ctx.base}/#/client/index?title=${stamp}`)
      await page.getByRole('button', { name: '导入', exact: true }).click()
      const box = page.getByRole('dialog', { name: '上传文件' })
      await box.getByLabel('数据类别').selectOption({ label: '客户数据' })
      await box.getByLabel('数据来源').selectOption({ label: '实际播出' })
      await box.getByRole('button', { name: '选择文件' }).and(page.locator(':enabled')).waitFor()
      await box.getByLabel('选择要上传的文件').setInputFiles({ name, mimeType: XLSX, buffer: bytes })
      await box.getByText(name).waitFor()
      await box.getByRole('button', { name: '开始上传' }).click()
      await box.waitFor({ state: 'detached' })

      const refused = page.getByRole('alert', { name: `导入失败 ${name}` })
      await refused.waitFor({ timeout: 25_000 })
      const head = '未导入任何数据：2 行有错误（共 3 处）'
      await refused.getByText(head, { exact: true }).waitFor()
      const items = await refused.getByRole('list', { name: head }).getByRole('listitem').allInnerTexts()
      const want = [
        `「Sheet1」第 3 行「频道」“没有的台${stamp}”：未知的频道，请先在系统设置中添加该媒体`,
        '「Sheet1」第 4 行「日期」“2026-02-30”：无法识别的日期（支持 2026-03-01、2026/3/1、20260301 或 Excel 日期）',
        `「Sheet1」第 4 行「受众/城市组」“没有的组${stamp}”：未知的受众/城市组，请先在系统设置中添加`,
      ]
      ctx.expect(JSON.stringify(items) === JSON.stringify(want), `problems listed: ${JSON.stringify(items)}`)
      ctx.expect((await rowsWith(page, `E2E拒绝${stamp}`).count()) === 0, 'a row of the refused file is listed')
      // The job's end also comes as a notice, and the overlay keeps a failure open; once both
      // are closed the page's own result stays.
      const notices = page.getByRole('region', { name: '通知' }).getByRole('button', { name: '关闭' })
      while ((await notices.count()) > 0) await notices.first().click()
      const panel = page.getByTestId('progress-panel')
      await panel.getByRole('button', { name: '关闭处理进度' }).click()
      await panel.waitFor({ state: 'detached' })
      await ctx.shot(page, 'refused-import')
      await refused.getByRole('button', { name: `关闭「${name}」的导入结果` }).click()
      await refused.waitFor({ state: 'detached' })
    },
  },
  {
    name: 'filters by title, date and brand live in the URL and survive a reload',
    run: async (ctx) => {
      const page = shared(ctx)
      const { brand, otherBrand } = ctx.state.seed
      const bar = page.getByRole('search')
      await bar.getByLabel('标题', { exact: true }).fill(spring)
      let answer = await search(page)
      ctx.expect(answer.data.total === 3, `title filter found ${answer.data.total}`)
      await expectRows(ctx, page, stamp, 3)
      await bar.getByLabel('开始日期').fill('2026-02-02')
      await bar.getByLabel('结束日期').fill('2026-02-03')
      answer = await search(page)
      ctx.expect(answer.data.total === 2, `date filter found ${answer.data.total}`)
      await expectRows(ctx, page, stamp, 2)
      const query = hashRoute(page).query
      ctx.expect(query.get('title') === spring && query.get('addTime') === '2026-02-02' && query.get('endTime') === '2026-02-03', `query ${query}`)

      const pickBrand = async (name) => {
        await bar.getByRole('combobox', { name: '品牌' }).fill(name)
        await page.getByRole('option', { name, exact: true }).click()
      }
      await pickBrand(otherBrand.brandName)
      answer = await search(page)
      ctx.expect(answer.data.total === 0, `another brand's rows: ${answer.data.total}`)
      await table(page).getByText('暂无数据').waitFor()
      await ctx.shot(page, 'filter-other-brand-empty')
      await pickBrand(brand.brandName)
      await search(page)
      await expectRows(ctx, page, stamp, 2)

      await page.reload()
      await expectRows(ctx, page, stamp, 2)
      ctx.expect((await bar.getByLabel('标题', { exact: true }).inputValue()) === spring, 'title filter lost on reload')
      ctx.expect((await bar.getByLabel('开始日期').inputValue()) === '2026-02-02', 'date filter lost on reload')
      // The brand's name shows once the brand list has loaded.
      await page.waitForFunction((name) => document.querySelector('[role="search"] [role="combobox"]')?.value === name, brand.brandName)
      await ctx.shot(page, 'filtered')

      // A start after the end is refused in the browser: nothing is asked.
      let asked = false
      const listen = (r) => (asked ||= isCall('customerIndex')(r))
      page.on('request', listen)
      await bar.getByLabel('开始日期').fill('2026-03-01')
      await page.getByRole('button', { name: '搜索', exact: true }).click()
      await page.waitForTimeout(500)
      page.off('request', listen)
      ctx.expect(!asked, 'a reversed date range was sent')
      ctx.expect((await bar.locator('input:invalid').count()) > 0, 'the reversed range is not marked invalid')
    },
  },
  {
    name: 'select two rows and delete them; cancelling first says 已取消删除',
    run: async (ctx) => {
      const page = shared(ctx)
      await page.goto(`${ctx.base}/#/client/index?title=${encodeURIComponent(spring)}`)
      await expectRows(ctx, page, spring, 3)
      const boxOf = (text) => rowsWith(page, text).getByRole('checkbox')
      await boxOf('2/8').check()
      await boxOf('正一').check()
      await page.getByText('已选 2 条').waitFor()
      const remove = page.getByRole('button', { name: '批量删除' })
      ctx.expect(await remove.isEnabled(), '批量删除 stays disabled with two rows chosen')
      await ctx.shot(page, 'two-chosen')

      await remove.click()
      let confirm = page.getByRole('alertdialog', { name: '提示' })
      await confirm.getByText('此操作将永久删除选中的 2 条数据, 是否继续?').waitFor()
      await ctx.shot(page, 'delete-confirm')
      await confirm.getByRole('button', { name: '取消' }).click()
      await page.locator('.toast', { hasText: '已取消删除' }).waitFor()
      await expectRows(ctx, page, spring, 3)

      await remove.click()
      confirm = page.getByRole('alertdialog', { name: '提示' })
      const answer = page.waitForResponse(isCall('customerDel'))
      await confirm.getByRole('button', { name: '确定' }).click()
      const body = await (await answer).json()
      ctx.expect(body.code === 200 && body.data.deleted === 2, `customerDel answered ${JSON.stringify(body)}`)
      await page.locator('.toast--success', { hasText: '删除成功' }).waitFor()
      await expectRows(ctx, page, spring, 1)
      ctx.expect((await rowsWith(page, spring).innerText()).includes('倒二'), 'the wrong row survived')
      ctx.expect(await remove.isDisabled(), '批量删除 still enabled after the delete')
      await ctx.shot(page, 'after-delete')
    },
  },
  {
    name: 'one spot on both sides: the rows say their 数据归属; 数据类别 offers 汇总’s categories; times whole at 1440 and 1280',
    run: async (ctx) => {
      const page = shared(ctx)
      const { media, brand } = ctx.state.seed
      const group = brand.groups[0].audienceCityGroupName
      const both = `E2E归属${stamp}`
      // The same spot measured by the customer and by the media: alike but for their ownership.
      const bytes = makeXlsx([HEADERS, ['2026-02-05', media.mediaName, '25:58:00', 15, both, '深夜剧场', group, 0.42, '正一']])
      await page.goto(`${ctx.base}/#/client/index?title=${encodeURIComponent(both)}`)
      await table(page).getByText('暂无数据').waitFor()
      await importWorkbook(ctx, page, `归属客户-${stamp}.xlsx`, bytes)
      await importWorkbook(ctx, page, `归属媒体-${stamp}.xlsx`, bytes, undefined, true)
      await expectRows(ctx, page, both, 2)
      const headers = (await table(page).getByRole('columnheader').allInnerTexts()).map((h) => h.trim())
      const owner = headers.indexOf('数据归属')
      const cellsAt = async (i) => (await bodyRows(page).evaluateAll((rows, at) => rows.map((r) => r.querySelectorAll('[role="cell"]')[at].textContent), i))
      const owners = (await cellsAt(owner)).sort()
      ctx.expect(JSON.stringify(owners) === JSON.stringify(['媒体', '客户'].sort()), `数据归属 ${owners}`)
      // 25:58 of the 5th airs at 01:58 on the 6th: the time that was cut to "2026-02-06 01:5…".
      ctx.expect((await cellsAt(headers.indexOf('播出时间'))).every((t) => t === '2026-02-06 01:58:00'), 'air times')
      const categories = await page.getByRole('search').getByLabel('数据类别', { exact: true }).locator('option').allInnerTexts()
      ctx.expect(JSON.stringify(categories) === JSON.stringify(['全部数据类别', '初始数据', '客户数据', '公司数据', '其他']), `数据类别 ${categories}`)
      for (const width of [1440, 1280]) {
        await page.setViewportSize({ width, height: 900 })
        for (const name of ['数据归属', '播出时间', '创建时间']) {
          const at = headers.indexOf(name)
          const cut = await bodyRows(page).evaluateAll((rows, i) => rows.map((r) => r.querySelectorAll('[role="cell"]')[i]).filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.textContent), at)
          const head = await table(page).getByRole('columnheader').nth(at).evaluate((c) => c.scrollWidth > c.clientWidth)
          ctx.expect(cut.length === 0 && !head, `${name} cut at ${width} px: ${head ? 'its header' : cut}`)
        }
        await ctx.shot(page, `ownership-${width}`)
      }
      await page.setViewportSize({ width: 1366, height: 768 })
    },
  },
  {
    name: '导出 downloads the filtered rows as an xlsx',
    run: async (ctx) => {
      const page = shared(ctx)
      await page.goto(`${ctx.base}/#/client/index?title=${encodeURIComponent(lantern)}`)
      await expectRows(ctx, page, lantern, 2)
      const answer = page.waitForResponse(isCall('customerIndexExport'))
      const download = page.waitForEvent('download')
      await page.getByRole('button', { name: '导出', exact: true }).click()
      const body = await (await answer).json()
      ctx.expect(body.code === 200 && body.data.url, `export answered ${JSON.stringify(body)}`)
      const asked = new URL((await answer).url()).searchParams
      ctx.expect(asked.get('title') === lantern && !asked.has('page') && !asked.has('limit'), `export asked ${asked}`)
      const file = await download
      ctx.expect(file.suggestedFilename().endsWith('.xlsx'), `downloaded as ${file.suggestedFilename()}`)
      const bytes = await readFile(await file.path())
      ctx.expect(bytes.length > 100 && bytes.subarray(0, 2).toString() === 'PK', `not an xlsx: ${bytes.length} bytes`)
      await page.locator('.toast--success', { hasText: '导出成功' }).waitFor()
      await ctx.shot(page, 'exported')

      const reset = page.waitForResponse(isCall('customerIndex'))
      await page.getByRole('button', { name: '重置', exact: true }).click()
      ctx.expect(new URL((await reset).url()).searchParams.get('limit') === '10', '重置 should page by 10')
      ctx.expect(hashRoute(page).query.toString() === 'limit=10', `query after 重置: ${hashRoute(page).query}`)
    },
  },
  {
    name: 'a page of 1000 rows keeps only the rows in view in the DOM and scrolls to the last',
    run: async (ctx) => {
      const page = shared(ctx)
      const { media, brand } = ctx.state.seed
      const group = brand.groups[0].audienceCityGroupName
      const rows = Array.from({ length: 1200 }, (_, i) => {
        const minute = String(i % 60).padStart(2, '0')
        const hour = String(8 + Math.floor(i / 60)).padStart(2, '0')
        return ['2026-04-01', media.mediaName, `${hour}:${minute}:00`, 30, `${bulk}-${String(i).padStart(4, '0')}`, '', group, i / 1000, '']
      })
      await importWorkbook(ctx, page, `批量-${stamp}.xlsx`, makeXlsx([HEADERS, ...rows]))
      await page.goto(`${ctx.base}/#/client/index?title=${encodeURIComponent(bulk)}&limit=1000`)
      await rowsWith(page, bulk).first().waitFor({ timeout: 10_000 })
      await page.getByText('共 1200 条').waitFor()
      const inDom = await bodyRows(page).count()
      ctx.expect(inDom > 5 && inDom < 100, `${inDom} rows in the DOM for a 1000-row page`)
      // Newest first: the last row of page 1 is the 1000th newest, number 0200.
      const scroller = table(page)
      await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
      await rowsWith(page, `${bulk}-0200`).waitFor()
      ctx.expect((await bodyRows(page).count()) < 100, 'scrolling filled the DOM')
      await ctx.shot(page, 'thousand-rows-bottom')
    },
  },
]
