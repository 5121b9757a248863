// Product management (/product/index) as the super administrator: the dialog's rules, add,
// edit, URL filters, copy, delete, and a product still used by a tape. Brands, media and
// groups belong to the system-settings screen, so they are made through its calls. The tests
// share one signed-in page, each building on the one before.
import { hashRoute, isCall, shared, waitForPath } from '../lib.mjs'
import { call, seedMasterData } from '../seed.mjs'

const stamp = Date.now().toString(36)
const product = `E2E产品${stamp}`
const renamed = `E2E产品改${stamp}`

const toastSays = (page, text, kind = 'success') => page.locator(`.toast--${kind}`, { hasText: text }).waitFor()
const dialog = (page, title) => page.getByRole('dialog', { name: title })
const rowOf = (page, text) => page.locator('tbody tr', { hasText: text })
/** Opens the group checkboxes unless they are open (a select's change doesn't close them). */
async function openGroups(box) {
  const field = box.getByLabel('受众/城市组', { exact: true })
  if ((await field.getAttribute('aria-expanded')) !== 'true') await field.click()
}
const settled = (page) => page.waitForFunction(() => !document.querySelector('.data-table[aria-busy]'))

/** Fills the product dialog's required fields other than brand and groups. */
async function fillRequired(box) {
  await box.getByLabel('产品名称').fill(product)
  await box.getByLabel('黄金时段开始时间').fill('19:00:00')
  await box.getByLabel('黄金时段结束时间').fill('22:00:00')
  await box.getByLabel('正负三(%)', { exact: true }).fill('30')
  await box.getByLabel('黄金时段占比(%)', { exact: true }).fill('60')
  await box.getByLabel('黄金时段正负三占比(%)', { exact: true }).fill('40')
  await box.getByLabel('插播要求').fill('不与竞品同段')
}

