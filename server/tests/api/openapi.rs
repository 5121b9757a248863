use axum::body::Body;
use axum::http::{Request, StatusCode};

use crate::helpers::spawn_app;

#[tokio::test]
async fn the_openapi_document_covers_every_call() {
    let app = spawn_app().await;
    let answer = app.raw(Request::get("/background/v1/openapi.json").body(Body::empty()).unwrap()).await;
    assert_eq!(answer.status, StatusCode::OK);
    let paths = answer.body["paths"].as_object().expect("paths");
    let endpoints = adeval_server::routes::endpoints();
    assert!(endpoints.len() >= 15);
    for endpoint in endpoints {
        let call = endpoint.call;
        let method = match call.verb {
            adeval_server::routes::Verb::Get | adeval_server::routes::Verb::GetOrPost => "get",
            adeval_server::routes::Verb::Post => "post",
        };
        let op = &paths[&call.path()][method];
        assert_eq!(op["operationId"], call.name, "{}", call.name);
        if call.verb == adeval_server::routes::Verb::GetOrPost {
            // The same call by body: listed without an id of its own (ids are unique).
            let post = &paths[&call.path()]["post"];
            assert_eq!(post["summary"], call.title, "{}", call.name);
            assert!(post["requestBody"]["content"]["application/json"].is_object(), "{}", call.name);
        }
    }
    // Login's request body documents the spec's fields.
    let login = &paths["/background/v1/adminUserLogin"]["post"]["requestBody"]["content"];
    let props = &login["application/x-www-form-urlencoded"]["schema"]["properties"];
    assert!(props["acc"].is_object() && props["pwd"].is_object(), "{login:#}");
}

#[tokio::test]
async fn healthz_answers_200_when_postgres_and_the_lake_answer() {
    let app = spawn_app().await;
    let answer = app.raw(Request::get("/healthz").body(Body::empty()).unwrap()).await;
    assert_eq!(answer.status, StatusCode::OK);
}

#[tokio::test]
async fn an_unknown_call_answers_4004_in_the_envelope() {
    let app = spawn_app().await;
    let answer = app.raw(Request::get("/background/v1/noSuchCall").body(Body::empty()).unwrap()).await;
    assert_eq!(answer.code(), 4004);
    assert_eq!(answer.status, StatusCode::NOT_FOUND);
}

#[test]
fn no_two_types_share_a_schema_name() {
    // The document keeps one schema a name: a second type of that name was described as the
    // first (suitList's answer lost mediaId and brandId to the orders picker's SuitOption).
    assert_eq!(adeval_server::routes::openapi::clashing_schema_names(), Vec::<String>::new());
}

#[test]
fn every_schema_reference_of_the_document_resolves() {
    let doc = serde_json::to_value(adeval_server::routes::openapi::document()).unwrap();
    let defined = doc["components"]["schemas"].as_object().cloned().unwrap_or_default();
    let mut missing = Vec::new();
    fn walk(v: &serde_json::Value, defined: &serde_json::Map<String, serde_json::Value>, missing: &mut Vec<String>) {
        match v {
            serde_json::Value::Object(map) => {
                for (key, value) in map {
                    match (key.as_str(), value.as_str()) {
                        ("$ref", Some(target)) => {
                            let name = target.trim_start_matches("#/components/schemas/");
                            if !defined.contains_key(name) {
                                missing.push(name.to_owned());
                            }
                        }
                        _ => walk(value, defined, missing),
                    }
                }
            }
            serde_json::Value::Array(items) => items.iter().for_each(|i| walk(i, defined, missing)),
            _ => {}
        }
    }
    walk(&doc, &defined, &mut missing);
    assert!(missing.is_empty(), "undefined schemas: {missing:?}");
    assert!(defined.contains_key("AccountRow") && defined.contains_key("MenuRow"));
}
