//! The seeded menu ids (docs/api.md, "Permissions"). Calls, file tags and the menu screen's protection of
//! seeded menus are bound to them, so they live below the routes that use them.

pub const MENU_ORDER: i64 = 112;
pub const MENU_CLIENT: i64 = 145;
pub const MENU_VIEWING: i64 = 107;
pub const MENU_DASHBOARD: i64 = 155;
pub const MENU_TAPE: i64 = 89;
pub const MENU_TIME_PERIOD: i64 = 63;
pub const MENU_PRODUCT: i64 = 82;
pub const MENU_SUIT: i64 = 98;
pub const MENU_SYSTEM: i64 = 28;
pub const MENU_FILE: i64 = 29;
pub const MENU_ADMIN: i64 = 24;
pub const MENU_ACCOUNTS: i64 = 27;
pub const MENU_LOG: i64 = 25;
pub const MENU_MENUS: i64 = 13;
