//! The WebSocket: token auth, subscription, job progress and notifications, fan-out across two
//! server processes on one database, the end of the session, and the socket's limits.

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

use crate::helpers::{Call, TestApp, spawn_app, spawn_app_with};
use crate::helpers::uploads::{customer, upload, xlsx};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Opens a socket as the web app does: a fresh ticket from `app` in the URL.
async fn connect(app: &TestApp, addr: SocketAddr, token: &str) -> Socket {
    let ticket = app.ticket(token).await;
    let (mut socket, _) = connect_async(format!("ws://{addr}/background/v1/ws?token={ticket}")).await.expect("socket opens");
    socket.send(Message::text(json!({"msgType": "subscribe", "clientId": "tab-1"}).to_string())).await.unwrap();
    let subscribed = next_json(&mut socket).await;
    assert_eq!(subscribed["event"], "subscribed");
    assert_eq!(subscribed["data"], "tab-1");
    socket
}

async fn next(socket: &mut Socket) -> Message {
    tokio::time::timeout(Duration::from_secs(10), socket.next())
        .await
        .expect("a message within 10 s")
        .expect("the socket is open")
        .expect("a message")
}

async fn next_json(socket: &mut Socket) -> Value {
    match next(socket).await {
        Message::Text(text) => serde_json::from_str(&text).unwrap(),
        other => panic!("expected text, got {other:?}"),
    }
}

/// Reads until the socket closes; answers the close code.
async fn closed(socket: &mut Socket) -> (Vec<Value>, Option<CloseCode>) {
    let mut seen = Vec::new();
    loop {
        match tokio::time::timeout(Duration::from_secs(10), socket.next()).await.expect("closed within 10 s") {
            Some(Ok(Message::Text(text))) => seen.push(serde_json::from_str(&text).unwrap()),
            Some(Ok(Message::Close(frame))) => return (seen, frame.map(|f| f.code)),
            Some(Ok(_)) => {}
            Some(Err(_)) | None => return (seen, None),
        }
    }
}

#[tokio::test]
async fn the_socket_needs_a_live_ticket_not_the_session_token() {
    let app = spawn_app().await;
    let addr = app.listen().await;
    let token = app.admin_token().await;
    let spent = app.ticket(&token).await;
    drop(connect(&app, addr, &token).await);
    let (socket, _) = connect_async(format!("ws://{addr}/background/v1/ws?token={spent}")).await.expect("a ticket opens the socket");
    drop(socket);
    for url in [
        format!("ws://{addr}/background/v1/ws"),
        format!("ws://{addr}/background/v1/ws?token=nope"),
        // The session token itself no longer goes in a URL…
        format!("ws://{addr}/background/v1/ws?token={token}"),
        // …and a ticket opens one socket only.
        format!("ws://{addr}/background/v1/ws?token={spent}"),
    ] {
        match connect_async(url).await {
            Err(tokio_tungstenite::tungstenite::Error::Http(response)) => assert_eq!(response.status(), 401),
            other => panic!("expected a refusal, got {:?}", other.map(|_| ())),
        }
    }
}

