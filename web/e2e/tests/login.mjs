// Sign-in flows: redirect, validation, wrong password, success, reload, logout.
import { fillLogin, hashRoute, isCall, waitForPath } from '../lib.mjs'

export const tests = [
  {
    name: 'unauthenticated visit lands on login with redirect',
    run: async (ctx) => {
      const page = await ctx.open()
      await page.goto(`${ctx.base}/#/order/index`)
      await waitForPath(page, '/login')
      ctx.expect(hashRoute(page).query.get('redirect') === '/order/index', `redirect missing: ${page.url()}`)
      await page.getByRole('heading', { name: '系统登录' }).waitFor()
      ctx.expect((await page.title()).startsWith('系统登录'), `title is ${await page.title()}`)
    },
  },
  {
    name: 'short password is refused without a request',
    run: async (ctx) => {
      const page = await ctx.open()
      let calls = 0
      page.on('request', (r) => { if (isCall('adminUserLogin')(r)) calls++ })
      await page.goto(`${ctx.base}/#/login`)
      await fillLogin(page, ctx.admin.account, '12345')
      await page.getByLabel('密码', { exact: true }).press('Enter')
      await page.getByText('密码不能少于6位').waitFor()
      await page.waitForTimeout(500)
      ctx.expect(calls === 0, `expected no login request, saw ${calls}`)
    },
  },
  {
    name: 'wrong password shows an error toast and stays on login',
    run: async (ctx) => {
      const page = await ctx.open()
      await page.goto(`${ctx.base}/#/login`)
      await fillLogin(page, ctx.admin.account, 'not-the-password-e2e')
      const answer = page.waitForResponse(isCall('adminUserLogin'))
      await page.getByRole('button', { name: '登录', exact: true }).click()
      ctx.expect((await answer).status() >= 400, 'wrong password was accepted')
      const toast = page.locator('.toast--error')
      await toast.waitFor()
      ctx.expect((await toast.innerText()).trim().length > 0, 'error toast is empty')
      await page.waitForTimeout(300)
      ctx.expect(hashRoute(page).path === '/login', `left the login page: ${page.url()}`)
      await page.getByRole('button', { name: '登录', exact: true }).waitFor()
    },
  },
  {
    name: 'correct admin password lands on the order page',
    run: async (ctx) => {
      ctx.expect(ctx.admin.password, 'ADEVAL_ADMIN_PASSWORD is not set')
      const page = (ctx.state.page = await ctx.open({ keep: true }))
      await page.goto(`${ctx.base}/#/order/index?tab=2`)
      await waitForPath(page, '/login')
      await fillLogin(page, ctx.admin.account, ctx.admin.password)
      const answer = page.waitForResponse(isCall('adminUserLogin'))
      await page.getByLabel('密码', { exact: true }).press('Enter')
      const body = await (await answer).json()
      ctx.expect(body.code === 200, `login answered ${JSON.stringify(body)}`)
      ctx.state.name = body.data.name
      await waitForPath(page, '/order/index')
      ctx.expect(hashRoute(page).query.get('tab') === '2', `other query parameters lost: ${page.url()}`)
      const user = page.getByTestId('current-user')
      await user.waitFor()
      ctx.expect((await user.innerText()).trim() === ctx.state.name, `shows "${await user.innerText()}"`)
      await page.getByRole('table', { name: '订单汇总' }).waitFor()
      ctx.expect((await page.title()) === '订单汇总 - 数据评估管理系统', `title is ${await page.title()}`)
    },
  },
  {
    name: 'reload keeps the session',
    run: async (ctx) => {
      const page = (ctx.page = ctx.state.page)
      ctx.expect(page && ctx.state.name, 'needs the signed-in page of the previous test')
      await page.reload()
      await page.getByTestId('current-user').waitFor()
      ctx.expect(hashRoute(page).path === '/order/index', `reload went to ${page.url()}`)
      ctx.expect((await page.getByTestId('current-user').innerText()).includes(ctx.state.name), 'name lost on reload')
    },
  },
  {
    name: 'logout returns to login',
    run: async (ctx) => {
      const page = (ctx.page = ctx.state.page)
      ctx.expect(page && ctx.state.name, 'needs the signed-in page of the previous test')
      const answer = page.waitForResponse(isCall('adminUserLoginout'))
      await page.getByRole('button', { name: '用户菜单' }).click()
      await page.getByRole('menuitem', { name: '退出登录' }).click()
      await answer
      await waitForPath(page, '/login')
      // The redirect holds the whole current path, query included.
      ctx.expect(hashRoute(page).query.get('redirect') === '/order/index?tab=2', `redirect missing: ${page.url()}`)
      const cookies = await page.context().cookies()
      ctx.expect(!cookies.some((c) => c.name === 'Admin-Token'), 'token cookie survived logout')
      await page.goto(`${ctx.base}/#/order/index`)
      await waitForPath(page, '/login')
    },
  },
  {
    name: 'social buttons answer with the app notice, not the browser alert',
    run: async (ctx) => {
      const page = await ctx.open()
      await page.goto(`${ctx.base}/#/login`)
      const alerts = []
      page.on('dialog', (d) => {
        alerts.push(d.message())
        void d.dismiss()
      })
      await page.getByRole('button', { name: '微信' }).click()
      await page.locator('.toast--info', { hasText: '微信登录暂未开放，请使用账号密码登录。' }).waitFor()
      await ctx.shot(page, 'social-notice')
      await page.getByRole('button', { name: 'QQ' }).click()
      await page.locator('.toast--info', { hasText: 'QQ登录暂未开放，请使用账号密码登录。' }).waitFor()
      ctx.expect(alerts.length === 0, `browser alerts: ${JSON.stringify(alerts)}`)
      ctx.expect(hashRoute(page).path === '/login', `left the login page: ${page.url()}`)
    },
  },
  {
    name: 'the OAuth redirect page keeps its query for the opener',
    run: async (ctx) => {
      const page = await ctx.open()
      await page.goto(`${ctx.base}/#/auth-redirect?code=e2e-code&state=1`)
      await page.waitForFunction(() => localStorage.getItem('x-admin-oauth-code') !== null)
      const kept = await page.evaluate(() => localStorage.getItem('x-admin-oauth-code'))
      ctx.expect(kept === 'code=e2e-code&state=1', `kept ${kept}`)
    },
  },
]
