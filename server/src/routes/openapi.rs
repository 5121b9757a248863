//! The OpenAPI document, built from the call catalogue so it covers every call by
//! construction. The web client's types are generated from it.

use axum::Json;
use axum::response::IntoResponse;
use utoipa::openapi::path::{HttpMethod, OperationBuilder, ParameterBuilder, ParameterIn};
use utoipa::openapi::request_body::RequestBodyBuilder;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::{
    ComponentsBuilder, ContentBuilder, InfoBuilder, OpenApi, OpenApiBuilder, PathItem,
    PathsBuilder, RefOr, Required, ResponseBuilder,
};

use crate::http::call::{Access, Call, Verb};

use super::endpoints;

pub async fn serve() -> impl IntoResponse {
    Json(document())
}

pub fn document() -> OpenApi {
    let mut paths = PathsBuilder::new();
    for endpoint in endpoints() {
        let call = endpoint.call;
        let item = match call.verb {
            Verb::Get => PathItem::new(HttpMethod::Get, operation(call, HttpMethod::Get)),
            Verb::Post => PathItem::new(HttpMethod::Post, operation(call, HttpMethod::Post)),
            Verb::GetOrPost => {
                // Operation ids are unique in a document (the web types key calls by them), so
                // the call's name goes to its GET; the POST is the same call by body.
                let mut item = PathItem::new(HttpMethod::Get, operation(call, HttpMethod::Get));
                let mut post = operation(call, HttpMethod::Post);
                post.operation_id = None;
                item.post = Some(post);
                item
            }
        };
        paths = paths.path(call.path(), item);
    }
    let mut schemas = ComponentsBuilder::new();
    for (name, schema) in unique(components()) {
        schemas = schemas.schema(name, schema);
    }
    OpenApiBuilder::new()
        .info(
            InfoBuilder::new()
                .title("adeval")
                .version(env!("CARGO_PKG_VERSION"))
                .description(Some(
                    "Every answer is the envelope {code, message, data}. Every call carries the \
                     headers timestamp, nonce and sign (docs/api.md, Signing); signed-in calls also \
                     Authorization or token.",
                ))
                .build(),
        )
        .paths(paths.build())
        .components(Some(schemas.build()))
        .build()
}

/// Every call's request and answer component schemas, in call order, repeats included.
fn components() -> Vec<(String, RefOr<Schema>)> {
    let mut components = Vec::new();
    for endpoint in endpoints() {
        (endpoint.call.request.components)(&mut components);
        (endpoint.call.response.components)(&mut components);
    }
    components
}

/// The components once each (the first of a name). Two types of one name would be one schema
/// in the document, and the calls answering the other described wrongly:
/// [`clashing_schema_names`] lists them, and a test holds it empty.
fn unique(components: Vec<(String, RefOr<Schema>)>) -> Vec<(String, RefOr<Schema>)> {
    let mut seen = std::collections::BTreeMap::new();
    for (name, schema) in components {
        seen.entry(name).or_insert(schema);
    }
    seen.into_iter().collect()
}

/// The schema names two different types give: each needs `#[schema(as = …)]` on one of them.
pub fn clashing_schema_names() -> Vec<String> {
    let components = components();
    let mut seen: std::collections::BTreeMap<&str, &RefOr<Schema>> = std::collections::BTreeMap::new();
    let mut clashes: Vec<String> = Vec::new();
    for (name, schema) in &components {
        match seen.get(name.as_str()) {
            Some(known) if *known != schema => clashes.push(name.clone()),
            Some(_) => {}
            None => {
                seen.insert(name, schema);
            }
        }
    }
    clashes.sort();
    clashes.dedup();
    clashes
}

fn operation(call: &Call, method: HttpMethod) -> utoipa::openapi::path::Operation {
    let tag = match call.access {
        Access::Public | Access::SignedIn => "auth".to_owned(),
        Access::Menu(id) => format!("menu {id}"),
        Access::Menus(ids) => format!("menu {}", ids.iter().map(i64::to_string).collect::<Vec<_>>().join(" or ")),
    };
    let mut op = OperationBuilder::new()
        .operation_id(Some(call.name))
        .summary(Some(call.title))
        .tag(tag);
    let mut headers = vec!["timestamp", "nonce", "sign"];
    if call.access != Access::Public {
        headers.push("token");
    }
    for name in headers {
        op = op.parameter(
            ParameterBuilder::new()
                .name(name)
                .parameter_in(ParameterIn::Header)
                .required(Required::True)
                .schema(Some(ObjectBuilder::new().schema_type(Type::String))),
        );
    }
    let request = (call.request.schema)();
    match method {
        HttpMethod::Get => {
            if let RefOr::T(Schema::Object(object)) = &request {
                for (name, schema) in &object.properties {
                    let required = object.required.contains(name);
                    op = op.parameter(
                        ParameterBuilder::new()
                            .name(name)
                            .parameter_in(ParameterIn::Query)
                            .required(if required { Required::True } else { Required::False })
                            .schema(Some(schema.clone())),
                    );
                }
            }
        }
        _ => {
            let content = || ContentBuilder::new().schema(Some(request.clone())).build();
            op = op.request_body(Some(
                RequestBodyBuilder::new()
                    .content("application/json", content())
                    .content("application/x-www-form-urlencoded", content())
                    .build(),
            ));
        }
    }
    let answer = ObjectBuilder::new()
        .property("code", ObjectBuilder::new().schema_type(Type::Integer))
        .property("message", ObjectBuilder::new().schema_type(Type::String))
        .property("data", (call.response.schema)())
        .required("code")
        .required("message");
    op.response(
        "200",
        ResponseBuilder::new()
            .description("envelope; code 200 carries data, other codes per the catalogue")
            .content("application/json", ContentBuilder::new().schema(Some(answer)).build()),
    )
    .build()
}
