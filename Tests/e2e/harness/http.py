"""Plain HTTP against the server, next to (or instead of) the browser: status codes, forged forms."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urljoin

import requests
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement

from .strings import ACCEPT_LANGUAGE


@dataclass
class Form:
    action: str
    method: str
    enctype: str
    fields: list[tuple[str, str]] = field(default_factory=list)  # (name, value) in order; no files

    def value(self, name: str) -> str | None:
        return next((v for k, v in self.fields if k == name), None)

    def with_fields(self, drop: tuple[str, ...] = (), **values: str) -> "Form":
        """A copy without the fields in `drop` and with `values` replacing (or adding) fields."""
        kept = [(k, v) for k, v in self.fields if k not in drop and k not in values]
        return Form(self.action, self.method, self.enctype, kept + list(values.items()))


class _FormParser(HTMLParser):
    def __init__(self, base: str):
        super().__init__()
        self.base, self.forms, self._select = base, [], None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.forms.append(Form(urljoin(self.base, a.get("action") or self.base),
                                   (a.get("method") or "get").lower(),
                                   a.get("enctype") or "application/x-www-form-urlencoded"))
        elif not self.forms or "name" not in a:
            return
        elif tag == "input" and a.get("type", "text") not in ("checkbox", "radio", "file", "submit", "button"):
            self.forms[-1].fields.append((a["name"], a.get("value") or ""))
        elif tag == "input" and a.get("type") in ("checkbox", "radio") and "checked" in a:
            self.forms[-1].fields.append((a["name"], a.get("value") or "on"))
        elif tag == "textarea":
            self.forms[-1].fields.append((a["name"], ""))


def parse_forms(html: str, base_url: str) -> list[Form]:
    """The forms of a page as a no-JS browser would submit them (selects and textareas empty)."""
    parser = _FormParser(base_url)
    parser.feed(html)
    return parser.forms


def http_session(lang: str = "en", driver: WebDriver | None = None) -> requests.Session:
    """A requests session; with `driver`, carrying the browser's cookies (HttpOnly ones too)."""
    session = requests.Session()
    session.headers["Accept-Language"] = ACCEPT_LANGUAGE[lang]
    if driver is not None:
        for c in driver.get_cookies():
            session.cookies.set(c["name"], c["value"], path=c.get("path", "/"))
    return session


def form_of(driver: WebDriver, element: WebElement) -> Form:
    """The form `element` is in (or is), read from the live page: the same fields a submit sends."""
    data = driver.execute_script(r"""
        const el = arguments[0];
        const form = el.tagName === 'FORM' ? el : (el.form || el.closest('form'));
        if (!form) return null;
        const fields = [];
        for (const [k, v] of new FormData(form)) if (typeof v === 'string') fields.push([k, v]);
        return {action: form.action, method: (form.getAttribute('method') || 'get').toLowerCase(),
                enctype: form.enctype, fields};
    """, element)
    if data is None:
        raise AssertionError(f"{element.tag_name} is in no <form>")
    return Form(data["action"], data["method"], data["enctype"], [tuple(f) for f in data["fields"]])


def submit(session: requests.Session, form: Form, files: dict | None = None) -> requests.Response:
    """Submits `form` the way its enctype says; redirects are not followed."""
    if form.method != "post":
        return session.get(form.action, params=form.fields, allow_redirects=False, timeout=30)
    if form.enctype == "multipart/form-data" or files:
        parts = [(k, (None, v)) for k, v in form.fields] + list((files or {}).items())
        return session.post(form.action, files=parts, allow_redirects=False, timeout=30)
    return session.post(form.action, data=form.fields, allow_redirects=False, timeout=30)