#[tokio::test]
async fn job_progress_and_the_result_reach_the_uploader_live() {
    let app = spawn_app().await;
    let addr = app.listen().await;
    let token = app.admin_token().await;
    let mut socket = connect(&app, addr, &token).await;
    // Another account's socket hears nothing of it.
    let clerk = app.create_account("clerk", "145").await;
    let clerk_token = app.session(clerk).await;
    let mut theirs = connect(&app, addr, &clerk_token).await;

    let answer = upload(&app, &token, "customerData", "实时.xlsx", customer(), &xlsx("实时")).await;
    let job = answer.ok()["jobId"].as_i64().unwrap();
    let mut timeline = Vec::new();
    let user = loop {
        let event = next_json(&mut socket).await;
        match event["event"].as_str() {
            Some("timeline") => timeline.push(event),
            Some("user") => break event,
            other => panic!("unexpected event {other:?}"),
        }
    };
    let statuses: Vec<i64> = timeline.iter().map(|e| e["status"].as_i64().unwrap()).collect();
    assert_eq!(statuses.first(), Some(&0));
    assert_eq!(statuses.last(), Some(&2));
    assert!(statuses.contains(&1));
    assert!(timeline.iter().all(|e| e["jobId"] == job && e["userId"] == 1 && e["kind"] == "customerData"));
    assert_eq!(timeline.last().unwrap()["level"], "error");
    assert!(timeline[0]["data"].as_str().unwrap().contains("实时.xlsx"));
    assert_eq!(user["num"], 1);
    assert!(user["data"].as_str().unwrap().contains("处理失败"));
    // A failure's message is an error: the web app keeps it on screen until it is closed.
    assert_eq!(user["level"], "error");
    let stored = app.send(Call::get("messageIndel", json!({})).token(&token)).await.ok().clone();
    assert_eq!(stored["data"][0]["id"], user["messageId"]);

    theirs.send(Message::text(json!({"msgType": "ping"}).to_string())).await.unwrap();
    assert_eq!(next_json(&mut theirs).await["event"], "pong", "the other account received someone else's event");
}

#[tokio::test]
async fn events_fan_out_across_two_server_processes() {
    let first = spawn_app_with(0).await;
    let second = first.another(0).await;
    let addr = second.listen().await;
    let token = first.admin_token().await;
    // The ticket comes from the first process and opens a socket on the second.
    let mut socket = connect(&first, addr, &token).await;
    // Published by the first process, delivered by the second.
    adeval_server::messages::notify(&first.db, 1, "来自另一个进程", adeval_server::realtime::Level::Success).await.unwrap();
    let event = next_json(&mut socket).await;
    assert_eq!((event["event"].as_str(), event["data"].as_str()), (Some("user"), Some("来自另一个进程")));
}

#[tokio::test]
async fn the_socket_closes_when_its_session_ends() {
    let app = spawn_app().await;
    let addr = app.listen().await;
    let token = app.admin_token().await;
    let mut socket = connect(&app, addr, &token).await;
    // Signing in elsewhere ends this session: the tab is told, then the socket closes.
    let _newer = app.admin_token().await;
    let (seen, code) = closed(&mut socket).await;
    assert_eq!(seen.last().map(|e| e["event"].clone()), Some(json!("login")));
    assert_eq!(seen.last().unwrap()["data"], "账号已在其他地方登录");
    assert_eq!(code, Some(CloseCode::from(4001)));

    // Logging out closes it too, without the notice.
    let token = app.admin_token().await;
    let mut socket = connect(&app, addr, &token).await;
    app.send(Call::post("adminUserLoginout", json!({"token": token})).form().token(&token)).await.ok();
    let (seen, code) = closed(&mut socket).await;
    assert!(seen.is_empty(), "{seen:?}");
    assert_eq!(code, Some(CloseCode::from(4001)));
}

#[tokio::test]
async fn oversized_or_flooding_clients_are_cut_off() {
    let app = spawn_app().await;
    let addr = app.listen().await;
    let token = app.admin_token().await;
    let mut socket = connect(&app, addr, &token).await;
    socket.send(Message::text("x".repeat(5000))).await.unwrap();
    let (_, code) = closed(&mut socket).await;
    assert!(matches!(code, Some(CloseCode::Policy) | Some(CloseCode::Size) | None), "{code:?}");

    let token = app.admin_token().await;
    let mut socket = connect(&app, addr, &token).await;
    for _ in 0..30 {
        if socket.send(Message::text(json!({"msgType": "ping"}).to_string())).await.is_err() {
            break;
        }
    }
    let (seen, code) = closed(&mut socket).await;
    assert!(seen.len() <= 20, "answered {} messages", seen.len());
    assert_eq!(code, Some(CloseCode::Policy));
}
