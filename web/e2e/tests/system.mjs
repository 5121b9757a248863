// System settings (/system/systemIndex) as the super administrator: the media, brand and
// audience/city group tabs — add, duplicate, edit, delete, delete refused while in use, and
// the tab and name search in the URL. The tests share one signed-in page, each building on the
// one before; every record they make carries a stamp and is deleted again.
import { hashRoute, isCall, shared, waitForPath } from '../lib.mjs'

const stamp = Date.now().toString(36)
const media = `E2E台${stamp}`
const brand = `E2E品牌${stamp}`
const group = `E2E组${stamp}`

const dialog = (page, title) => page.getByRole('dialog', { name: title })
const rowOf = (page, text) => page.locator('tbody tr', { hasText: text })
const toastSays = (page, text, kind = 'success') => page.locator(`.toast--${kind}`, { hasText: text }).waitFor()
const idle = (page) => page.waitForFunction(() => !document.querySelector('.data-table[aria-busy]'))

/** 删除 on `row`, checking the question names what goes (`what`, e.g. 品牌「伊利」). */
async function confirmDelete(page, row, what) {
  await row.getByRole('button', { name: '删除' }).click()
  const ask = page.getByRole('alertdialog', { name: '提示' })
  await ask.getByText(`确定删除${what}吗？`).waitFor()
  await ask.getByRole('button', { name: '确定' }).click()
}

async function openTab(page, name, param) {
  await page.getByRole('tab', { name }).click()
  await page.waitForFunction((p) => (p ? location.hash.includes(`tab=${p}`) : !location.hash.includes('tab=')), param)
  await idle(page)
}

