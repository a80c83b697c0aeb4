"""Accounts (issue 23, item 1): optional, with sessions in an HttpOnly cookie and a CSRF defence; and what a
hostile client gets when it tries the usual attacks on them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from meeple.server.app import create_app
from meeple.server.fairuse import Limits
from meeple.server.people import passwords
from tests.server.conftest import ManualClock, as_seat, create, test_registry

PASSWORD = "correct horse battery"


def _app(db_url: str, clock: ManualClock, **limits: Any) -> Any:
    return create_app(db_url, test_registry(), ai_delay=0.0, clock=clock,
                      limits=Limits(trusted_proxies=("127.0.0.1/32", "testclient"), **limits))


@pytest.fixture
def web(db_url: str, clock: ManualClock) -> Iterator[TestClient]:
    """A browser on https (so that the cookie is Secure) talking to the server."""
    with TestClient(_app(db_url, clock), base_url="https://testserver") as client:
        yield client


def sign_up(client: TestClient, name: str = "Ana", password: str = PASSWORD, **extra: Any) -> dict[str, Any]:
    reply = client.post("/api/account", json={"name": name, "password": password, **extra},
                        headers={"X-CSRF-Token": "guest"})
    assert reply.status_code == 200, reply.text
    return dict(reply.json())


def sign_in(client: TestClient, name: str, password: str = PASSWORD, **headers: str) -> Any:
    return client.post("/api/session", json={"name": name, "password": password},
                       headers={"X-CSRF-Token": "guest", **headers})


def csrf(client: TestClient) -> dict[str, str]:
    return {"X-CSRF-Token": client.get("/api/me").json()["csrf"]}


def test_an_account_is_made_signed_in_with_a_cookie_no_script_can_read(web: TestClient, db_url: str) -> None:
    reply = web.post("/api/account", json={"name": "Ana-23", "password": PASSWORD}, headers={"X-CSRF-Token": "guest"})
    assert reply.status_code == 200 and reply.json()["account"]["name"] == "Ana-23"
    cookie = reply.headers["set-cookie"]
    assert cookie.startswith("meeple_session=") and "HttpOnly" in cookie and "SameSite=lax" in cookie
    assert "Secure" in cookie and "Max-Age=2592000" in cookie
    me = web.get("/api/me").json()
    assert me["account"]["name"] == "Ana-23" and len(me["csrf"]) >= 24
    engine = create_engine(db_url)
    with engine.connect() as connection:
        stored = connection.execute(text("SELECT password_hash FROM accounts")).scalar_one()
        secrets_kept = [row[0] for row in connection.execute(text("SELECT secret_hash FROM sessions"))]
    engine.dispose()
    assert stored.startswith("$argon2id$") and PASSWORD not in stored
    session_secret = web.cookies.get("meeple_session")
    assert session_secret and session_secret not in secrets_kept, "the database keeps a hash of the secret only"
    assert web.delete("/api/session", headers=csrf(web)).json() == {"account": None}
    assert web.get("/api/me").json() == {"account": None, "csrf": None}


@pytest.mark.parametrize(("name", "password", "error"), [
    ("An", PASSWORD, "bad_name"), ("A" * 21, PASSWORD, "bad_name"), ("Zoé", PASSWORD, "bad_name"),
    ("Ana Bea", PASSWORD, "bad_name"), ("../etc", PASSWORD, "bad_name"), ("Ana", "short", "bad_password"),
    ("Ana", "é" * 65, "bad_password"), ("Ana", "tab\there!", "bad_password"),
])
def test_names_and_passwords_that_break_a_rule_are_refused_naming_it(web: TestClient, name: str, password: str,
                                                                     error: str) -> None:
    reply = web.post("/api/account", json={"name": name, "password": password}, headers={"X-CSRF-Token": "guest"})
    assert reply.status_code == 422 and reply.json()["error"] == error, reply.text
    assert reply.json()["message"]["fr"] and reply.json()["message"]["en"]
    assert web.get("/api/me").json()["account"] is None


def test_names_are_unique_whatever_their_case(web: TestClient) -> None:
    sign_up(web, "Ana")
    web.delete("/api/session", headers=csrf(web))
    taken = web.post("/api/account", json={"name": "aNA", "password": PASSWORD}, headers={"X-CSRF-Token": "guest"})
    assert taken.status_code == 409 and taken.json()["error"] == "name_taken"
    assert sign_in(web, "ana").status_code == 200  # and signing in forgives the case too


def test_a_wrong_name_and_a_wrong_password_get_the_same_answer_after_the_same_work(
        web: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    sign_up(web, "Ana")
    web.delete("/api/session", headers=csrf(web))
    verified: list[str] = []
    real = passwords._verify

    def counting(stored: str, password: str) -> bool:
        verified.append(stored[:10])
        return real(stored, password)

    monkeypatch.setattr(passwords, "_verify", counting)
    unknown = sign_in(web, "Nobody", PASSWORD)
    wrong = sign_in(web, "Ana", "not the password")
    assert unknown.status_code == wrong.status_code == 401
    assert unknown.json() == wrong.json() and unknown.json()["error"] == "wrong_credentials"
    assert verified == ["$argon2id$", "$argon2id$"], "one argon2id verification each, with the same parameters"
    assert sign_in(web, "Ana").status_code == 200


def test_guessing_one_persons_password_from_many_addresses_meets_the_per_name_limit(db_url: str,
                                                                                    clock: ManualClock) -> None:
    with TestClient(_app(db_url, clock, signin_name=Limits().signin_name), base_url="https://testserver") as web:
        sign_up(web, "Ana")
        web.delete("/api/session", headers=csrf(web))
        answers = [sign_in(web, "ana", f"guess {n}", **{"X-Forwarded-For": f"198.51.100.{n}"}).status_code
                   for n in range(12)]
        assert answers[:10] == [401] * 10 and answers[10:] == [429, 429]
        assert sign_in(web, "Ana", **{"X-Forwarded-For": "198.51.100.99"}).status_code == 429  # even the right one
        clock.advance(120)
        assert sign_in(web, "Ana", **{"X-Forwarded-For": "198.51.100.99"}).status_code == 200


def test_one_address_trying_many_names_meets_the_per_address_limit(web: TestClient) -> None:
    answers = [sign_in(web, f"name{n}", **{"X-Forwarded-For": "203.0.113.5"}).status_code for n in range(22)]
    assert answers[:20] == [401] * 20 and answers[20:] == [429, 429]
    limited = sign_in(web, "another", **{"X-Forwarded-For": "203.0.113.5"})
    assert limited.headers["retry-after"] and limited.json()["retry_after"] >= 1


def test_sign_ups_are_limited_per_address(web: TestClient) -> None:
    for n in range(5):
        sign_up(web, f"Robot{n}")
        web.cookies.clear()  # a bot starting afresh each time (a signed-in page would need its token)
    refused = web.post("/api/account", json={"name": "Robot5", "password": PASSWORD},
                       headers={"X-CSRF-Token": "guest"})
    assert refused.status_code == 429


def test_a_session_planted_before_sign_in_is_never_the_one_signed_in(web: TestClient, db_url: str,
                                                                     clock: ManualClock) -> None:
    """Session fixation: the attacker's own session id, planted in the victim's browser, ends at the
    victim's sign-in, which gets a new one."""
    with TestClient(_app(db_url, clock), base_url="https://testserver") as attacker:
        sign_up(attacker, "Mallory")
        planted = attacker.cookies.get("meeple_session")
    sign_up(web, "Victim")
    web.delete("/api/session", headers=csrf(web))
    web.cookies.set("meeple_session", planted or "", domain="testserver.local")
    assert sign_in(web, "Victim").status_code == 200
    assert web.cookies.get("meeple_session") != planted
    assert web.get("/api/me").json()["account"]["name"] == "Victim"
    with TestClient(_app(db_url, clock), base_url="https://testserver") as replay:
        replay.cookies.set("meeple_session", planted or "", domain="testserver.local")
        assert replay.get("/api/me").json()["account"] is None, "the planted id ended"


