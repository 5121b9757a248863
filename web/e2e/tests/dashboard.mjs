// The dashboard (/dashboard) over known viewing rows: two products of a media of this run's own,
// rows imported as customer data through 导入 on /client/index — eight of the products' default
// group on the customer side, two of 甲's other group, and the media side's measurement of the
// eight — then the filters, the figures tables read against hand-worked GRP, spots and GRP per
// spot per ISO week (and per run of 7 days), a tooltip read by hovering a bar, a series hidden
// through the legend, the media side (never added to the customer's) and the default group
// the group filter names, a range past the last day with data (those buckets absent, no line
// falling to 0), the brush's start (12 buckets or fewer whole, else the newest 70 %), the
// remembered choice and 重置; a year by day stepped with the keyboard and dragged (the window
// keeps its width), the demo's last month and this one by month and by day, runs of 7 days over
// two calendar years (labels with the year), a range the server refuses, and 甲 by audience
// group (dashboardoneBIndex), its default group's series the by-product one.
// Screenshots: test-results/dashboard-*.png.
import { hashRoute, isCall, shared, waitForPath } from '../lib.mjs'
import { call, seedMasterData, ymd } from '../seed.mjs'
import { stamp, first, second, ROWS, OTHER_GROUP_ROWS, MEDIA_ROWS, HEAD, GRP_WEEKS, PER_SPOT_WEEKS, MEDIA_WEEKS, bar, grpTable, perSpotTable, rowsOf, expectRows, pick, search, importRows } from '../dashboard-fixtures.mjs'