export const tests = [
  {
    name: 'media tab: add, refuse a duplicate, rename',
    run: async (ctx) => {
      const page = (ctx.state.page = await ctx.open({ keep: true }))
      await ctx.signIn(page, ctx.admin.account, ctx.admin.password)
      ctx.page = page
      await page.getByRole('link', { name: '系统设置' }).click()
      await waitForPath(page, '/system/systemIndex')
      ctx.expect((await page.getByRole('tab', { name: '媒体' }).getAttribute('aria-selected')) === 'true', 'media tab not first')
      await page.locator('tbody tr').first().waitFor()
      const headers = await page.locator('thead th').allInnerTexts()
      ctx.expect(['ID', '媒体名称', '创建时间', '操作'].every((h) => headers.includes(h)), `columns: ${headers}`)

      await page.getByRole('button', { name: '添加', exact: true }).click()
      let box = dialog(page, '添加媒体')
      await box.getByRole('button', { name: '确定' }).click()
      await box.getByText('请选择媒体名称').waitFor()
      await box.getByLabel('媒体名称').fill(media)
      await box.getByRole('button', { name: '确定' }).click()
      await toastSays(page, '添加成功')
      await box.waitFor({ state: 'detached' })
      await rowOf(page, media).waitFor()

      await page.getByRole('button', { name: '添加', exact: true }).click()
      box = dialog(page, '添加媒体')
      await box.getByLabel('媒体名称').fill(media)
      await box.getByRole('button', { name: '确定' }).click()
      await box.getByText('媒体名称已存在').waitFor()
      await ctx.shot(page, 'media-duplicate')
      await box.getByRole('button', { name: '取消' }).click()

      await rowOf(page, media).getByRole('button', { name: '编辑' }).click()
      box = dialog(page, '编辑媒体')
      ctx.expect((await box.getByLabel('媒体名称').inputValue()) === media, 'edit dialog not filled in')
      await box.getByLabel('媒体名称').fill(`${media}HD`)
      await box.getByRole('button', { name: '确定' }).click()
      await toastSays(page, '修改成功')
      await rowOf(page, `${media}HD`).waitFor()
      await ctx.shot(page, 'media-tab')
    },
  },
  {
    name: 'brand tab: add, search through the URL, rename',
    run: async (ctx) => {
      const page = shared(ctx)
      await openTab(page, '品牌', 'brand')
      await page.getByRole('button', { name: '添加', exact: true }).click()
      const box = dialog(page, '添加品牌')
      await box.getByRole('button', { name: '确定' }).click()
      await box.getByText('请输入品牌').waitFor()
      await box.getByLabel('品牌名称').fill(brand)
      await box.getByRole('button', { name: '确定' }).click()
      await toastSays(page, '添加成功')

      const search = page.getByRole('search')
      await search.getByLabel('品牌名称').fill(brand)
      await search.getByRole('button', { name: '搜索' }).click()
      await page.waitForFunction((b) => decodeURIComponent(location.hash).includes(`name=${b}`), brand)
      await page.reload()
      await rowOf(page, brand).waitFor()
      await idle(page)
      ctx.expect(hashRoute(page).query.get('tab') === 'brand', 'tab lost on reload')
      ctx.expect((await search.getByLabel('品牌名称').inputValue()) === brand, 'search lost on reload')
      ctx.expect((await page.locator('tbody tr').count()) === 1, 'the search did not narrow the list')

      await rowOf(page, brand).getByRole('button', { name: '编辑' }).click()
      const edit = dialog(page, '编辑品牌')
      await edit.getByLabel('品牌名称').fill(`${brand}改`)
      const answer = page.waitForResponse(isCall('brandUp'))
      await edit.getByRole('button', { name: '确定' }).click()
      const sent = JSON.parse((await answer).request().postData())
      ctx.expect(sent.brandName === brand && sent.brandNameUp === `${brand}改`, `brandUp sent ${JSON.stringify(sent)}`)
      await toastSays(page, '修改成功')
      await search.getByRole('button', { name: '重置' }).click()
      await page.waitForFunction(() => !location.hash.includes('name='))
      await rowOf(page, `${brand}改`).waitFor()
      await ctx.shot(page, 'brand-tab')
    },
  },
  {
    name: 'audience tab: add a group with the brand picker, search, refuse deleting its brand',
    run: async (ctx) => {
      const page = shared(ctx)
      await openTab(page, '受众/城市组', 'audience')
      await page.getByRole('button', { name: '添加', exact: true }).click()
      const box = dialog(page, '添加受众/城市组')
      await box.getByRole('button', { name: '确定' }).click()
      await box.getByText('请选择品牌名称').waitFor()
      await box.getByText('请输入受众/城市组').waitFor()
      // The brand picker filters as one types; Enter takes the highlighted brand.
      const picker = box.getByRole('combobox', { name: '品牌' })
      await picker.click()
      await picker.fill(`${brand}改`)
      const options = page.getByRole('listbox').getByRole('option')
      await options.first().waitFor()
      ctx.expect((await options.count()) === 1, `picker kept ${await options.count()} options`)
      await ctx.shot(page, 'group-brand-picker')
      await picker.press('Enter')
      ctx.expect((await picker.inputValue()) === `${brand}改`, 'brand not chosen')
      await box.getByLabel('受众/城市组').fill(group)
      await box.getByRole('button', { name: '确定' }).click()
      await toastSays(page, '添加成功')
      await box.waitFor({ state: 'detached' })

      const search = page.getByRole('search')
      await search.getByLabel('受众/城市组').fill(group)
      await search.getByRole('button', { name: '搜索' }).click()
      await page.waitForFunction((g) => decodeURIComponent(location.hash).includes(`name=${g}`), group)
      await idle(page)
      const row = rowOf(page, group)
      ctx.expect((await row.innerText()).includes(`${brand}改`), 'row does not show the brand')
      ctx.expect((await page.locator('tbody tr').count()) === 1, 'the search did not narrow the list')
      await ctx.shot(page, 'audience-tab')

      await openTab(page, '品牌', 'brand')
      await confirmDelete(page, rowOf(page, `${brand}改`), `品牌「${brand}改」`)
      await toastSays(page, '该品牌已被 1 个受众/城市组使用，无法删除', 'error')
      await rowOf(page, `${brand}改`).waitFor()
    },
  },
  {
    name: 'delete the group, the brand and the media',
    run: async (ctx) => {
      const page = shared(ctx)
      await openTab(page, '受众/城市组', 'audience')
      await confirmDelete(page, rowOf(page, group), `受众/城市组「${group}」`)
      await toastSays(page, '删除成功!')
      await rowOf(page, group).waitFor({ state: 'detached' })

      await openTab(page, '品牌', 'brand')
      await confirmDelete(page, rowOf(page, `${brand}改`), `品牌「${brand}改」`)
      await toastSays(page, '删除成功!')
      await rowOf(page, `${brand}改`).waitFor({ state: 'detached' })

      await openTab(page, '媒体', null)
      await confirmDelete(page, rowOf(page, `${media}HD`), `媒体「${media}HD」`)
      await toastSays(page, '删除成功!')
      await rowOf(page, `${media}HD`).waitFor({ state: 'detached' })
    },
  },
]