def test_a_forged_or_replayed_session_is_a_guest(web: TestClient) -> None:
    web.cookies.set("meeple_session", "forged-" + "x" * 40, domain="testserver.local")
    me = web.get("/api/me")
    assert me.json()["account"] is None and "meeple_session=" in me.headers.get("set-cookie", "")
    sign_up(web, "Ana")
    old = web.cookies.get("meeple_session")
    web.delete("/api/session", headers=csrf(web))
    web.cookies.set("meeple_session", old or "", domain="testserver.local")
    assert web.get("/api/me").json()["account"] is None, "signed out means gone, not hidden"


def test_state_changing_requests_with_the_cookie_need_the_csrf_token_and_our_origin(web: TestClient) -> None:
    sign_up(web, "Ana")
    body = {"game": "take", "options": {"pile": 9}}
    for headers in ({}, {"X-CSRF-Token": "wrong"},
                    {**csrf(web), "Origin": "https://evil.example"}):
        refused = web.post("/api/rooms", json=body, headers=headers)
        assert refused.status_code == 403 and refused.json()["error"] == "csrf", headers
    made = web.post("/api/rooms", json=body, headers={**csrf(web), "Origin": "https://testserver"})
    assert made.status_code == 200
    assert made.json()["state"]["players"][0]["account"] == "Ana"
    assert web.post("/api/session", json={"name": "Ana", "password": PASSWORD}).status_code == 403  # no header
    assert web.post("/api/account/password", json={"current": PASSWORD, "new": "x" * 12}).status_code == 403
    assert web.post("/api/account/delete", json={"password": PASSWORD}).status_code == 403
    assert web.get("/api/me").json()["account"]["name"] == "Ana", "nothing changed"


