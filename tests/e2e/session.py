"""Logging in through the site's own login page, as a person would."""

from playwright.sync_api import expect


def log_in(page, live_server, username, password="pw"):
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("button[type=submit]")
    expect(page.locator(".who")).to_have_text(username)
