"""A person changes their account's e-mail address from their page on a 390×844 phone, in
Chromium: the form on my page, the link mailed to the new address (a real SMTP server on
loopback), opened in the same browser; the old address is told."""

import pytest
from playwright.sync_api import expect

from tests.clubs.mailbox import link
from tests.e2e.session import log_in
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_change_the_address_on_a_phone_and_open_the_link(browser, live_server, mailbox,
                                                          settings):
    settings.EMAIL_CONFIGURED = True
    anna = UserFactory(username="anna", email="anna@example.org")
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB",
                                  is_mobile=True, has_touch=True)
    context.set_default_timeout(10_000)
    page = context.new_page()
    log_in(page, live_server, "anna")
    page.goto(f"{live_server.url}/me/")
    form = page.locator("#email-change")
    expect(form).to_contain_text("Your address now: anna@example.org.")
    form.locator("input[name=email]").fill("anna@example.net")
    form.locator("input[name=password]").fill("wrong")
    form.locator("button[type=submit]").click()
    # Refused in words; the typed address is still there.
    expect(page.locator("#email-change")).to_contain_text("That is not your password.")
    expect(page.locator("#email-change input[name=email]")).to_have_value("anna@example.net")
    page.locator("#email-change input[name=password]").fill("pw")
    page.locator("#email-change button[type=submit]").click()
    expect(page).to_have_url(f"{live_server.url}/me/")
    expect(page.locator(".messages")).to_contain_text("We sent a link to anna@example.net.")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width

    message = mailbox.only()
    assert message["X-Envelope-To"] == "anna@example.net"
    mailbox.messages.clear()
    page.goto(live_server.url + link(message))
    expect(page).to_have_url(f"{live_server.url}/me/")
    expect(page.locator(".messages")).to_contain_text(
        "Your e-mail address is anna@example.net now.")
    expect(page.locator("#email-change")).to_contain_text("Your address now: anna@example.net.")
    anna.refresh_from_db()
    assert anna.email == "anna@example.net"
    assert mailbox.only()["X-Envelope-To"] == "anna@example.org"
    context.close()