def test_a_guests_seats_join_the_account_made_on_this_browser(web: TestClient, db_url: str,
                                                              clock: ManualClock) -> None:
    room = create(web, game="take", options={"pile": 9}, mode="online", seats=[{"kind": "human", "name": "ana?"}])
    with TestClient(_app(db_url, clock), base_url="https://testserver") as other:
        sign_up(other, "Bea")
        joined = other.post(f"/api/rooms/{room['code']}/join", json={"name": "ignored"}, headers=csrf(other)).json()
    assert joined["state"]["players"][1]["account"] == "Bea"
    sign_up(web, "Ana", tokens=[room["token"], joined["token"], "not-a-token"])
    players = web.get(f"/api/rooms/{room['code']}", headers=as_seat(room["token"])).json()["players"]
    assert [(p["name"], p["account"]) for p in players] == [("Ana", "Ana"), ("Bea", "Bea")], "Bea's seat stays hers"
    mine = web.get("/api/me/rooms").json()["rooms"]
    assert [(r["code"], r["seats"], r["tokens"]) for r in mine] == [(room["code"], [0], [room["token"]])]
    assert mine[0]["your_turn"] is True


def test_a_new_password_ends_every_other_session(web: TestClient, db_url: str, clock: ManualClock) -> None:
    sign_up(web, "Ana")
    with TestClient(_app(db_url, clock), base_url="https://testserver") as laptop:
        assert sign_in(laptop, "Ana").status_code == 200
        wrong = web.post("/api/account/password", json={"current": "nope nope", "new": "new password!"},
                         headers=csrf(web))
        assert wrong.status_code == 403 and wrong.json()["error"] == "wrong_password"
        changed = web.post("/api/account/password", json={"current": PASSWORD, "new": "new password!"},
                           headers=csrf(web))
        assert changed.status_code == 200
        assert laptop.get("/api/me").json()["account"] is None
    assert web.get("/api/me").json()["account"]["name"] == "Ana", "this session stays"
    web.delete("/api/session", headers=csrf(web))
    assert sign_in(web, "Ana").status_code == 401 and sign_in(web, "Ana", "new password!").status_code == 200


def test_a_deleted_account_takes_its_personal_data_and_leaves_its_games(web: TestClient, db_url: str) -> None:
    sign_up(web, "Ana")
    room = web.post("/api/rooms", json={"game": "take", "options": {"pile": 9}}, headers=csrf(web)).json()
    assert web.post(f"/api/rooms/{room['code']}/moves", json={"token": room["token"], "version": 0, "move": 1},
                    headers=csrf(web)).status_code == 200
    refused = web.post("/api/account/delete", json={"password": "wrong password"}, headers=csrf(web))
    assert refused.status_code == 403 and web.get("/api/me").json()["account"]["name"] == "Ana"
    assert web.post("/api/account/delete", json={"password": PASSWORD}, headers=csrf(web)).json() == {"account": None}
    assert web.get("/api/me").json()["account"] is None
    state = web.get(f"/api/rooms/{room['code']}").json()
    assert state["moves"] == 1, "the game stays"
    first = state["players"][0]
    assert (first["name"], first["account"], first["deleted"]) == ("", None, True)
    engine = create_engine(db_url)
    with engine.connect() as connection:
        left = [connection.execute(text(f"SELECT COUNT(*) FROM {table}")).scalar_one()
                for table in ("accounts", "sessions")]
        names = [row[0] for row in connection.execute(text("SELECT name FROM seats"))]
    engine.dispose()
    assert left == [0, 0] and "Ana" not in names
    assert sign_up(web, "Ana")["account"]["name"] == "Ana", "the name is free again"
