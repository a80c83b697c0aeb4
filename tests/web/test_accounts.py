"""Accounts in the browser (issue 23): a guest plays, signs up and keeps the game; signs in on another browser
and finds it in « Mes parties », playable there; changes the password; deletes the account."""

from __future__ import annotations

import secrets
from typing import Any

from playwright.sync_api import expect

from tests.web.browser import wait_version

PASSWORD = "un mot de passe sûr"


def _fill_dialog(page: Any, name: str, password: str = PASSWORD) -> None:
    page.fill("#account-login", name)
    page.fill("#account-password", password)
    page.click("#account-submit")


def test_a_guest_signs_up_keeps_the_game_and_plays_it_from_another_browser(page: Any, new_page: Any,
                                                                           watch: Any) -> None:
    watch.allow("422")  # the short password below, refused by the server
    name = f"Ana{secrets.token_hex(3)}"
    page.click("[data-game=stealth]")
    page.click("[data-level='1-1']")
    wait_version(page, 0)
    page.click("[data-node=a].target")
    wait_version(page, 1)
    code = page.inner_text("#code-value")
    page.click("a.brand")
    page.click("#sign-in")
    expect(page.locator("dialog.account-dialog")).to_be_visible()
    page.click("#account-switch")  # « Créer un compte »
    expect(page.locator("#account-title")).to_have_text("Créer un compte")
    _fill_dialog(page, "é!", PASSWORD)  # the browser's own check stops it: the page stays open
    expect(page.locator("dialog.account-dialog")).to_be_visible()
    page.fill("#account-login", name)
    page.fill("#account-password", "court")
    page.evaluate("document.querySelector('#account-password').removeAttribute('minlength')")
    page.click("#account-submit")  # the server's rule, in words
    expect(page.locator("#account-problem")).to_contain_text("8 caractères au moins")
    _fill_dialog(page, name)
    expect(page.locator("#account-name")).to_have_text(name)
    expect(page.locator(f"#my-games [data-code='{code}']")).to_be_visible()  # the guest's game joined the account
    cookies = page.context.cookies()
    session = next(cookie for cookie in cookies if cookie["name"] == "meeple_session")
    assert session["httpOnly"] and session["sameSite"] == "Lax"
    assert page.evaluate("document.cookie").find("meeple_session") == -1, "no script reads the session"

    laptop = new_page()  # another browser: nothing kept there
    expect(laptop.locator("#my-games")).to_have_count(0)
    laptop.click("#sign-in")
    _fill_dialog(laptop, name.lower())  # names forgive their case
    expect(laptop.locator("#account-name")).to_have_text(name)
    laptop.click(f"#my-games [data-code='{code}'] a")
    wait_version(laptop, 2)  # one move, and the seat passing to the account (a change of the room)
    laptop.click("[data-node=d].target")  # its seat: this browser plays it now
    wait_version(laptop, 3)


def test_a_wrong_password_is_said_plainly_and_a_new_one_works(page: Any, new_page: Any, watch: Any) -> None:
    watch.allow("403")  # the wrong current password
    watch.allow("401")  # the wrong sign-ins
    name = f"Bea{secrets.token_hex(3)}"
    page.click("#sign-in")
    page.click("#account-switch")
    _fill_dialog(page, name)
    expect(page.locator("#account-name")).to_have_text(name)
    page.goto(page.url.split("#")[0] + "#/account")
    page.fill("#current-password", "pas le bon mot")
    page.fill("#new-password", "nouveau secret")
    page.click("#password-form button[type=submit]")
    expect(page.locator("#password-form .form-problem")).to_have_text("mot de passe actuel incorrect")
    page.fill("#current-password", PASSWORD)
    page.fill("#new-password", "nouveau secret")
    page.click("#password-form button[type=submit]")
    expect(page.locator(".toast")).to_contain_text("Mot de passe changé")
    other = new_page()
    other.click("#sign-in")
    _fill_dialog(other, name)  # the old password
    expect(other.locator("#account-problem")).to_have_text("nom ou mot de passe incorrect")
    other.fill("#account-login", "Personne" + secrets.token_hex(2))
    other.fill("#account-password", "nouveau secret")
    other.click("#account-submit")
    expect(other.locator("#account-problem")).to_have_text("nom ou mot de passe incorrect")  # the same answer
    _fill_dialog(other, name, "nouveau secret")
    expect(other.locator("#account-name")).to_have_text(name)


def test_a_deleted_account_leaves_its_games_under_a_deleted_player(page: Any) -> None:
    name = f"Cy{secrets.token_hex(3)}"
    page.click("#sign-in")
    page.click("#account-switch")
    _fill_dialog(page, name)
    expect(page.locator("#account-name")).to_have_text(name)
    page.click("[data-game=stealth]")
    page.click("[data-level='1-1']")
    wait_version(page, 0)
    code = page.inner_text("#code-value")
    page.goto(page.url.split("#")[0] + "#/account")
    page.fill("#delete-password", PASSWORD)
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#delete-form button[type=submit]")
    expect(page.locator("#sign-in")).to_be_visible()
    page.goto(page.url.split("#")[0] + f"#/room/{code}")
    wait_version(page, 1)  # the game stays (its seat changed hands: a change), and this browser still holds it
    expect(page.locator("#players")).to_contain_text("joueur supprimé")


def test_the_top_bar_fits_a_phone_signed_in(new_page: Any) -> None:
    phone = new_page(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    name = f"Dee{secrets.token_hex(3)}"
    phone.click("#sign-in")
    phone.click("#account-switch")
    _fill_dialog(phone, name)
    phone.click("#account-settings")  # on a phone the bar says « Mon compte », the page says who
    expect(phone.locator(".account-page h1")).to_have_text(name)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    box = phone.locator(".topbar").bounding_box()
    assert box is not None and box["height"] < 120