export const tests = [
  {
    name: 'product list opens with the spec columns',
    run: async (ctx) => {
      const page = (ctx.state.page = await ctx.open({ keep: true }))
      await ctx.signIn(page, ctx.admin.account, ctx.admin.password)
      ctx.page = page
      ctx.state.seed = await seedMasterData(page, stamp)
      await page.goto(`${ctx.base}/#/product/index`)
      await waitForPath(page, '/product/index')
      await page.getByRole('table', { name: '产品管理' }).waitFor()
      const headers = await page.locator('thead th').allInnerTexts()
      for (const h of ['品牌名称', '媒体名称', '产品名称', '秒数', '受众/城市组', '默认受众/城市组', '正负三(%)', '黄金时段范围',
        '黄金时段占比(%)', '黄金时段正负三占比(%)', '插播要求', '非黄金时段正负三占比(%)', '备注一', '备注二', '更新时间', '创建时间']) {
        ctx.expect(headers.includes(h), `missing column ${h}: ${headers}`)
      }
      await ctx.shot(page, 'products')
    },
  },
  {
    name: 'add a product: the rules, brand before groups, default among the chosen',
    run: async (ctx) => {
      const page = shared(ctx)
      const { brand, otherBrand, media } = ctx.state.seed
      await page.getByRole('button', { name: '添加', exact: true }).click()
      const box = dialog(page, '添加产品')
      await box.waitFor()
      ctx.expect((await box.getByLabel('秒数').inputValue()) === '15', 'seconds should start at 15')
      const body = await box.locator('.product-form').evaluate((el) => [getComputedStyle(el).maxHeight, getComputedStyle(el).overflowY])
      ctx.expect(body[0] === '500px' && body[1] === 'auto', `dialog body ${body}`)

      await box.getByRole('button', { name: '确定' }).click()
      for (const m of ['产品名称不能为空', '品牌ID不能为空', '受众/城市组不能为空', '默认受众/城市组不能为空', '黄金时段范围不能为空',
        '正负三不能为空', '黄金时段占比不能为空', '黄金时段正负三占比不能为空', '插播要求不能为空']) {
        await box.getByRole('alert').filter({ hasText: new RegExp(`^${m}$`) }).waitFor()
      }
      await ctx.shot(page, 'product-add-required')

      // The groups need a brand first.
      await box.getByLabel('受众/城市组', { exact: true }).click()
      await toastSays(page, '请选择品牌名称', 'warning')

      // Another brand's group is dropped when the brand changes.
      await box.getByLabel('品牌名称').selectOption({ label: otherBrand.brandName })
      await openGroups(box)
      await box.getByLabel(otherBrand.groups[0].audienceCityGroupName).check()
      await box.getByLabel('品牌名称').selectOption({ label: brand.brandName })
      const field = box.getByLabel('受众/城市组', { exact: true })
      ctx.expect((await field.innerText()).includes('请选择受众/城市组'), 'groups not cleared by the brand change')

      await openGroups(box)
      for (const g of brand.groups) await box.getByLabel(g.audienceCityGroupName).check()
      const defaults = await box.getByLabel('默认受众/城市组').locator('option').allInnerTexts()
      ctx.expect(defaults.length === 3 && defaults[2] === brand.groups[1].audienceCityGroupName, `default options ${defaults}`)
      await box.getByLabel('默认受众/城市组').selectOption({ label: brand.groups[1].audienceCityGroupName })
      await box.getByLabel('媒体名称').selectOption({ label: media.mediaName })
      await box.getByLabel('秒数').selectOption('30')
      await fillRequired(box)
      await ctx.shot(page, 'product-add-dialog')
      const answer = page.waitForResponse(isCall('productAdd'))
      await box.getByRole('button', { name: '确定' }).click()
      const added = await (await answer).json()
      ctx.expect(added.code === 200, `productAdd answered ${JSON.stringify(added)}`)
      ctx.state.productId = added.data.id
      await toastSays(page, '添加成功')
      await box.waitFor({ state: 'detached' })
      const text = await rowOf(page, product).innerText()
      for (const part of [brand.brandName, media.mediaName, '30', ...brand.groups.map((g) => g.audienceCityGroupName), '19:00:00-22:00:00']) {
        ctx.expect(text.includes(part), `row lacks ${part}: ${text}`)
      }
    },
  },
  {
    name: 'edit the product name',
    run: async (ctx) => {
      const page = shared(ctx)
      await rowOf(page, product).getByRole('button', { name: '编辑' }).click()
      const box = dialog(page, '编辑产品')
      await box.waitFor()
      ctx.expect((await box.getByLabel('产品名称').inputValue()) === product, 'edit dialog not filled in')
      ctx.expect((await box.getByLabel('黄金时段开始时间').inputValue()) === '19:00:00', 'prime time not filled in')
      const groups = await box.getByLabel('受众/城市组', { exact: true }).innerText()
      ctx.expect(groups.includes(ctx.state.seed.brand.groups[0].audienceCityGroupName), `groups shown: ${groups}`)
      await box.getByLabel('产品名称').fill(renamed)
      await ctx.shot(page, 'product-edit-dialog')
      await box.getByRole('button', { name: '确定' }).click()
      await toastSays(page, '修改成功')
      await box.waitFor({ state: 'detached' })
      await rowOf(page, renamed).waitFor()
    },
  },
  {
    name: 'product filters live in the URL',
    run: async (ctx) => {
      const page = shared(ctx)
      const search = page.getByRole('search')
      // The brand filter is searchable: type part of the name, Enter takes the match.
      const brandPicker = search.getByRole('combobox', { name: '品牌名称' })
      await brandPicker.click()
      await brandPicker.fill(ctx.state.seed.brand.brandName)
      await page.getByRole('listbox').getByRole('option', { name: ctx.state.seed.brand.brandName, exact: true }).waitFor()
      await brandPicker.press('Enter')
      ctx.expect((await brandPicker.inputValue()) === ctx.state.seed.brand.brandName, 'brand filter not chosen')
      await search.getByLabel('产品名称').fill(renamed)
      await search.getByLabel('最小秒数').selectOption('20')
      await search.getByLabel('最大秒数').selectOption('30')
      await search.getByRole('button', { name: '搜索' }).click()
      await page.waitForFunction(() => location.hash.includes('productNamei='))
      const query = hashRoute(page).query
      ctx.expect(query.get('brandIdi') === String(ctx.state.seed.brand.id) && query.get('secondsGt') === '20', `query ${query}`)
      await page.reload()
      await rowOf(page, renamed).waitFor()
      await settled(page)
      ctx.expect((await page.locator('tbody tr').count()) === 1, 'the filters did not narrow the list')
      ctx.expect((await search.getByLabel('产品名称').inputValue()) === renamed, 'filter lost on reload')
      await ctx.shot(page, 'products-filtered')
      await search.getByLabel('最小秒数').selectOption('60')
      await search.getByRole('button', { name: '搜索' }).click()
      await page.waitForFunction(() => location.hash.includes('secondsGt=60'))
      await rowOf(page, renamed).waitFor({ state: 'detached' })
      // Time ranges travel as unix seconds: created from 2099 on leaves nothing.
      await search.getByLabel('最小秒数').selectOption('20')
      await search.getByLabel('创建时间开始').fill('2099-01-01T00:00:00')
      await search.getByRole('button', { name: '搜索' }).click()
      await page.waitForFunction(() => /createtimeGt=\d{10}/.test(location.hash))
      await page.getByText('暂无数据').waitFor()
      const from = Number(hashRoute(page).query.get('createtimeGt'))
      ctx.expect(Math.abs(from - Date.parse('2099-01-01T00:00:00') / 1000) < 1, `createtimeGt=${from}`)
      await search.getByLabel('创建时间开始').fill('2020-01-01T00:00:00')
      await search.getByLabel('创建时间结束').fill('2099-01-01T00:00:00')
      await search.getByRole('button', { name: '搜索' }).click()
      await rowOf(page, renamed).waitFor()
      await search.getByRole('button', { name: '重置' }).click()
      await page.waitForFunction(() => !location.hash.includes('productNamei='))
      await rowOf(page, renamed).waitFor()
    },
  },
  {
    name: 'copy the product after confirming',
    run: async (ctx) => {
      const page = shared(ctx)
      await rowOf(page, renamed).first().getByRole('button', { name: '复制' }).click()
      const ask = page.getByRole('alertdialog', { name: '提示' })
      await ask.getByText('确认复制该数据吗?').waitFor()
      await ctx.shot(page, 'product-copy-confirm')
      await ask.getByRole('button', { name: '确定' }).click()
      await toastSays(page, '复制成功')
      await rowOf(page, `${renamed} - 副本`).waitFor()
    },
  },
  {
    name: 'delete the copy; a product used by a tape stays',
    run: async (ctx) => {
      const page = shared(ctx)
      await rowOf(page, `${renamed} - 副本`).getByRole('button', { name: '删除' }).click()
      let ask = page.getByRole('alertdialog', { name: '提示' })
      await ask.getByText(`确定删除产品「${renamed} - 副本」吗？`).waitFor()
      await ask.getByRole('button', { name: '确定' }).click()
      await toastSays(page, '删除成功')
      await rowOf(page, `${renamed} - 副本`).waitFor({ state: 'detached' })

      const { brand, media } = ctx.state.seed
      await call(page, 'productMagneticTapeAdd', {
        brandId: brand.id, mediaId: media.id, productId: ctx.state.productId, cycle: '2026', customerVersionName: '春节版',
        mediaFileName: `e2e_${stamp}.mp4`, mediaTapeNumber: `P-${stamp}`, customerTitle: '标题', seconds: 30,
      })
      await rowOf(page, renamed).getByRole('button', { name: '删除' }).click()
      ask = page.getByRole('alertdialog', { name: '提示' })
      await ask.getByRole('button', { name: '确定' }).click()
      await toastSays(page, '该产品已被 1 个磁带使用，无法删除', 'error')
      await ctx.shot(page, 'product-delete-in-use')
      await rowOf(page, renamed).waitFor()
    },
  },
]