export const tests = [
  {
    setup: true,
    name: 'two products of a media with viewing rows of both sides and two groups imported as customer data',
    run: async (ctx) => {
      const page = (ctx.state.page = await ctx.open({ keep: true }))
      await ctx.signIn(page, ctx.admin.account, ctx.admin.password)
      ctx.page = page
      const { brand, media } = (ctx.state.seed = await seedMasterData(page, stamp))
      const product = (productName) => call(page, 'productAdd', {
        brandId: brand.id, mediaId: media.id, productName, seconds: 15, audienceCityGroupId: brand.groups.map((g) => g.id).join(','),
        defaultAudienceCityGroupId: brand.groups[0].id, upsideDownThreePer: 30, primeTime: '19:00:00-22:00:00',
        primeTimePer: 60, primeUpsideDownThreePer: 40, jackRequirements: '无',
      })
      ctx.state.products = [await product(first), await product(second)]
      const [g0, g1] = brand.groups.map((g) => g.audienceCityGroupName)
      const customer = [...ROWS.map((r) => [...r, g0]), ...OTHER_GROUP_ROWS.map((r) => [...r, g1])]
      await importRows(ctx, page, media, customer, '客户')
      await page.getByText('共 10 条').waitFor()
      await importRows(ctx, page, media, MEDIA_ROWS.map((r) => [...r, g0]), '媒体')
      await page.getByText('共 18 条').waitFor()
    },
  },
  {
    name: 'by week: the tables hold the hand-worked GRP, spots and GRP per spot',
    run: async (ctx) => {
      const page = shared(ctx)
      const { media, brand } = ctx.state.seed
      await page.goto(`${ctx.base}/#/dashboard`)
      await waitForPath(page, '/dashboard')
      // A first visit: the current month by week.
      await bar(page).getByLabel('时间类型').waitFor()
      ctx.expect((await bar(page).getByLabel('时间类型').inputValue()) === '4', 'the first visit is not by week')

      await bar(page).getByLabel('媒体').selectOption({ label: media.mediaName })
      await pick(page, '产品', [first, second])
      // The products' default group, marked so in the list.
      await pick(page, '受众/城市组', [`${brand.groups[0].audienceCityGroupName}（默认）`])
      await pick(page, '数据类别', ['客户数据'])
      await bar(page).getByLabel('开始日期').fill('2026-03-02')
      await bar(page).getByLabel('结束日期').fill('2026-03-22')
      const { query } = await search(ctx, page)
      const [a, b] = ctx.state.products
      ctx.expect(query.get('mediaId') === String(media.id) && query.get('productId') === `${a.id},${b.id}` && query.get('timeType') === '4'
        && query.get('category') === '2' && query.get('timeAdd') === '2026-03-02' && query.get('timeEnd') === '2026-03-22', `asked ${query}`)
      const url = hashRoute(page).query
      ctx.expect(url.get('productId') === `${a.id},${b.id}` && url.get('timeAdd') === '2026-03-02', `the URL keeps ${url}`)

      await expectRows(ctx, grpTable(page), [HEAD, ...GRP_WEEKS], 'GRP and spots by week')
      await expectRows(ctx, perSpotTable(page), [['时间', `${first} 每点位毛评点`, `${second} 每点位毛评点`], ...PER_SPOT_WEEKS], 'GRP per spot by week')
      // Three weeks (12 or fewer): the brush starts on all of them, the newest drawn too.
      const brush = page.getByRole('slider', { name: '毛评点与点位数缩放范围' })
      const value = await brush.getAttribute('aria-valuetext')
      ctx.expect(value === '2026-W10 至 2026-W12（第 1–3 个，共 3 个）', `brush ${value}`)
      await ctx.shot(page, 'by-week')
    },
  },
  {
    name: 'hovering a bar shows its week and every series; the legend hides a series',
    run: async (ctx) => {
      const page = shared(ctx)
      const [a] = ctx.state.products
      const firstBar = page.locator(`.dash-plot [data-series="grp:${a.id}"]`).first()
      const box = await firstBar.boundingBox()
      ctx.expect(box, 'no bar drawn for the first product')
      await page.mouse.move(box.x + box.width / 2, box.y + Math.max(2, box.height / 2))
      const tip = page.locator('.dash-tooltip')
      await tip.waitFor()
      const text = await tip.textContent()
      for (const part of ['2026-W10', `${first} 毛评点：2.000`, `${first} 点位数：2`, `${second} 毛评点：0.300`, `${second} 点位数：1`]) {
        ctx.expect(text.includes(part), `tooltip lacks ${part}: ${text}`)
      }
      await ctx.shot(page, 'tooltip')

      const legend = page.getByRole('list', { name: '毛评点与点位数图例' })
      const spots = legend.getByRole('button', { name: `${second} 点位数` })
      await spots.click()
      ctx.expect((await spots.getAttribute('aria-pressed')) === 'false', 'the legend item is still pressed')
      await expectRows(ctx, grpTable(page), [HEAD.slice(0, 4), ...GRP_WEEKS.map((r) => r.slice(0, 4))], 'with 乙 点位数 hidden')
      ctx.expect((await page.locator(`.dash-plot [data-series="spots:${ctx.state.products[1].id}"]`).count()) === 0, 'the hidden line is drawn')
      await ctx.shot(page, 'legend-hidden')
      await spots.press('Enter')
      await expectRows(ctx, grpTable(page), [HEAD, ...GRP_WEEKS], 'shown again from the keyboard')
    },
  },
  {
    name: 'the media side is the same spots measured by the media, never added to the customer side; no group chosen is the default group',
    run: async (ctx) => {
      const page = shared(ctx)
      const { brand } = ctx.state.seed
      const g0 = brand.groups[0].audienceCityGroupName
      // No group chosen: both products count their default group, and the button says which.
      await pick(page, '受众/城市组', [])
      const groups = bar(page).getByRole('button', { name: /^受众\/城市组/ })
      ctx.expect((await groups.innerText()).trim() === `默认：${g0}`, `the group filter says ${await groups.innerText()}`)
      await groups.click()
      const marked = page.getByRole('dialog', { name: '受众/城市组' }).getByRole('checkbox', { name: `${g0}（默认）`, exact: true })
      ctx.expect((await marked.count()) === 1, 'the default group is not marked in the list')
      await page.keyboard.press('Escape')
      await expectRows(ctx, grpTable(page), [HEAD, ...GRP_WEEKS], 'the default group, customer side')

      await bar(page).getByLabel('数据归属').selectOption({ label: '数据归属：媒体' })
      const { query } = await search(ctx, page)
      ctx.expect(query.get('belongingTo') === '2' && hashRoute(page).query.get('belongingTo') === '2', `asked ${query}`)
      await expectRows(ctx, grpTable(page), [HEAD, ...MEDIA_WEEKS], 'the media side')
      await expectRows(ctx, perSpotTable(page), [['时间', `${first} 每点位毛评点`, `${second} 每点位毛评点`], ['2026-W10', '2.000', '0.600'], ['2026-W11', '3.000', '—'], ['2026-W12', '0.912', '0.583']], 'the media side per spot')
      await ctx.shot(page, 'media-side')

      // Back to the customer side and the by-week search (answered from the query cache: the
      // same search a moment ago, so no new call).
      await bar(page).getByLabel('数据归属').selectOption({ label: '数据归属：客户' })
      await pick(page, '受众/城市组', [`${g0}（默认）`])
      await bar(page).getByRole('button', { name: '搜索', exact: true }).click()
      await page.waitForFunction(() => !location.hash.includes('belongingTo'))
      await page.waitForFunction((want) => document.querySelector('table')?.rows[1]?.cells[1]?.textContent.trim() === want, GRP_WEEKS[0][1])
      await expectRows(ctx, grpTable(page), [HEAD, ...GRP_WEEKS], 'the customer side again')
    },
  },
  {
    name: 'runs of 7 days give the same figures; another category has none',
    run: async (ctx) => {
      const page = shared(ctx)
      await bar(page).getByLabel('时间类型').selectOption({ label: '天数' })
      const days = bar(page).getByLabel('天数', { exact: true })
      ctx.expect((await days.inputValue()) === '1', 'the day count does not start at 1')
      await days.fill('7')
      const { query } = await search(ctx, page)
      ctx.expect(query.get('timeType') === '5' && query.get('timeTypeValue') === '7', `asked ${query}`)
      const runs = ['03-02~03-08', '03-09~03-15', '03-16~03-22']
      await expectRows(ctx, grpTable(page), [HEAD, ...GRP_WEEKS.map((r, i) => [runs[i], ...r.slice(1)])], 'GRP and spots by 7 days')
      await ctx.shot(page, 'by-7-days')

      await pick(page, '数据类别', ['公司数据'])
      await search(ctx, page)
      await page.getByText('暂无数据').first().waitFor()
      ctx.expect((await page.getByRole('table').count()) === 0, 'figures shown for a category without rows')
      await ctx.shot(page, 'empty')
    },
  },
  {
    name: 'a later visit starts from the remembered media, grouping and dates; 重置 goes back to them',
    run: async (ctx) => {
      const page = shared(ctx)
      const { media } = ctx.state.seed
      const answer = page.waitForResponse(isCall('dashboardoneIndex'))
      await page.goto(`${ctx.base}/#/dashboard`)
      await page.reload()
      const asked = new URL((await answer).url()).searchParams
      ctx.expect(asked.get('mediaId') === String(media.id) && asked.get('timeType') === '5' && asked.get('timeTypeValue') === '7'
        && asked.get('timeAdd') === '2026-03-02' && asked.get('timeEnd') === '2026-03-22' && !asked.has('productId') && !asked.has('category'),
      `remembered ${asked}`)
      // Every product of the media with rows in the range: the same two.
      await expectRows(ctx, grpTable(page), [HEAD, ...GRP_WEEKS.map((r, i) => [['03-02~03-08', '03-09~03-15', '03-16~03-22'][i], ...r.slice(1)])], 'remembered')
      await page.waitForFunction((id) => document.querySelector('[role="search"] select')?.value === id, String(media.id))

      await pick(page, '数据类别', ['公司数据'])
      const reset = page.waitForResponse(isCall('dashboardoneIndex'))
      await bar(page).getByRole('button', { name: '重置', exact: true }).click()
      await reset
      ctx.expect(hashRoute(page).query.toString() === '', `query after 重置: ${hashRoute(page).query}`)
      ctx.expect((await bar(page).getByRole('button', { name: /^数据类别/ }).innerText()).includes('全部数据类别'), '重置 kept the category')
      await grpTable(page).waitFor()
      await ctx.shot(page, 'reset')
    },
  },
  {
    name: 'a range past the last day with data: those weeks are absent, not 0, and no line falls to 0',
    run: async (ctx) => {
      const page = shared(ctx)
      const { media } = ctx.state.seed
      const [a, b] = ctx.state.products
      // 03-02 … 04-26 is W10 … W17; the rows end on 03-22 (W12), so W13 … W17 are absent.
      await page.goto(`${ctx.base}/#/dashboard?mediaId=${media.id}&timeType=4&timeAdd=2026-03-02&timeEnd=2026-04-26`)
      await page.waitForFunction(() => document.querySelectorAll('.dash-chart table').length === 2 && !document.querySelector('.dash-chart[aria-busy="true"]'))
      await expectRows(ctx, grpTable(page), [HEAD, ...GRP_WEEKS], 'by week to 04-26')
      await expectRows(ctx, perSpotTable(page), [['时间', `${first} 每点位毛评点`, `${second} 每点位毛评点`], ...PER_SPOT_WEEKS], 'per spot to 04-26')
      const plot = page.getByRole('img', { name: /^毛评点与点位数图表/ })
      const label = await plot.getAttribute('aria-label')
      ctx.expect(label.includes('共 3 个时间段，显示 2026-W10 至 2026-W12'), `plot ${label}`)
      // Each spots line has a point a week, three, the last at its W12 count (甲 1, 乙 3): none
      // at the axis' 0 after it.
      const points = async (id) => page.locator(`.dash-plot [data-series="spots:${id}"] circle`).evaluateAll((cs) => cs.map((c) => Number(c.getAttribute('cy'))))
      const [pa, pb] = [await points(a.id), await points(b.id)]
      ctx.expect(pa.length === 3 && pb.length === 3, `points ${pa} / ${pb}`)
      // 乙: W10 1, W11 0, W12 3 — its last point is the highest (smallest y), 甲's last (1) at 乙's first (1).
      ctx.expect(pb[2] < pb[0] && pb[0] < pb[1] && Math.abs(pa[2] - pb[0]) < 0.5, `y of 甲 ${pa}, 乙 ${pb}`)
      await ctx.shot(page, 'past-the-last-data')
    },
  },
  {
    name: 'a year by day: the brush steps one bucket a key (Home/End to the ends) and keeps its width when dragged',
    run: async (ctx) => {
      const page = shared(ctx)
      const { media } = ctx.state.seed
      const answer = page.waitForResponse(isCall('dashboardoneIndex'))
      await page.goto(`${ctx.base}/#/dashboard?mediaId=${media.id}&timeType=3&timeAdd=2025-03-23&timeEnd=2026-03-22`)
      await answer
      const brush = page.getByRole('slider', { name: '毛评点与点位数缩放范围' })
      const at = async () => {
        const text = await brush.getAttribute('aria-valuetext')
        const m = /第 (\d+)–(\d+) 个，共 (\d+) 个/.exec(text)
        ctx.expect(m, `brush ${text}`)
        return m.slice(1).map(Number)
      }
      const expectAt = async (want, what) => {
        await page.waitForFunction(([w]) => document.querySelector('.dash-brush')?.getAttribute('aria-valuetext')?.includes(w), [`第 ${want[0]}–${want[1]} 个，共 365 个`]).catch(() => {})
        const got = await at()
        ctx.expect(got[0] === want[0] && got[1] === want[1] && got[2] === 365, `${what}: 第 ${got[0]}–${got[1]} 个 of ${got[2]}, expected 第 ${want[0]}–${want[1]} 个`)
      }
      // The year to 2026-03-22, the last day with data: 365 days, every one in the answer. The
      // first window is the newest 70 %: 30 % is 109.5, bucket 109's centre, so the 110th to the
      // 365th (256 wide). A bucket is under 4 px wide here, narrower than visx's padding.
      await expectAt([110, 365], 'the first window')
      await brush.focus()
      await page.keyboard.press('Home')
      await expectAt([1, 256], 'Home')
      const started = Date.now()
      for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight')
      await expectAt([11, 266], 'ten steps right')
      console.log(`     ten brush steps over 365 buckets: ${Date.now() - started} ms`)
      await page.keyboard.press('ArrowLeft')
      await expectAt([10, 265], 'a step left')
      await page.keyboard.press('End')
      await expectAt([110, 365], 'End')
      await page.keyboard.press('Home')
      await expectAt([1, 256], 'Home')
      // Dragged 150 px to the right with the mouse: moved, as wide as before.
      const box = await page.locator('.dash-brush').first().locator('.visx-brush-selection').boundingBox()
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
      await page.mouse.down()
      for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + box.width / 2 + i * 15, box.y + box.height / 2)
      await page.mouse.up()
      const [from, to] = await at()
      ctx.expect(from > 1 && to - from + 1 === 256, `dragged to 第 ${from}–${to} 个: not 256 wide`)
      await ctx.shot(page, 'year-by-day-brush')
    },
  },
  {
    name: 'runs of 7 days over two calendar years carry the year: one row each, wrapped after 「~」',
    run: async (ctx) => {
      const page = shared(ctx)
      const { media } = ctx.state.seed
      await page.goto(`${ctx.base}/#/dashboard?mediaId=${media.id}&timeType=5&timeTypeValue=7&timeAdd=2025-03-03&timeEnd=2026-03-22`)
      await grpTable(page).waitFor()
      await page.waitForFunction(() => !document.querySelector('.dash-chart[aria-busy="true"]'))
      // 2025-03-03 to 2026-03-22 is 385 days: 55 runs of 7, the last three the weeks W10–W12.
      const rows = (await rowsOf(grpTable(page))).slice(1)
      ctx.expect(rows.length === 55, `${rows.length} runs`)
      ctx.expect(rows[0][0] === '2025-03-03~2025-03-09', `first run ${rows[0][0]}`)
      ctx.expect(new Set(rows.map((r) => r[0])).size === 55, 'two runs share a label')
      const runs = ['2026-03-02~2026-03-08', '2026-03-09~2026-03-15', '2026-03-16~2026-03-22']
      const tail = JSON.stringify(rows.slice(-3))
      ctx.expect(tail === JSON.stringify(GRP_WEEKS.map((r, i) => [runs[i], ...r.slice(1)])), `the last runs ${tail}`)
      // The x labels: each date on its own line. (The plot appears once its width is measured,
      // after the table.)
      await page.waitForFunction(() => document.querySelector('.dash-plot text tspan + tspan'))
      const ticks = await page.locator('.dash-plot').first().locator('text').evaluateAll((els) =>
        els.map((t) => [...t.querySelectorAll('tspan')].map((s) => s.textContent)).filter((l) => l.length === 2))
      ctx.expect(ticks.length > 0 && ticks.every(([a, b]) => /^\d{4}-\d{2}-\d{2}~$/.test(a) && /^\d{4}-\d{2}-\d{2}$/.test(b)), `x labels ${JSON.stringify(ticks.slice(0, 3))}`)
      // Every x label within its chart, the first and last too (they used to run past the edge).
      const outside = await page.locator('.dash-plot svg').evaluateAll((svgs) =>
        svgs.flatMap((svg) => {
          const box = svg.getBoundingClientRect()
          return [...svg.querySelectorAll('text')].filter((t) => t.querySelector('tspan')).map((t) => t.getBoundingClientRect())
            .filter((r) => r.left < box.left - 0.5 || r.right > box.right + 0.5).map((r) => [r.left, r.right, box.left, box.right])
        }))
      ctx.expect(outside.length === 0, `x labels past the chart: ${JSON.stringify(outside.slice(0, 3))}`)
      await ctx.shot(page, 'runs-over-two-years')
    },
  },
  {
    name: 'a range the server refuses: refused before sending, its message on the charts, never remembered',
    run: async (ctx) => {
      const page = shared(ctx)
      await page.goto(`${ctx.base}/#/dashboard`)
      await grpTable(page).waitFor()
      const calls = []
      const count = (r) => isCall('dashboardoneIndex')(r) && calls.push(r.url())
      page.on('response', count)
      const from = bar(page).getByLabel('开始日期')
      await from.fill('2016-01-01')
      await bar(page).getByRole('button', { name: '搜索', exact: true }).click()
      const alert = bar(page).getByRole('alert')
      ctx.expect((await alert.innerText()) === '日期范围不能超过 3660 天', `toolbar says ${await alert.innerText()}`)
      await page.waitForTimeout(300)
      ctx.expect(calls.length === 0, `sent ${calls}`)
      page.off('response', count)

      // A link with that range: the server refuses it, the charts say why.
      const refused = page.waitForResponse(isCall('dashboardoneIndex'))
      await page.goto(`${ctx.base}/#/dashboard?timeType=3&timeAdd=2016-01-01&timeEnd=2026-11-30`)
      ctx.expect((await (await refused).json()).code === 4000, 'the server took the range')
      const errors = page.locator('.dash-chart__error')
      await errors.nth(1).waitFor()
      ctx.expect((await errors.allInnerTexts()).every((t) => t === '日期范围不能超过 3660 天'), `charts say ${await errors.allInnerTexts()}`)
      ctx.expect((await page.getByText('暂无数据').count()) === 0, 'the charts say 暂无数据')
      await ctx.shot(page, 'refused-range')

      // The next bare visit starts from the last answered search, not the refused range.
      const next = page.waitForResponse(isCall('dashboardoneIndex'))
      await page.goto(`${ctx.base}/#/dashboard`)
      await page.reload()
      const asked = new URL((await next).url()).searchParams
      // (Links are not remembered: the last search was the runs of 7 days of March.)
      ctx.expect(asked.get('timeAdd') === '2026-03-02' && asked.get('timeEnd') === '2026-03-22' && asked.get('timeType') === '5', `visited with ${asked}`)
    },
  },
  {
    name: 'one product: 按受众/城市组 gives a series per group of it, the hand-worked figures under its own group',
    run: async (ctx) => {
      const page = shared(ctx)
      const { media, brand } = ctx.state.seed
      const [a] = ctx.state.products
      await page.goto(`${ctx.base}/#/dashboard?mediaId=${media.id}&productId=${a.id}&timeType=4&timeAdd=2026-03-02&timeEnd=2026-03-22`)
      await grpTable(page).waitFor()
      const answer = page.waitForResponse(isCall('dashboardoneBIndex'))
      await page.getByRole('button', { name: '按受众/城市组', exact: true }).click()
      const asked = new URL((await answer).url()).searchParams
      ctx.expect(asked.get('productId') === String(a.id) && asked.get('timeType') === '4' && asked.get('timeAdd') === '2026-03-02'
        && asked.get('mediaId') === String(media.id), `asked ${asked}`)
      await page.waitForFunction(() => !document.querySelector('.dash-chart[aria-busy="true"]'))
      // 甲's groups, by id: the first, its default, is the by-product series; the second has
      // its own two rows (W10 0.7, W11 0.9), which the by-product view never added.
      const [g0, g1] = brand.groups.map((g) => g.audienceCityGroupName)
      const head = ['时间', `${g0} 毛评点`, `${g0} 点位数`, `${g1} 毛评点`, `${g1} 点位数`]
      const other = [['0.700', '1'], ['0.900', '1'], ['0.000', '0']]
      await expectRows(ctx, grpTable(page), [head, ...GRP_WEEKS.map((r, i) => [...r.slice(0, 3), ...other[i]])], '甲 by group')
      await expectRows(ctx, perSpotTable(page), [['时间', `${g0} 每点位毛评点`, `${g1} 每点位毛评点`], ...PER_SPOT_WEEKS.map((r, i) => [r[0], r[1], ['0.700', '0.900', '—'][i]])], '甲 per spot by group')
      await ctx.shot(page, 'by-group')
      await page.getByRole('button', { name: '按产品', exact: true }).click()
      await expectRows(ctx, perSpotTable(page), [['时间', `${first} 每点位毛评点`], ...PER_SPOT_WEEKS.map((r) => r.slice(0, 2))], '甲 by product again')
    },
  },
  {
    name: 'the demo, whose data ends yesterday: last month and this one by month both shown, by day the newest days, nothing after yesterday',
    run: async (ctx) => {
      const page = shared(ctx)
      // The demo airs from before last month to yesterday (its lake ends at today's midnight).
      const today = new Date()
      const start = new Date(today.getFullYear(), today.getMonth() - 1, 1)
      const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1)
      const end = new Date(today.getFullYear(), today.getMonth() + 1, 0)
      const visit = async (query) => {
        await page.goto(`${ctx.base}/#/dashboard?${query}`)
        await page.waitForFunction(() => document.querySelectorAll('.dash-chart table').length === 2 && !document.querySelector('.dash-chart[aria-busy="true"]'))
        return (await rowsOf(grpTable(page))).slice(1).map((r) => r[0])
      }
      const brush = () => page.getByRole('slider', { name: '毛评点与点位数缩放范围' }).getAttribute('aria-valuetext')
      // By month to yesterday: last month and this one (this one alone has no data on the 1st).
      const months = [ymd(start).slice(0, 7), ymd(yesterday).slice(0, 7)].filter((m, i, all) => all.indexOf(m) === i)
      const byMonth = await visit(`timeType=2&timeAdd=${ymd(start)}&timeEnd=${ymd(yesterday)}`)
      ctx.expect(JSON.stringify(byMonth) === JSON.stringify(months), `months ${byMonth}`)
      const monthWindow = await brush()
      ctx.expect(monthWindow === `${months[0]} 至 ${months.at(-1)}（第 1–${months.length} 个，共 ${months.length} 个）`, `brush ${monthWindow}`)
      await ctx.shot(page, 'demo-by-month')
      // By day to the end of this month: the days up to yesterday, the rest absent; the window
      // the newest 70 % of them, ending on yesterday.
      const days = Math.round((yesterday - start) / 86_400_000) + 1
      const byDay = await visit(`timeType=3&timeAdd=${ymd(start)}&timeEnd=${ymd(end)}`)
      ctx.expect(byDay.length === days && byDay.at(-1) === ymd(yesterday), `${byDay.length} days, the last ${byDay.at(-1)}; expected ${days} to ${ymd(yesterday)}`)
      const from = Math.ceil(0.3 * days - 0.5) + 1
      const dayWindow = await brush()
      ctx.expect(dayWindow === `${byDay[from - 1]} 至 ${ymd(yesterday)}（第 ${from}–${days} 个，共 ${days} 个）`, `brush ${dayWindow}`)
      await ctx.shot(page, 'demo-by-day')
      // This month by week (a first visit's view): it ends on yesterday's week (on the 1st
      // this month has no data yet).
      if (today.getDate() === 1) return
      const byWeek = await visit(`timeType=4&timeAdd=${ymd(new Date(today.getFullYear(), today.getMonth(), 1))}&timeEnd=${ymd(end)}`)
      const weekLabel = (await page.getByRole('img', { name: /^毛评点与点位数图表/ }).getAttribute('aria-label'))
      ctx.expect(byWeek.length > 0 && weekLabel.includes(`至 ${byWeek.at(-1)}`), `weeks ${byWeek}, plot ${weekLabel}`)
      await ctx.shot(page, 'demo-this-month-by-week')
    },
  },
]
