// The dashboard flows' data and steps: the viewing rows of two products (worked by hand into
// the tables the flows read), the filter bar's steps and the import through 导入 on /client/index.
import { isCall, waitForPath } from './lib.mjs'
import { makeXlsx } from './xlsx.mjs'

export const stamp = Date.now().toString(36)
export const first = `E2E看板甲${stamp}`
export const second = `E2E看板乙${stamp}`
const HEADERS = ['日期', '频道', '播出时间', '时长', '标题', '节目', '受众/城市组', '毛评点', '位置']
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

// Weeks 2026-W10 (03-02…03-08), W11 (03-09…03-15) and W12 (03-16…03-22). 25:30 on the 17th
// airs at 01:30 on the 18th but belongs to the broadcast day of the 17th.
//   甲: W10 1.2 + 0.8 = 2.000 GRP in 2 spots (1.000 a spot); W11 1.500 in 1; W12 0.456 in 1.
//   乙: W10 0.300 in 1; W11 nothing (no GRP per spot); W12 0.25 + 0.125 + 0.5 = 0.875 in 3 (0.292).
export const ROWS = [
  ['2026-03-02', '20:00:00', first, 1.2],
  ['2026-03-04', '21:00:00', first, 0.8],
  ['2026-03-10', '20:30:00', first, 1.5],
  ['2026-03-17', '25:30:00', first, 0.456],
  ['2026-03-03', '19:00:00', second, 0.3],
  ['2026-03-18', '19:15:00', second, 0.25],
  ['2026-03-19', '19:20:00', second, 0.125],
  ['2026-03-22', '23:59:00', second, 0.5],
]
// 甲 in its other group, customer side: W10 0.7 in 1, W11 0.9 in 1. Never counted unless chosen.
export const OTHER_GROUP_ROWS = [
  ['2026-03-05', '20:00:00', first, 0.7],
  ['2026-03-12', '20:00:00', first, 0.9],
]
// The media side measures the same eight spots at twice the GRP: 甲 W10 4.000 in 2 (2.000), W11
// 3.000 in 1, W12 0.912 in 1; 乙 W10 0.600 in 1, W12 0.5 + 0.25 + 1.0 = 1.750 in 3 (0.583).
export const MEDIA_ROWS = ROWS.map(([day, time, title, grp]) => [day, time, title, grp * 2])
export const HEAD = ['时间', `${first} 毛评点`, `${first} 点位数`, `${second} 毛评点`, `${second} 点位数`]
export const GRP_WEEKS = [
  ['2026-W10', '2.000', '2', '0.300', '1'],
  ['2026-W11', '1.500', '1', '0.000', '0'],
  ['2026-W12', '0.456', '1', '0.875', '3'],
]
export const PER_SPOT_WEEKS = [
  ['2026-W10', '1.000', '0.300'],
  ['2026-W11', '1.500', '—'],
  ['2026-W12', '0.456', '0.292'],
]
export const MEDIA_WEEKS = [
  ['2026-W10', '4.000', '2', '0.600', '1'],
  ['2026-W11', '3.000', '1', '0.000', '0'],
  ['2026-W12', '0.912', '1', '1.750', '3'],
]

export const bar = (page) => page.getByRole('search', { name: '看板筛选' })
export const grpTable = (page) => page.getByRole('table', { name: '毛评点与点位数数据' })
export const perSpotTable = (page) => page.getByRole('table', { name: '每点位毛评点数据' })

/** A table's rows as the cells' texts, its heading row first. */
export const rowsOf = (table) =>
  table.evaluate((t) => [...t.querySelectorAll('tr')].map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent.trim())))

export async function expectRows(ctx, table, want, what) {
  const got = await rowsOf(table)
  ctx.expect(JSON.stringify(got) === JSON.stringify(want), `${what}: ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`)
}

/** Chooses exactly `labels` in the multi-select named `field` (清空 first), then closes it. */
export async function pick(page, field, labels) {
  await bar(page).getByRole('button', { name: new RegExp(`^${field}`) }).click()
  const popup = page.getByRole('dialog', { name: field })
  await popup.getByRole('button', { name: '清空', exact: true }).click()
  for (const label of labels) await popup.getByRole('checkbox', { name: label, exact: true }).check()
  await page.keyboard.press('Escape')
  await popup.waitFor({ state: 'detached' })
}

/** 搜索, answering the dashboardoneIndex call it makes (its query and body). */
export async function search(ctx, page) {
  const answer = page.waitForResponse(isCall('dashboardoneIndex'))
  await bar(page).getByRole('button', { name: '搜索', exact: true }).click()
  const response = await answer
  const body = await response.json()
  ctx.expect(body.code === 200, `dashboardoneIndex answered ${JSON.stringify(body)}`)
  await page.waitForFunction(() => !document.querySelector('.dash-chart[aria-busy="true"]'))
  return { query: new URL(response.url()).searchParams, body }
}

/** A customer workbook of `rows` ([day, time, title, GRP, group]) imported through 导入 (data
 *  mode: 客户数据, 实际播出, ownership `side`); resolves when its job ends. */
export async function importRows(ctx, page, media, rows, side) {
  const bytes = makeXlsx([
    [`看板 ${stamp}`],
    HEADERS,
    ...rows.map(([day, time, title, grp, group]) => [day, media.mediaName, time, 15, title, '看板节目', group, grp, '']),
  ])
  await page.goto(`${ctx.base}/#/client/index?title=${stamp}`)
  await waitForPath(page, '/client/index')
  await page.getByRole('button', { name: '导入', exact: true }).click()
  const box = page.getByRole('dialog', { name: '上传文件' })
  await box.getByLabel('数据类别').selectOption({ label: '客户数据' })
  await box.getByLabel('数据来源').selectOption({ label: '实际播出' })
  await box.getByLabel('数据归属').selectOption({ label: side })
  await box.getByRole('button', { name: '选择文件' }).and(page.locator(':enabled')).waitFor()
  await box.getByLabel('选择要上传的文件').setInputFiles({ name: `看板-${stamp}.xlsx`, mimeType: XLSX, buffer: bytes })
  await box.getByText(`看板-${stamp}.xlsx`).waitFor()
  await box.getByRole('button', { name: '开始上传' }).click()
  await box.waitFor({ state: 'detached' })
  const panel = page.getByTestId('progress-panel')
  await panel.getByText('处理结束', { exact: true }).waitFor({ timeout: 25_000 })
  await panel.waitFor({ state: 'detached', timeout: 5_000 }).catch(async () => {
    throw new Error(`the import failed: ${await panel.innerText()}`)
  })
}
