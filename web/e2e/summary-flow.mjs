// The summary grid and its cell dialogs as the browser flows drive them (summary-points.mjs): the
// order's row by its product, the grid's day cells by line and day once scrolled into view (the
// grid renders only what is in view), the dialogs by their titles; the schedule read back from
// orderSummaryGrpList.
import { dismissNotices, isCall, waitForPath } from './lib.mjs'
import { call } from './seed.mjs'

/** The helpers of a flow over the order of product `productName`. */
export function summaryFlow(productName) {
  const dialog = (page, title) => page.getByRole('dialog', { name: title })
  const orderRow = (page) => page.locator('tr[data-row-key]', { hasText: productName })
  const fieldError = (box, text) => box.locator('.form-field__error', { hasText: text }).first().waitFor()

  async function go(page) {
    await page.goto(`${page.url().split('#')[0]}#/order/index`)
    await waitForPath(page, '/order/index')
    // The list may be the one read before the order was made.
    await page.reload()
    await page.waitForFunction(() => !document.querySelector('.data-table[aria-busy]'))
    await orderRow(page).waitFor()
  }

  /** 更多 → `item` on the order's row; answers the dialog (titled `item #id`). */
  async function openMore(ctx, page, item) {
    await dismissNotices(page)
    await orderRow(page).getByRole('button', { name: /更多/ }).click()
    await page.getByRole('menuitem', { name: item }).click()
    const box = dialog(page, new RegExp(`^${item}`))
    await box.first().waitFor()
    return box.first()
  }

  /** The order's 汇总 dialog. */
  const summary = (page, id) => page.getByRole('dialog', { name: new RegExp(`^汇总 #${id}`) })

  /** 更多 → 汇总 on the order's row, its figures (orderSummaryList) answered; answers the dialog. */
  async function openSummary(ctx, page) {
    await dismissNotices(page)
    await orderRow(page).getByRole('button', { name: /更多/ }).click()
    const answer = page.waitForResponse(isCall('orderSummaryList'))
    await page.getByRole('menuitem', { name: '汇总', exact: true }).click()
    const box = summary(page, ctx.state.orderId)
    await box.waitFor()
    await answer
    return box
  }

  /** The order's lines of month `ym` as the server has them now. */
  async function linesOf(ctx, page, ym) {
    const months = await call(page, 'orderSummaryGrpList', { orderId: ctx.state.orderId }, { get: true })
    return months.find((m) => m.pointDateYm === ym)?.data ?? []
  }

  /** The line of `tape`, `period` and `type` in month `ym`. */
  async function lineOf(ctx, page, ym, tape, period, type) {
    const line = (await linesOf(ctx, page, ym)).find(
      (l) => l.product_magnetic_tape.id === tape.id && l.time_period.timePeriodName === period && l.type === type,
    )
    ctx.expect(line, `no line ${tape.mediaFileName} ${period} ${type} in ${ym}`)
    return line
  }

  const cellAt = (line, day) => line.order_summary_grp_ymd.find((c) => c.ymd === day)

  /**
   * 汇总 opened on month `ym` in the merged-month style (the grid's toolbar: 月份, then the
   * month's tab); answers the summary dialog.
   */
  async function openGrid(ctx, page, ym) {
    const box = await openMore(ctx, page, '汇总')
    await box.getByRole('button', { name: '月份', exact: true }).click()
    await showMonth(box, ym)
    return box
  }

  /** The merged style's tab of month `ym`, its grid drawn. */
  async function showMonth(box, ym) {
    await box.getByRole('tab', { name: ym }).click()
    await box.getByRole('grid', { name: `${ym} 汇总表` }).locator('[role="gridcell"][data-ymd]').first().waitFor()
  }

  /**
   * The day cell of `line` on `day`, scrolled into view first: the grid renders only the cells in
   * view, and a cell scrolled under the frozen columns would not take a click. Day columns are
   * 34 px wide and lines 30 px high (summary-grid-model.ts).
   */
  async function gridCell(box, line, day) {
    const grid = box.getByRole('grid', { name: `${day.slice(0, 7)} 汇总表` })
    await grid.evaluate((el, [lineId, d]) => {
      const left = el.querySelector(`[data-line-id="${lineId}"]`)
      const row = left ? Number(left.getAttribute('aria-rowindex')) - 1 : 0
      el.scrollTo(Math.max(0, (d - 1) * 34 - 200), Math.max(0, row * 30 - 60))
    }, [line.id, Number(day.slice(8))])
    const cell = grid.locator(`[role="gridcell"][data-line="${line.id}"][data-ymd="${day}"]`)
    await cell.waitFor()
    return cell
  }

  /** Right-click on the cell, then the menu item `item`; answers the dialog titled `title`. */
  async function menu(page, box, line, day, item, title = item) {
    const cell = await gridCell(box, line, day)
    await cell.click({ button: 'right' })
    await page.getByRole('menuitem', { name: item, exact: true }).click()
    const opened = dialog(page, title)
    await opened.waitFor()
    return opened
  }

  /** Sends the dialog's form (its 确定) and waits for `name`'s answer; answers the parsed body. */
  async function send(page, box, name, button = '确定') {
    const answer = page.waitForResponse(isCall(name))
    await box.getByRole('button', { name: button, exact: true }).click()
    return (await answer).json()
  }

  async function closeGrid(box) {
    await box.getByRole('button', { name: '关闭' }).last().click()
    await box.waitFor({ state: 'detached' })
  }

  return { dialog, orderRow, fieldError, go, openMore, summary, openSummary, linesOf, lineOf, cellAt, openGrid, showMonth, gridCell, menu, send, closeGrid }
}
