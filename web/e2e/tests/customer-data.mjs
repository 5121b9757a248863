// 客户数据 and 媒体播出证明 of the demo's 农夫山泉 order (on air, its certificate awaiting
// confirmation), only looked at — 更新's preview is a read and nothing is confirmed:
// - the preview says every row is attached and splits them as the answer counts them: the whole
//   (count), those on the schedule's cells (placed, the Σ of the cells' spots listed) and those on
//   no line (unplaced) — placed + unplaced = count, and the sentence says exactly those numbers;
// - the time columns of both dialogs show every time whole at 1440 and 1280 px.
// Screenshots: test-results/customer-data-*.png.
import { dismissNotices, expectAccessible, isCall } from '../lib.mjs'

const product = '农夫山泉饮用天然水'

/** 更多 → `item` on the demo order's row; answers the dialog. */
async function openMore(page, item) {
  await page.goto(`${page.url().split('#')[0]}#/order/index`)
  const row = page.locator('tr[data-row-key]', { hasText: product })
  await dismissNotices(page)
  await row.getByRole('button', { name: /更多/ }).click()
  await page.getByRole('menuitem', { name: item, exact: true }).click()
  const box = page.getByRole('dialog', { name: new RegExp(`^${item} #\\d+$`) })
  await box.waitFor()
  return box
}

/** The cells of `table` under the header `name` that cut their text. */
async function cutCells(table, name) {
  return table.evaluate((t, header) => {
    const at = [...t.querySelectorAll('thead th')].findIndex((h) => h.textContent.trim() === header)
    if (at < 0) return [`no column ${header}`]
    return [...t.querySelectorAll('tbody tr')].map((r) => r.children[at]).filter((c) => c && c.scrollWidth > c.clientWidth).map((c) => c.textContent)
  }, name)
}

export const tests = [
  {
    name: '客户数据 of the demo order: the preview’s counts add up (count = placed + unplaced, placed = Σ of its cells) and the sentence says them',
    run: async (ctx) => {
      const page = (ctx.state.page = await ctx.open({ keep: true }))
      ctx.page = page
      await ctx.signIn(page, ctx.admin.account, ctx.admin.password)
      await page.setViewportSize({ width: 1440, height: 900 })
      const listed = page.waitForResponse(isCall('orderCustomerIndex'))
      const box = await openMore(page, '客户数据')
      await listed
      const table = box.getByRole('table', { name: '匹配订单的客户数据' })
      await table.locator('tbody tr').first().waitFor()
      for (const width of [1440, 1280]) {
        await page.setViewportSize({ width, height: 900 })
        const cut = await cutCells(table, '播出时间')
        ctx.expect(cut.length === 0, `播出时间 cut at ${width} px: ${cut}`)
        await ctx.shot(page, `list-${width}`)
      }
      await page.setViewportSize({ width: 1440, height: 900 })

      const previewed = page.waitForResponse(isCall('orderCustomerUp'))
      await box.getByRole('button', { name: '更新', exact: true }).click()
      const p = (await (await previewed).json()).data
      const inCells = p.cells.reduce((sum, c) => sum + c.spots, 0)
      ctx.expect(p.count === p.placed + p.unplaced && p.placed === inCells, `preview counts ${JSON.stringify({ count: p.count, placed: p.placed, unplaced: p.unplaced, inCells })}`)
      ctx.expect(p.unplaced > 0, 'the demo order has a row no line takes (its spot past every period)')
      const said = await box.getByRole('status').innerText()
      // A GRP shows as everywhere: 3 decimals, or 4 when the 4th is not 0 (评估汇总's figure).
      const units = Math.round(p.sum * 10_000)
      const sum = (units / 10_000).toFixed(units % 10 === 0 ? 3 : 4)
      const want = `共 ${p.count} 条将带入订单，毛评点合计 ${sum}：${p.placed} 条对应排期，计入下表的点位；${p.unplaced} 条没有对应的排期，不计入任何点位，只计入月份和订单的合计`
      ctx.expect(said === want, `the preview says: ${said}`)
      await ctx.shot(page, 'preview')
      await expectAccessible(page, 'the customer-data preview', { include: '.customer-data' })
      await box.getByRole('button', { name: '返回' }).click()
      await box.getByRole('button', { name: '取消' }).click()
      await box.waitFor({ state: 'detached' })
    },
  },
  {
    name: '媒体播出证明 of the demo order: the rows to fix show their times whole at 1440 and 1280',
    run: async (ctx) => {
      const page = ctx.state.page
      ctx.page = page
      const box = await openMore(page, '媒体播出证明')
      const rows = box.getByRole('region', { name: '待处理的播证记录' })
      await rows.waitFor()
      for (const width of [1440, 1280]) {
        await page.setViewportSize({ width, height: 900 })
        const cut = await cutCells(rows.getByRole('table'), '播出时间')
        ctx.expect(cut.length === 0, `播出时间 cut at ${width} px: ${cut}`)
        await ctx.shot(page, `certificate-${width}`)
      }
      await box.getByRole('button', { name: '取消', exact: true }).last().click()
      await box.waitFor({ state: 'detached' })
    },
  },
]
