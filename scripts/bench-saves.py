#!/usr/bin/env python3
"""Web saves per second: signs in to a running server, then opens a contact's edit page and saves
it with a new note, one contact after another, as a person editing in the browser does (two
requests a save, the form sent as multipart/form-data as the page sends it). Prints the median of the rounds' saves per second.

Usage: scripts/bench-saves.py BASE_URL ACCOUNT PASSWORD [SAVES] [ROUNDS]"""
import html.parser
import http.cookiejar
import re
import statistics
import sys
import time
import urllib.parse
import urllib.request


class FormFields(html.parser.HTMLParser):
    """The named inputs, textareas and selects of the page's form that posts to `action`, with
    their values as the browser would send them."""

    def __init__(self, action):
        super().__init__()
        self.action, self.inside = action, False
        self.fields, self._textarea, self._select = [], None, None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.inside = attrs.get("action") == self.action
        if not self.inside:
            return
        name = attrs.get("name")
        if tag == "input" and name and attrs.get("type") not in ("file", "submit", "button", "checkbox", "radio"):
            self.fields.append([name, attrs.get("value", "")])
        elif tag == "input" and name and attrs.get("type") in ("checkbox", "radio") and "checked" in attrs:
            self.fields.append([name, attrs.get("value", "on")])
        elif tag == "textarea" and name:
            self._textarea = [name, ""]
            self.fields.append(self._textarea)
        elif tag == "select" and name:
            self._select = [name, None]
        elif tag == "option" and self._select is not None:
            if self._select[1] is None or "selected" in attrs:
                self._select[1] = attrs.get("value", "")

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False
        elif tag == "textarea":
            self._textarea = None
        elif tag == "select" and self._select is not None:
            self.fields.append([self._select[0], self._select[1] or ""])
            self._select = None

    def handle_data(self, data):
        if self._textarea is not None:
            self._textarea[1] += data


def main():
    base, account, password = sys.argv[1:4]
    saves = int(sys.argv[4]) if len(sys.argv) > 4 else 300
    rounds = int(sys.argv[5]) if len(sys.argv) > 5 else 3
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    origin = {"Origin": base}

    def get(path):
        with opener.open(base + path) as response:
            return response.read().decode()

    def post(path, fields, multipart=False):
        if multipart:
            boundary = "benchsaves7d1f"
            body = b"".join(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
                            for name, value in fields) + f"--{boundary}--\r\n".encode()
            headers = dict(origin, **{"Content-Type": f"multipart/form-data; boundary={boundary}"})
        else:
            body, headers = urllib.parse.urlencode(fields).encode(), origin
        request = urllib.request.Request(base + path, data=body, headers=headers)
        with opener.open(request) as response:
            response.read()
            return response.status

    csrf = re.search(r'name="csrf" value="([^"]*)"', get("/login")).group(1)
    post("/login", [("csrf", csrf), ("account", account), ("password", password)])
    ids = sorted(set(re.findall(r'href="/contacts/(\d+)"', get("/contacts"))))
    if not ids:
        sys.exit("bench-saves: no contacts listed: did the sign-in work?")
    rates = []
    for round_number in range(rounds):
        started = time.perf_counter()
        for index in range(saves):
            contact = ids[index % len(ids)]
            parser = FormFields(f"/contacts/{contact}")
            parser.feed(get(f"/contacts/{contact}/edit"))
            fields = [(name, f"save {round_number}.{index}" if name == "note" else value) for name, value in parser.fields]
            if post(f"/contacts/{contact}", fields, multipart=True) != 200:
                sys.exit(f"bench-saves: saving contact {contact} failed")
        rates.append(saves / (time.perf_counter() - started))
    print(f"web saves: median {statistics.median(rates):.0f} saves/s over {rounds} rounds of {saves} (edit page + save each)")


if __name__ == "__main__":
    main()
