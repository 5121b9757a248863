// Tape number management (/productMagneticTape/index) as the super administrator: the product
// picker that needs brand and media, add, edit, URL filters, export download, delete (cancel
// and confirm). Brands, media and groups come from the system-settings calls; the product
// from productAdd. The tests share one signed-in page.
import { hashRoute, isCall, shared, waitForPath } from '../lib.mjs'
import { call, seedMasterData } from '../seed.mjs'

const stamp = Date.now().toString(36)
const number = `T-${stamp}`
const renumbered = `T2-${stamp}`

const toastSays = (page, text, kind = 'success') => page.locator(`.toast--${kind}`, { hasText: text }).waitFor()
const dialog = (page, title) => page.getByRole('dialog', { name: title })
const rowOf = (page, text) => page.locator('tbody tr', { hasText: text })

async function addProduct(page, brand, name) {
  return call(page, 'productAdd', {
    brandId: brand.id, productName: name, seconds: 15, audienceCityGroupId: brand.groups.map((g) => g.id).join(','),
    defaultAudienceCityGroupId: brand.groups[0].id, upsideDownThreePer: 30, primeTime: '19:00:00-22:00:00',
    primeTimePer: 60, primeUpsideDownThreePer: 40, jackRequirements: '无',
  })
}

export const tests = [
  {
    name: 'the product filter shows once brand and media are chosen',
    run: async (ctx) => {
      const page = (ctx.state.page = await ctx.open({ keep: true }))
      await ctx.signIn(page, ctx.admin.account, ctx.admin.password)
      ctx.page = page
      const seed = (ctx.state.seed = await seedMasterData(page, stamp))
      ctx.state.product = await addProduct(page, seed.brand, `E2E磁带产品${stamp}`)
      const otherMedia = await call(page, 'mediaAdd', { mediaName: `E2E另一媒体${stamp}` })
      await page.goto(`${ctx.base}/#/productMagneticTape/index`)
      await waitForPath(page, '/productMagneticTape/index')
      await page.getByRole('table', { name: '磁带号管理' }).waitFor()
      const headers = await page.locator('thead th').allInnerTexts()
      for (const h of ['创建时间', '品牌名称', '媒体名称', '产品名称', '年度周期', '客户版本名称', '媒体文件名', '媒体磁带号', '客户标题', '秒数', '更新时间']) {
        ctx.expect(headers.includes(h), `missing column ${h}: ${headers}`)
      }
      const search = page.getByRole('search')
      const productFilter = search.getByLabel('产品名称', { exact: true })
      await search.getByLabel('品牌名称').selectOption({ label: seed.brand.brandName })
      ctx.expect((await productFilter.count()) === 0, 'product filter shown without a media')
      await search.getByLabel('媒体名称').selectOption({ label: seed.media.mediaName })
      await productFilter.selectOption({ label: ctx.state.product.productName })
      await search.getByLabel('媒体名称').selectOption({ label: otherMedia.mediaName })
      ctx.expect((await productFilter.inputValue()) === '', 'product filter not cleared by the media change')
      await ctx.shot(page, 'tapes-filters')
      await search.getByRole('button', { name: '重置' }).click()
    },
  },
  {
    name: 'add a tape through the dialog',
    run: async (ctx) => {
      const page = shared(ctx)
      const { brand, media } = ctx.state.seed
      await page.getByRole('button', { name: '添加', exact: true }).click()
      const box = dialog(page, '添加磁带号')
      await box.waitFor()
      ctx.expect((await box.getByLabel('秒数').inputValue()) === '15', 'seconds should start at 15')
      await box.getByRole('button', { name: '确定' }).click()
      for (const m of ['请选择品牌名称', '请选择媒体名称', '请输入年度周期', '请输入客户版本名称', '请输入媒体文件名', '请输入媒体磁带号', '请输入客户标题']) {
        await box.getByRole('alert').filter({ hasText: new RegExp(`^${m}$`) }).waitFor()
      }
      await box.getByLabel('品牌名称').selectOption({ label: brand.brandName })
      await box.getByLabel('媒体名称').selectOption({ label: media.mediaName })
      await box.getByLabel('产品名称').selectOption({ label: ctx.state.product.productName })
      await box.getByLabel('年度周期').fill('2026')
      await box.getByLabel('客户版本名称').fill('春节版')
      await box.getByLabel('媒体文件名').fill(`chunjie_${stamp}.mp4`)
      await box.getByLabel('媒体磁带号').fill(number)
      await box.getByLabel('客户标题').fill('=E2E标题')
      await box.getByLabel('秒数').fill('0')
      await box.getByRole('button', { name: '确定' }).click()
      await box.getByRole('alert').filter({ hasText: '秒数必须是 1 到 3600 之间的正整数' }).waitFor()
      await box.getByLabel('秒数').fill('15')
      await ctx.shot(page, 'tape-add-dialog')
      const answer = page.waitForResponse(isCall('productMagneticTapeAdd'))
      await box.getByRole('button', { name: '确定' }).click()
      ctx.state.tapeId = (await (await answer).json()).data?.id
      await toastSays(page, '添加成功')
      await box.waitFor({ state: 'detached' })
      const text = await rowOf(page, number).innerText()
      for (const part of [brand.brandName, media.mediaName, ctx.state.product.productName, '2026', '春节版', '=E2E标题']) {
        ctx.expect(text.includes(part), `row lacks ${part}: ${text}`)
      }
    },
  },
  {
    name: 'edit the tape number; a duplicate lands on its field',
    run: async (ctx) => {
      const page = shared(ctx)
      const { brand, media } = ctx.state.seed
      await call(page, 'productMagneticTapeAdd', {
        brandId: brand.id, mediaId: media.id, productId: ctx.state.product.id, cycle: '2025', customerVersionName: '国庆版',
        mediaFileName: 'guoqing.mp4', mediaTapeNumber: `DUP-${stamp}`, customerTitle: '国庆', seconds: 30,
      })
      await page.reload()
      await rowOf(page, number).getByRole('button', { name: '编辑' }).click()
      const box = dialog(page, '编辑磁带号')
      await box.waitFor()
      ctx.expect((await box.getByLabel('产品名称').inputValue()) === String(ctx.state.product.id), 'product not selected')
      await box.getByLabel('媒体磁带号').fill(`DUP-${stamp}`)
      await box.getByRole('button', { name: '确定' }).click()
      await box.getByRole('alert').filter({ hasText: '该媒体下已有相同的媒体磁带号' }).waitFor()
      await ctx.shot(page, 'tape-edit-duplicate')
      const answer = page.waitForResponse(isCall('productMagneticTapeUp'))
      await box.getByLabel('媒体磁带号').fill(renumbered)
      await box.getByRole('button', { name: '确定' }).click()
      const sent = JSON.parse((await answer).request().postData())
      ctx.expect(sent.mediaTapeNumberUp === renumbered && sent.id === ctx.state.tapeId, `sent ${JSON.stringify(sent)}`)
      await toastSays(page, '修改成功')
      await box.waitFor({ state: 'detached' })
      await rowOf(page, renumbered).waitFor()
    },
  },
  {
    name: 'tape filters live in the URL and the export downloads them',
    run: async (ctx) => {
      const page = shared(ctx)
      const search = page.getByRole('search')
      await search.getByLabel('媒体磁带号').fill(renumbered)
      await search.getByRole('button', { name: '搜索' }).click()
      await page.waitForFunction(() => location.hash.includes('mediaTapeNumber='))
      await page.reload()
      await rowOf(page, renumbered).waitFor()
      await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1)
      ctx.expect(hashRoute(page).query.get('mediaTapeNumber') === renumbered, 'filter not in the URL')
      ctx.expect((await search.getByLabel('媒体磁带号').inputValue()) === renumbered, 'filter lost on reload')

      const exported = page.waitForResponse(isCall('productMagneticTapeIndexExport'))
      const download = page.waitForEvent('download')
      await search.getByRole('button', { name: '导出' }).click()
      const body = await (await exported).json()
      ctx.expect(body.code === 200 && body.data.url.endsWith('.xlsx'), `export answered ${JSON.stringify(body)}`)
      ctx.expect((await exported).url().includes(`mediaTapeNumber=${renumbered}`), 'export ignored the filters')
      const file = await download
      ctx.expect(file.suggestedFilename().endsWith('.xlsx'), `downloaded ${file.suggestedFilename()}`)
      ctx.expect(!(await file.failure()), `download failed: ${await file.failure()}`)
      await toastSays(page, '导出成功')
      await ctx.shot(page, 'tapes-filtered')
    },
  },
  {
    name: 'delete the tape: cancel first, then confirm',
    run: async (ctx) => {
      const page = shared(ctx)
      await rowOf(page, renumbered).getByRole('button', { name: '删除' }).click()
      let ask = page.getByRole('alertdialog', { name: '提示' })
      await ask.getByText(`确定删除磁带「chunjie_${stamp}.mp4」吗？`).waitFor()
      await ctx.shot(page, 'tape-delete-confirm')
      await ask.getByRole('button', { name: '取消' }).click()
      await toastSays(page, '已取消删除', 'info')
      await rowOf(page, renumbered).getByRole('button', { name: '删除' }).click()
      ask = page.getByRole('alertdialog', { name: '提示' })
      await ask.getByRole('button', { name: '确定' }).click()
      await toastSays(page, '删除成功')
      await rowOf(page, renumbered).waitFor({ state: 'detached' })
      await page.getByRole('search').getByRole('button', { name: '重置' }).click()
      await page.waitForFunction(() => !location.hash.includes('mediaTapeNumber='))
    },
  },
]
