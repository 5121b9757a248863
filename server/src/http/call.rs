//! What a call of the catalogue is: its name, verb, who may make it, its title, whether the
//! operation log records it, and the schemas of its arguments and answer. The list of calls
//! and their handlers lives in `routes`; the guard and the operation log only need this
//! description, so it sits below them.
//!
//! Calls are declared as `static` items with a const builder:
//! `Call::get("orderList", "订单列表").menu(MENU_ORDER).takes::<OrderListArgs>()`.

use utoipa::ToSchema;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::Schema;

pub const BASE: &str = "/background/v1/";

/// Who may make a call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// Anyone with a valid signature (sign-in).
    Public,
    /// Any signed-in account.
    SignedIn,
    /// Accounts holding this menu id (or its parent).
    Menu(i64),
    /// Accounts holding any of these menus (or a parent): a read two screens share, such as
    /// the summary dialog's analysis on the order screen and the dashboard.
    Menus(&'static [i64]),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verb {
    Get,
    Post,
    /// Both: a read the spec's client sends either way (the exports). GET reads the query,
    /// POST the body; the OpenAPI document lists the GET under the call's name.
    GetOrPost,
}

/// A schema and the named component schemas it refers to.
#[derive(Clone, Copy)]
pub struct SchemaOf {
    pub schema: fn() -> RefOr<Schema>,
    pub components: fn(&mut Vec<(String, RefOr<Schema>)>),
}

pub const fn schema_of<T: ToSchema>() -> SchemaOf {
    SchemaOf { schema: <T as utoipa::PartialSchema>::schema, components: <T as ToSchema>::schemas }
}

/// The schema of `T` whose parts refer to `I` by name — a page or list of `I`, or a tree of
/// `I` — so `I` itself is registered as a component too.
pub const fn schema_with<T: ToSchema, I: ToSchema>() -> SchemaOf {
    SchemaOf { schema: <T as utoipa::PartialSchema>::schema, components: register_with::<T, I> }
}

fn register_with<T: ToSchema, I: ToSchema>(components: &mut Vec<(String, RefOr<Schema>)>) {
    T::schemas(components);
    components.push((I::name().into_owned(), <I as utoipa::PartialSchema>::schema()));
    I::schemas(components);
}

#[derive(Clone, Copy)]
pub struct Call {
    pub name: &'static str,
    pub verb: Verb,
    pub access: Access,
    /// Chinese title: the operation log's title and the OpenAPI summary.
    pub title: &'static str,
    /// Recorded in the operation log when it succeeds.
    pub writes: bool,
    pub request: SchemaOf,
    pub response: SchemaOf,
}

impl Call {
    /// A call any signed-in account may make, taking and answering nothing, not logged: the
    /// builder's methods below say what differs.
    const fn new(name: &'static str, verb: Verb, title: &'static str) -> Self {
        Call {
            name,
            verb,
            access: Access::SignedIn,
            title,
            writes: false,
            request: schema_of::<()>(),
            response: schema_of::<()>(),
        }
    }

    pub const fn get(name: &'static str, title: &'static str) -> Self {
        Self::new(name, Verb::Get, title)
    }

    pub const fn post(name: &'static str, title: &'static str) -> Self {
        Self::new(name, Verb::Post, title)
    }

    /// A read the client may send either way (the exports).
    pub const fn get_or_post(name: &'static str, title: &'static str) -> Self {
        Self::new(name, Verb::GetOrPost, title)
    }

    /// The same call under another name (an alias the spec's client uses).
    pub const fn named(self, name: &'static str) -> Self {
        Call { name, ..self }
    }

    /// Open to anyone with a valid signature.
    pub const fn public(self) -> Self {
        Call { access: Access::Public, ..self }
    }

    /// Only for accounts holding `menu` (or its parent).
    pub const fn menu(self, menu: i64) -> Self {
        Call { access: Access::Menu(menu), ..self }
    }

    /// Only for accounts holding any of `menus` (or a parent of one).
    pub const fn menus(self, menus: &'static [i64]) -> Self {
        Call { access: Access::Menus(menus), ..self }
    }

    /// Any signed-in account: the lookups other screens' pickers use.
    pub const fn signed_in(self) -> Self {
        Call { access: Access::SignedIn, ..self }
    }

    /// Recorded in the operation log when it succeeds.
    pub const fn writes(self) -> Self {
        Call { writes: true, ..self }
    }

    pub const fn takes<T: ToSchema>(self) -> Self {
        Call { request: schema_of::<T>(), ..self }
    }

    pub const fn answers<T: ToSchema>(self) -> Self {
        Call { response: schema_of::<T>(), ..self }
    }

    /// Answers a `T` that refers to `I` by name: a page, list or tree of `I`.
    pub const fn answers_with<T: ToSchema, I: ToSchema>(self) -> Self {
        Call { response: schema_with::<T, I>(), ..self }
    }

    pub fn path(&self) -> String {
        format!("{BASE}{}", self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static READ: Call = Call::get("thingIndex", "列表").menu(7);
    static WRITE: Call = READ.named("thingDel").writes();

    #[test]
    fn the_builder_starts_signed_in_and_unlogged_and_changes_only_what_it_is_told() {
        let plain = Call::post("x", "标题");
        assert_eq!((plain.verb, plain.access, plain.writes), (Verb::Post, Access::SignedIn, false));
        assert_eq!((READ.verb, READ.access, READ.writes), (Verb::Get, Access::Menu(7), false));
        assert_eq!((WRITE.name, WRITE.access, WRITE.writes, WRITE.title), ("thingDel", Access::Menu(7), true, "列表"));
        assert_eq!(Call::get_or_post("e", "导出").public().access, Access::Public);
        assert_eq!(WRITE.path(), "/background/v1/thingDel");
    }
}
