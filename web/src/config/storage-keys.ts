/** Names of everything the app keeps in the browser, in one place. */
export const storageKeys = {
  // Cookies (docs/screens.md "Routes and layout").
  token: 'Admin-Token',
  userId: 'User-Id',
  userName: 'User-Name',
  rules: 'Rules',
  sidebar: 'sidebarStatus',
  size: 'size',
  // localStorage.
  settings: 'adeval.settings',
  language: 'adeval.language',
  oauthCode: 'x-admin-oauth-code',
  /** The dashboard's last media, time grouping and dates (docs/screens.md "Dashboard screen"). */
  dashboard: 'adeval.dashboard',
  // sessionStorage: the open tabs of the tags view; the real-time channel's id of this tab.
  tags: 'adeval.tags',
  clientId: 'adeval.clientId',
} as const
