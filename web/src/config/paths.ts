export const paths = {
  root: '/',
  home: '/order/index',
  dashboard: '/dashboard',
  login: '/login',
  authRedirect: '/auth-redirect',
  profile: '/profile/index',
  unauthorized: '/401',
  notFound: '/404',
} as const
