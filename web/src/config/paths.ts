export const paths = {
  home: '/order/index',
  login: '/login',
  notFound: '/404',
} as const
