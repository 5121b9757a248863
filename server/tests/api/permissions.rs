//! The permission matrix, generated from the router's call catalogue: every call is tried by
//! an anonymous caller, an account with no menus, one with `/order` only, one with `/admin`
//! and one with `*`.

use serde_json::json;

use adeval_server::routes::{Access, Verb, endpoints};

use crate::helpers::{Call, TestApp, spawn_app};

#[derive(Debug, Clone, Copy)]
enum Who {
    Anonymous,
    NoRules,
    OrderOnly,
    AdminMenu,
    Everything,
}

/// The menu ids an account of this kind holds, with their children.
fn holds(who: Who, menu: i64) -> bool {
    match who {
        Who::Anonymous | Who::NoRules => false,
        Who::OrderOnly => menu == 112,
        Who::AdminMenu => [24, 27, 25, 13].contains(&menu),
        Who::Everything => true,
    }
}

/// A fresh account and session, so sign-out calls don't spoil later ones.
async fn fresh_token(app: &TestApp, who: Who) -> Option<String> {
    let rules = match who {
        Who::Anonymous => return None,
        Who::NoRules => "",
        Who::OrderOnly => "112",
        Who::AdminMenu => "24",
        Who::Everything => "*",
    };
    let account = format!("{who:?}").to_lowercase();
    sqlx::query("delete from admins where account = $1").bind(&account).execute(&app.db).await.unwrap();
    let id = app.create_account(&account, rules).await;
    Some(app.session(id).await)
}

#[tokio::test]
async fn every_call_answers_each_kind_of_caller_as_its_menu_says() {
    let app = spawn_app().await;
    let mut checked = 0;
    for who in [Who::Anonymous, Who::NoRules, Who::OrderOnly, Who::AdminMenu, Who::Everything] {
        for endpoint in endpoints() {
            let call = endpoint.call;
            let token = fresh_token(&app, who).await;
            let mut request = match call.verb {
                Verb::Get | Verb::GetOrPost => Call::get(call.name, json!({})),
                Verb::Post => Call::post(call.name, json!({})),
            };
            if let Some(token) = token.as_deref() {
                request = request.token(token);
            }
            let code = app.send(request).await.code();
            let expected_denial = match (call.access, who) {
                (Access::Public, _) => None,
                (_, Who::Anonymous) => Some(2001),
                (Access::SignedIn, _) => None,
                (Access::Menu(menu), who) if !holds(who, menu) => Some(4003),
                (Access::Menu(_), _) => None,
                (Access::Menus(menus), who) if !menus.iter().any(|m| holds(who, *m)) => Some(4003),
                (Access::Menus(_), _) => None,
            };
            match expected_denial {
                Some(denied) => assert_eq!(code, denied, "{} by {who:?}", call.name),
                None => assert!(
                    ![2001, 2002, 2003, 4003, 5000].contains(&code),
                    "{} by {who:?} answered {code}",
                    call.name
                ),
            }
            checked += 1;
        }
    }
    assert!(checked >= 5 * 15);
}

#[tokio::test]
async fn a_disabled_menu_grants_nothing() {
    let app = spawn_app().await;
    let id = app.create_account("logreader", "25").await;
    let token = app.session(id).await;
    app.send(Call::get("adminUserLog", json!({})).token(&token)).await.ok();
    sqlx::query("update auth_rules set status = 2 where id = 25").execute(&app.db).await.unwrap();
    assert_eq!(app.send(Call::get("adminUserLog", json!({})).token(&token)).await.code(), 4003);
}
