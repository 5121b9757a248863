// The application frame: sidebar, tags view, 404, header search, size, settings, roles, logout.
import { fillLogin, hashRoute, isCall, waitForPath } from '../lib.mjs'

/** The signed-in admin page shared by the tests of this file. */
async function adminPage(ctx) {
  if (!ctx.state.admin) {
    const page = await ctx.open({ keep: true })
    await ctx.signIn(page, ctx.admin.account, ctx.admin.password)
    ctx.state.admin = page
  }
  ctx.page = ctx.state.admin
  return ctx.page
}

const sidebar = (page) => page.getByRole('complementary', { name: '主菜单' })
const tabs = (page) => page.getByRole('list', { name: '已打开的页面' })
const tabTitles = async (page) => (await tabs(page).locator('li').allInnerTexts()).map((t) => t.trim())

async function go(page, base, path) {
  await page.goto(`${base}/#${path}`)
  await waitForPath(page, path)
}

export const tests = [
  {
    name: 'admin sees every menu and the 权限管理 submenu',
    run: async (ctx) => {
      const page = await adminPage(ctx)
      await waitForPath(page, '/order/index')
      const nav = sidebar(page)
      for (const title of ['订单汇总', '客户数据', '受众分析', '套装管理', '系统设置', '文件列表']) {
        await nav.getByRole('link', { name: title }).waitFor()
      }
      await nav.getByText('数据评估系统').waitFor()
      await nav.getByRole('button', { name: '权限管理' }).click()
      await nav.getByRole('link', { name: '管理员日志' }).click()
      await waitForPath(page, '/adminlog')
      const crumbs = page.getByRole('navigation', { name: '面包屑' })
      await crumbs.locator('[aria-current="page"]', { hasText: '管理员日志' }).waitFor()
      const items = (await crumbs.locator('li').allInnerTexts()).map((t) => t.trim())
      ctx.expect(items.join('/') === '首页/权限管理/管理员日志', `breadcrumb: ${items}`)
      ctx.expect((await page.title()) === '管理员日志 - 数据评估管理系统', `title: ${await page.title()}`)
      await ctx.shot(page, 'sidebar-admin-log')
    },
  },
  {
    name: 'tags view: only visited pages get a tab, kept across a reload; closes the others',
    run: async (ctx) => {
      const page = await adminPage(ctx)
      await sidebar(page).getByRole('link', { name: '客户数据' }).click()
      await waitForPath(page, '/client/index')
      // The address changes at once, but the page (and its tab) only once its chunk has
      // loaded; a click before that supersedes the visit, as in the old admin.
      await page.getByRole('table', { name: '客户数据' }).waitFor()
      await sidebar(page).getByRole('link', { name: '产品管理' }).click()
      await waitForPath(page, '/product/index')
      await tabs(page).getByRole('link', { name: '客户数据' }).waitFor()
      // 受众分析 was never opened: no tab for it; the home page's tab is there from the start.
      const before = await tabTitles(page)
      ctx.expect(before[0] === '订单汇总' && !before.includes('受众分析'), `tabs before opening 受众分析: ${before}`)
      await page.reload()
      // The product screen is built: its table names it.
      await page.getByRole('table', { name: '产品管理' }).waitFor()
      const after = await tabTitles(page)
      for (const t of ['订单汇总', '客户数据', '产品管理']) ctx.expect(after.includes(t), `tab ${t} lost on reload: ${after}`)
      ctx.expect(!after.includes('受众分析'), `受众分析 has a tab without a visit: ${after}`)
      await ctx.shot(page, 'tags-after-reload')
      await sidebar(page).getByRole('link', { name: '受众分析' }).click()
      await waitForPath(page, '/dashboard')
      await tabs(page).getByRole('link', { name: '受众分析' }).waitFor()
      await page.getByRole('button', { name: '关闭 受众分析' }).waitFor()
      await sidebar(page).getByRole('link', { name: '产品管理' }).click()
      await waitForPath(page, '/product/index')
      await page.getByRole('button', { name: '标签操作' }).click()
      await page.getByRole('menuitem', { name: '关闭其他' }).click()
      await page.waitForFunction(() => document.querySelectorAll('.tags-view__item').length === 2)
      const left = await tabTitles(page)
      ctx.expect(left.join() === '订单汇总,产品管理', `after 关闭其他: ${left}`)
      // The pinned home tab has no close button; others do.
      ctx.expect((await page.getByRole('button', { name: '关闭 订单汇总' }).count()) === 0, 'pinned tab can be closed')
      await page.getByRole('button', { name: '关闭 产品管理' }).click()
      await waitForPath(page, '/order/index')
      await ctx.shot(page, 'tags-closed-others')
    },
  },
  {
    name: 'tag context menu refreshes the page and closes all tabs',
    run: async (ctx) => {
      const page = await adminPage(ctx)
      await sidebar(page).getByRole('link', { name: '客户数据' }).click()
      await waitForPath(page, '/client/index')
      await tabs(page).getByRole('link', { name: '客户数据' }).click({ button: 'right' })
      const menu = page.getByRole('menu')
      for (const item of ['刷新', '关闭', '关闭其他', '关闭所有']) await menu.getByRole('menuitem', { name: item, exact: true }).waitFor()
      await ctx.shot(page, 'tag-context-menu')
      await menu.getByRole('menuitem', { name: '刷新', exact: true }).click()
      await page.getByRole('table', { name: '客户数据' }).waitFor()
      ctx.expect(hashRoute(page).path === '/client/index', `refresh moved to ${page.url()}`)
      await tabs(page).getByRole('link', { name: '客户数据' }).click({ button: 'right' })
      await page.getByRole('menuitem', { name: '关闭所有' }).click()
      await waitForPath(page, '/order/index')
      const left = await tabTitles(page)
      ctx.expect(left.join() === '订单汇总', `after 关闭所有: ${left}`)
    },
  },
  {
    name: 'unknown paths show the 404 page',
    run: async (ctx) => {
      const page = await adminPage(ctx)
      await page.goto(`${ctx.base}/#/no/such/page`)
      await waitForPath(page, '/404')
      const heading = page.getByRole('heading', { name: '站长说你不能进入这个页面……' })
      await heading.waitFor()
      ctx.expect(await heading.isVisible(), 'the 404 page shows no heading')
      await ctx.shot(page, '404')
      await page.getByRole('link', { name: '返回首页' }).click()
      await waitForPath(page, '/order/index')
      const list = page.getByRole('table', { name: '订单汇总' })
      await list.waitFor()
      ctx.expect(await list.isVisible(), '返回首页 leads to no order list')
    },
  },
  {
    name: 'header search navigates with the keyboard',
    run: async (ctx) => {
      const page = await adminPage(ctx)
      await page.getByRole('button', { name: '搜索菜单' }).click()
      const box = page.getByRole('combobox', { name: '搜索页面' })
      await box.fill('菜单管理')
      await page.getByRole('option', { name: /菜单管理/ }).first().waitFor()
      await ctx.shot(page, 'search-results')
      await box.press('Enter')
      await waitForPath(page, '/menu')
      // Only the header's box: the page left behind may still show its own comboboxes (the order filters).
      ctx.expect((await page.getByRole('combobox', { name: '搜索页面' }).count()) === 0, 'search box stayed open')
    },
  },
  {
    name: 'size selector switches and remembers the size',
    run: async (ctx) => {
      const page = await adminPage(ctx)
      await page.getByRole('button', { name: '布局大小' }).click()
      await page.getByRole('menuitemradio', { name: '小型' }).click()
      await page.getByText('切换尺寸成功').waitFor()
      ctx.expect((await page.locator('html').getAttribute('data-size')) === 'small', 'data-size not small')
      const cookie = (await page.context().cookies()).find((c) => c.name === 'size')
      ctx.expect(cookie?.value === 'small', `size cookie: ${cookie?.value}`)
      await ctx.shot(page, 'size-small')
      await page.reload()
      await page.getByTestId('current-user').waitFor()
      ctx.expect((await page.locator('html').getAttribute('data-size')) === 'small', 'size lost on reload')
      await page.getByRole('button', { name: '布局大小' }).click()
      await page.getByRole('menuitemradio', { name: '中等' }).click()
    },
  },
  {
    name: 'settings panel, dark mode, language and message bell',
    run: async (ctx) => {
      const page = await adminPage(ctx)
      await page.getByRole('button', { name: '系统布局配置' }).click()
      const panel = page.getByRole('dialog', { name: '系统布局配置' })
      await panel.getByRole('button', { name: '主题色 #11a983' }).click()
      await panel.getByRole('switch', { name: '显示标签栏' }).click()
      await ctx.shot(page, 'settings-panel')
      ctx.expect((await tabs(page).count()) === 0, 'tags view still shown')
      await page.keyboard.press('Escape')
      await panel.waitFor({ state: 'hidden' })
      // The chosen colour is --color-theme; --color-primary derives from it (darkened for contrast).
      const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-theme').trim())
      ctx.expect(primary === '#11a983', `theme colour ${primary}`)
      await page.reload()
      await page.getByTestId('current-user').waitFor()
      ctx.expect((await tabs(page).count()) === 0, 'tags view setting lost on reload')
      await page.getByRole('button', { name: '暗色模式' }).click()
      ctx.expect((await page.locator('html').getAttribute('data-theme')) === 'dark', 'no dark theme')
      // The files flow may have left the admin messages: the panel shows them or 暂无消息.
      await page.getByRole('button', { name: /^消息通知/ }).click()
      await page.getByRole('dialog', { name: '消息通知' }).locator('.message-bell__empty, .message-bell__list').first().waitFor()
      await ctx.shot(page, 'dark-messages')
      await page.keyboard.press('Escape')
      await page.getByRole('button', { name: '切换语言' }).click()
      await page.getByRole('menuitemradio', { name: 'English' }).click()
      await page.getByRole('complementary', { name: 'Main menu' }).getByRole('link', { name: 'Order Summary' }).waitFor()
      ctx.expect((await page.title()).endsWith(' - Data Evaluation Management System'), `title: ${await page.title()}`)
      await ctx.shot(page, 'english')
      // Back to the defaults for the next tests.
      await page.getByRole('button', { name: 'Switch language' }).click()
      await page.getByRole('menuitemradio', { name: '中文' }).click()
      await sidebar(page).waitFor()
      await page.getByRole('button', { name: '暗色模式' }).click()
      await page.getByRole('button', { name: '系统布局配置' }).click()
      await panel.getByRole('button', { name: '主题色 #1890ff' }).click()
      await panel.getByRole('switch', { name: '显示标签栏' }).click()
      await page.keyboard.press('Escape')
      await tabs(page).waitFor()
    },
  },
  {
    name: 'sidebar collapses and stays collapsed after a reload',
    run: async (ctx) => {
      const page = await adminPage(ctx)
      await page.getByRole('button', { name: '收起侧边栏' }).click()
      await sidebar(page).getByRole('link', { name: '订单汇总' }).waitFor()
      ctx.expect((await sidebar(page).getByText('客户数据').count()) === 0, 'titles still shown')
      // The hover lands where the link ends up: a pointer placed mid-way through the width
      // transition may be left outside it, and no tooltip opens.
      await sidebar(page).evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => {}))))
      await sidebar(page).getByRole('link', { name: '订单汇总' }).hover()
      await page.getByRole('tooltip', { name: '订单汇总' }).waitFor()
      await page.waitForTimeout(300) // the sidebar's width transition
      await ctx.shot(page, 'sidebar-collapsed-tooltip')
      await page.reload()
      await page.getByRole('button', { name: '展开侧边栏' }).waitFor()
      await ctx.shot(page, 'sidebar-collapsed')
      await page.getByRole('button', { name: '展开侧边栏' }).click()
      await page.getByRole('button', { name: '收起侧边栏' }).waitFor()
    },
  },
  {
    name: 'mobile layout opens the sidebar as a drawer and closes it after navigation',
    run: async (ctx) => {
      // The admin's page, narrowed: a second admin sign-in would end its session (2002).
      const page = await adminPage(ctx)
      await page.setViewportSize({ width: 760, height: 900 })
      await page.getByRole('button', { name: '展开侧边栏' }).click()
      await sidebar(page).getByRole('link', { name: '套装管理' }).waitFor()
      const drawer = page.locator('.sidebar')
      ctx.expect(await drawer.evaluate((el) => el.classList.contains('sidebar--open') && !el.inert), 'the drawer did not open')
      await page.waitForTimeout(400) // the slide-in transition
      await ctx.shot(page, 'mobile-drawer')
      await sidebar(page).getByRole('link', { name: '套装管理' }).click()
      await waitForPath(page, '/suit/index')
      await page.getByRole('button', { name: '展开侧边栏' }).waitFor()
      await page.waitForFunction(() => !document.querySelector('.sidebar')?.classList.contains('sidebar--open'))
      ctx.expect(await drawer.evaluate((el) => el.inert), 'the drawer closed but stays in the tab order')
      await ctx.shot(page, 'mobile-page')
      await page.setViewportSize({ width: 1366, height: 768 })
    },
  },
  {
    name: 'notifications leave by themselves, three at most, clear of the progress panel and its close button',
    run: async (ctx) => {
      // The clerk on its own page (a second admin sign-in would end the shared admin session),
      // at 1440×900, its socket routed so the flow can add pushes to what the server sends.
      const page = (ctx.page = await ctx.open())
      await page.setViewportSize({ width: 1440, height: 900 })
      let socket
      const routed = new Promise((resolve) => {
        void page.routeWebSocket(/\/background\/v1\/ws/, (ws) => {
          ws.connectToServer()
          socket = ws
          resolve()
        })
      })
      await ctx.signIn(page, ctx.clerk.account, ctx.clerk.password)
      await waitForPath(page, '/order/index')
      await routed
      const push = (message) => socket.send(JSON.stringify({ userId: 0, num: 0, status: 0, level: 'success', data: '', ...message }))
      const job = 900001
      // The socket opens as the sign-in lands, a moment before the page's listeners are there:
      // the job's start is pushed until the panel shows it.
      const panel = page.getByTestId('progress-panel')
      for (let i = 0; i < 20 && !(await panel.isVisible()); i++) {
        push({ event: 'timeline', status: 0, jobId: job, data: '开始处理「E2E客户数据.xlsx」' })
        await panel.waitFor({ timeout: 500 }).catch(() => {})
      }
      push({ event: 'timeline', status: 1, jobId: job, num: 40, level: 'warning', data: '第 3 行缺少频道，已跳过' })
      push({ event: 'timeline', status: 2, jobId: job, level: 'error', data: '「E2E客户数据.xlsx」导入失败：2 处错误' })
      const close = panel.getByRole('button', { name: '关闭处理进度' })
      await close.waitFor()
      // Five messages while the panel is open: done, failed (with one problem a line), done, done, failed.
      const failed = (n) => `「E2E失败${n}.xlsx」处理失败：${Array.from({ length: 8 }, (_, i) => `第 ${i + 2} 行：未知的频道`).join('\n')}`
      const messages = [
        ['success', '「E2E一.xlsx」处理完成：导入 120 行'],
        ['error', failed(1)],
        ['success', '「E2E二.xlsx」处理完成：导入 80 行'],
        ['success', '「E2E三.xlsx」处理完成：导入 60 行'],
        ['error', failed(2)],
      ]
      for (const [i, [level, data]] of messages.entries()) push({ event: 'user', num: 1, level, data, messageId: 900100 + i })
      const notices = page.getByRole('region', { name: '通知' }).locator('.notice')
      await notices.filter({ hasText: 'E2E失败2' }).waitFor()
      ctx.expect((await notices.count()) === 3, `${await notices.count()} notifications shown`)
      // The panel's close button is what a click at its centre reaches, and the stack ends above the panel.
      const reachable = () =>
        close.evaluate((button) => {
          const r = button.getBoundingClientRect()
          return button.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2))
        })
      ctx.expect(await reachable(), 'the close button of 处理进度 is covered')
      const stack = await page.getByRole('region', { name: '通知' }).boundingBox()
      const box = await panel.boundingBox()
      ctx.expect(stack.y + stack.height <= box.y, `the notifications (to ${stack.y + stack.height}) reach into the panel (from ${box.y})`)
      await ctx.shot(page, 'notifications-over-progress')
      // The completed ones leave by themselves (4.5 s); the failure stays until closed.
      await notices.filter({ hasText: 'E2E三' }).waitFor({ state: 'detached', timeout: 8_000 })
      ctx.expect((await notices.count()) === 1 && (await notices.first().innerText()).includes('E2E失败2'), 'the failure did not stay alone')
      await ctx.shot(page, 'notifications-failure-stays')
      await close.click({ timeout: 2_000 })
      await panel.waitFor({ state: 'detached' })
      await notices.first().getByRole('button', { name: '关闭' }).click()
      await notices.first().waitFor({ state: 'detached' })
    },
  },
  {
    name: 'the clerk sees only its menus and can not reach 权限管理',
    run: async (ctx) => {
      const page = (ctx.page = await ctx.open())
      await ctx.signIn(page, ctx.clerk.account, ctx.clerk.password)
      await waitForPath(page, '/order/index')
      await sidebar(page).getByRole('link', { name: '订单汇总' }).waitFor()
      ctx.expect((await sidebar(page).getByText('权限管理').count()) === 0, 'clerk sees 权限管理')
      ctx.expect((await sidebar(page).getByRole('link').count()) === 2, 'clerk sees other menus') // logo + 订单汇总
      await ctx.shot(page, 'clerk-sidebar')
      for (const path of ['/admin', '/menu', '/adminlog', '/client/index']) {
        await page.goto(`${ctx.base}/#${path}`)
        await waitForPath(page, '/404')
      }
      ctx.expect((await page.getByRole('heading', { name: '管理员列表' }).count()) === 0, 'admin list shown')
      await ctx.shot(page, 'clerk-admin-404')
      await go(page, ctx.base, '/401')
      await page.getByRole('heading', { name: '您没有权限访问该页面' }).waitFor()
      await ctx.shot(page, 'clerk-401')
    },
  },
  {
    name: 'log out returns to login with the current path as redirect',
    run: async (ctx) => {
      const page = await adminPage(ctx)
      await go(page, ctx.base, '/product/index')
      const answer = page.waitForResponse(isCall('adminUserLoginout'))
      await page.getByRole('button', { name: '用户菜单' }).click()
      await ctx.shot(page, 'avatar-menu')
      await page.getByRole('menuitem', { name: '退出登录' }).click()
      await answer
      await waitForPath(page, '/login')
      ctx.expect(hashRoute(page).query.get('redirect') === '/product/index', `redirect: ${page.url()}`)
      const tabsLeft = await page.evaluate(() => sessionStorage.getItem('adeval.tags'))
      ctx.expect(tabsLeft === null, `tabs survived logout: ${tabsLeft}`)
      // Signing in again on this login page goes back to the page left.
      await fillLogin(page, ctx.admin.account, ctx.admin.password)
      await page.getByLabel('密码', { exact: true }).press('Enter')
      await waitForPath(page, '/product/index')
    },
  },
]
