export const env = {
  apiBase: '/background/v1',
  signSecret: import.meta.env.VITE_SIGN_SECRET,
  requestTimeoutMs: 5000,
  appTitle: '数据评估管理系统',
} as const
