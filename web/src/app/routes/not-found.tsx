import { paths } from '@/config/paths'

export function NotFoundRoute() {
  return (
    <main className="error-page">
      <p className="error-page__code">404</p>
      <p className="error-page__text">抱歉，您访问的页面不存在。</p>
      <a href={`#${paths.home}`}>返回首页</a>
    </main>
  )
}
