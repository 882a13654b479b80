"""CardDAV from the outside: vdirsyncer and khard (installed in the e2e venv) syncing a local vdir
with a `contacts serve`, and raw WebDAV requests (PROPFIND, REPORT sync-collection) with requests.

A `DavClient` is one person's setup in a temporary directory: a vdirsyncer config pairing the
server's CardDAV account (storage `server`, found from a URL by discovery) with a filesystem vdir
(storage `local`, `<root>/vdir/<collection>/*.vcf`), and a khard config whose address book is that
vdir's `contacts` collection. Both programs are run as subprocesses with VDIRSYNCER_CONFIG and
KHARD_CONFIG pointing there, never reading the user's own configuration.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import requests

BIN = Path(sys.executable).parent  # the venv's bin: vdirsyncer and khard are installed next to python
PAIR = "contacts"
BOOK = "contacts"  # the server's default address book, and so the vdir's collection directory

DAV = "{DAV:}"
CARDDAV = "{urn:ietf:params:xml:ns:carddav}"


def digits(text: str) -> str:
    return re.sub(r"\D", "", text)


def server_view(server, user: str) -> dict[str, list[str]]:
    """{name: sorted phone digits} of the user's contacts, from `contacts list --json`."""
    view: dict[str, list[str]] = {}
    for c in server.contacts(user):
        assert c["name"] not in view, f"two contacts named {c['name']!r} on the server"
        view[c["name"]] = sorted(digits(p) for p in c["phones"])
    return view


@dataclass
class Run:
    args: list[str]
    returncode: int
    stdout: str
    stderr: str

    @property
    def output(self) -> str:
        return self.stdout + self.stderr

    def describe(self) -> str:
        return (f"$ {' '.join(self.args)}\nexit {self.returncode}\n--- stdout\n{self.stdout[-6000:]}"
                f"\n--- stderr\n{self.stderr[-6000:]}")


class ClientError(AssertionError):
    pass


class DavClient:
    """vdirsyncer + khard for one account, configured under `root`."""

    def __init__(self, root: Path, url: str, username: str, password: str,
                 collections: str = '["from a", "from b"]'):
        self.root = Path(root)
        self.url, self.username, self.password, self.collections = url, username, password, collections
        self.vdir = self.root / "vdir"
        self.status = self.root / "status"
        self.vdirsyncer_config = self.root / "vdirsyncer.conf"
        self.khard_config = self.root / "khard.conf"
        self.runs: list[Run] = []  # every command run, for failure messages
        self.root.mkdir(parents=True, exist_ok=True)
        self.vdir.mkdir(exist_ok=True)
        self.write_configs()

    # -- configuration --------------------------------------------------------------------------

    def write_configs(self) -> None:
        """(Re)writes both config files from the current url, username, password, collections."""
        def q(s: str) -> str:
            return json.dumps(s, ensure_ascii=False)
        self.vdirsyncer_config.write_text(f"""\
[general]
status_path = {q(str(self.status) + "/")}

[pair {PAIR}]
a = "server"
b = "local"
collections = {self.collections}
# A collection found on the server is created in the vdir without asking.
implicit = "create"

[storage server]
type = "carddav"
url = {q(self.url)}
username = {q(self.username)}
password = {q(self.password)}

[storage local]
type = "filesystem"
path = {q(str(self.vdir) + "/")}
fileext = ".vcf"
""", encoding="utf-8")
        self.khard_config.write_text(f"""\
[addressbooks]
[[{BOOK}]]
path = {self.book_dir}

[general]
editor = /bin/false
merge_editor = /bin/false

[contact table]
display = formatted_name
sort = formatted_name
show_uids = yes

[vcard]
preferred_version = 3.0
""", encoding="utf-8")

    def set_password(self, password: str) -> None:
        self.password = password
        self.write_configs()

    @property
    def book_dir(self) -> Path:
        return self.vdir / BOOK

    def env(self) -> dict[str, str]:
        env = dict(os.environ)
        env.update(VDIRSYNCER_CONFIG=str(self.vdirsyncer_config), KHARD_CONFIG=str(self.khard_config),
                   HOME=str(self.root), XDG_CONFIG_HOME=str(self.root / "xdg"),
                   LANG="C.UTF-8", LC_ALL="C.UTF-8", PYTHONIOENCODING="utf-8",
                   EDITOR="/bin/false", VISUAL="/bin/false")
        return env

    def _run(self, program: str, args: tuple[str, ...], stdin: str | None, check: bool,
             timeout: float) -> Run:
        argv = [str(BIN / program), *args]
        result = subprocess.run(argv, input=stdin if stdin is not None else "", capture_output=True,
                                text=True, encoding="utf-8", errors="replace", env=self.env(),
                                timeout=timeout, cwd=self.root)
        run = Run([program, *args], result.returncode, result.stdout, result.stderr)
        self.runs.append(run)
        if check and run.returncode != 0:
            raise ClientError(f"{program} failed:\n{run.describe()}")
        return run

    # -- vdirsyncer ---------------------------------------------------------------------------

    def vdirsyncer(self, *args: str, stdin: str | None = None, check: bool = True, timeout: float = 120) -> Run:
        return self._run("vdirsyncer", args, stdin, check, timeout)

    def discover(self, check: bool = True, list_collections: bool = True) -> Run:
        """`vdirsyncer discover`, answering yes to any question (creating a missing collection).
        Without `list_collections` (--no-list) a pair with `collections = null` sends no request.
        The password is part of the discovery cache's key: after set_password, discover again."""
        listing = "--list" if list_collections else "--no-list"
        return self.vdirsyncer("-v", "debug", "discover", listing, stdin="y\n" * 20, check=check)

    def sync(self, check: bool = True) -> Run:
        """`vdirsyncer sync`. Note that vdirsyncer refuses to sync a side that was emptied
        completely (without --force-delete), so tests keep one contact when they delete."""
        run = self.vdirsyncer("-v", "debug", "sync", check=check)
        if check and re.search(r"^error:", run.output, re.M | re.I):
            raise ClientError(f"vdirsyncer sync reported errors:\n{run.describe()}")
        return run

    def discovered_collections(self) -> dict[str, dict]:
        """The collections `vdirsyncer discover` saved: {name: the server storage's arguments}."""
        path = self.status / f"{PAIR}.collections"
        data = json.loads(path.read_text(encoding="utf-8"))
        return {name: a_args for name, (a_args, _b_args) in data["collections"]}

    def status_items(self) -> list[dict]:
        """vdirsyncer's saved sync state for the collection (its sqlite status), one row per item."""
        path = self.status / PAIR / f"{BOOK}.items"
        if not path.exists():
            return []
        with sqlite3.connect(path) as db:
            db.row_factory = sqlite3.Row
            return [dict(r) for r in db.execute("SELECT * FROM status")]

    # -- the vdir -----------------------------------------------------------------------------

    def card_files(self) -> dict[str, str]:
        """{file name: vCard text} in the vdir's contacts collection."""
        if not self.book_dir.exists():
            return {}
        return {p.name: p.read_text(encoding="utf-8") for p in sorted(self.book_dir.glob("*.vcf"))}

    # -- khard --------------------------------------------------------------------------------

    def khard(self, *args: str, stdin: str | None = None, check: bool = True, timeout: float = 60) -> Run:
        return self._run("khard", args, stdin, check, timeout)

    def khard_contacts(self) -> dict[str, list[str]]:
        """What khard lists: {formatted name: sorted phone numbers (digits only)}."""
        names = self.khard("list", "--parsable", "--fields", "uid,formatted_name", check=False)
        result: dict[str, list[str]] = {}
        for line in names.stdout.splitlines():
            if "\t" in line:
                _uid, name = line.split("\t", 1)
                if name in result:
                    raise ClientError(f"khard lists two contacts named {name!r}:\n{names.stdout}")
                result[name] = []
        # With no contacts khard exits 1 and (with --parsable) prints nothing.
        if names.returncode != 0 and (result or names.output.strip() and "no contacts" not in names.output.lower()):
            raise ClientError(f"khard list failed:\n{names.describe()}")
        phones = self.khard("phone", "--parsable", check=False)
        for line in phones.stdout.splitlines():
            parts = line.split("\t")
            if len(parts) >= 2:
                number, name = parts[0], parts[1]
                if name not in result:
                    raise ClientError(f"khard phone lists {name!r}, which khard list does not:\n"
                                      f"{names.stdout}\n{phones.stdout}")
                result[name].append(digits(number))
        return {name: sorted(numbers) for name, numbers in result.items()}

    def khard_uid(self, name: str) -> str:
        run = self.khard("list", "--parsable", "--fields", "uid,formatted_name")
        uids = [line.split("\t", 1)[0] for line in run.stdout.splitlines() if line.split("\t", 1)[-1] == name]
        if len(uids) != 1:
            raise ClientError(f"khard lists {len(uids)} contacts named {name!r}:\n{run.stdout}")
        return uids[0]

    def khard_new(self, formatted_name: str, phones: dict[str, str], first: str = "", last: str = "") -> Run:
        """`khard new` from a YAML template on stdin (khard's non-interactive creation)."""
        lines = [f"Formatted name : {formatted_name}", f"First name : {first}", f"Last name : {last}",
                 "Phone :"] + [f"    {label} : {number}" for label, number in phones.items()]
        return self.khard("new", "--addressbook", BOOK, stdin="\n".join(lines) + "\n")

    def khard_set_phones(self, name: str, phones: dict[str, str]) -> Run:
        """`khard edit --input-file` with the contact's YAML, its phones replaced; confirms with yes."""
        uid = self.khard_uid(name)
        yaml = self.khard("show", "--format", "yaml", f"uid:{uid}").stdout
        out, skipping = [], False
        for line in yaml.splitlines():
            if skipping and line.startswith((" ", "\t")):
                continue
            skipping = False
            if re.match(r"^Phone\s*:", line):
                out.append("Phone :")
                out += [f"    {label} : {number}" for label, number in phones.items()]
                skipping = True
            else:
                out.append(line)
        path = self.root / "edit.yaml"
        path.write_text("\n".join(out) + "\n", encoding="utf-8")
        run = self.khard("edit", "--input-file", str(path), f"uid:{uid}", stdin="yes\n")
        if "Done" not in run.stdout:
            raise ClientError(f"khard edit did not save:\n{run.describe()}")
        return run

    def khard_remove(self, name: str) -> Run:
        return self.khard("remove", "--force", f"uid:{self.khard_uid(name)}")

    def transcript(self, last: int = 4) -> str:
        return "\n\n".join(run.describe() for run in self.runs[-last:])


# -- raw WebDAV -----------------------------------------------------------------------------------

def dav_request(method: str, url: str, auth: tuple[str, str] | None, body: str | None = None,
                depth: str | None = None, headers: dict | None = None) -> requests.Response:
    h = {"Content-Type": "application/xml; charset=utf-8"} if body else {}
    if depth is not None:
        h["Depth"] = depth
    h.update(headers or {})
    return requests.request(method, url, auth=auth, data=body.encode("utf-8") if body else None,
                            headers=h, allow_redirects=False, timeout=30)


def describe(response: requests.Response) -> str:
    """The request and response, for an assertion message."""
    req = response.request
    body = req.body.decode("utf-8", "replace") if isinstance(req.body, bytes) else (req.body or "")
    shown = {k: v for k, v in req.headers.items() if k.lower() != "authorization"}
    return (f"{req.method} {req.url}\n{shown}\n{body}\n→ {response.status_code} {response.reason}\n"
            f"{dict(response.headers)}\n{response.text[:4000]}")


def parse_xml(response: requests.Response) -> ET.Element:
    try:
        return ET.fromstring(response.content)
    except ET.ParseError as e:
        raise AssertionError(f"not XML ({e}):\n{describe(response)}") from None


def propfind_href(url: str, auth, prop: str, depth: str = "0") -> str | None:
    """The href inside the property `prop` ("{ns}name") of `url`, as an absolute URL."""
    ns, name = prop[1:].split("}")
    body = f'<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:" xmlns:p="{ns}"><d:prop><p:{name}/></d:prop></d:propfind>'
    r = dav_request("PROPFIND", url, auth, body, depth)
    assert r.status_code == 207, describe(r)
    node = parse_xml(r).find(f".//{prop}/{DAV}href")
    return urljoin(url, node.text.strip()) if node is not None and node.text else None


@dataclass
class MultiStatusEntry:
    href: str               # the path, percent-decoded
    status: int             # the response's own status, or that of its first propstat
    props: dict[str, str] = field(default_factory=dict)  # "{ns}name" → text, from 200 propstats


def multistatus(response: requests.Response) -> tuple[list[MultiStatusEntry], ET.Element]:
    assert response.status_code == 207, describe(response)
    root = parse_xml(response)
    entries = []
    for r in root.findall(f"{DAV}response"):
        href = unquote(urlsplit(r.findtext(f"{DAV}href", "").strip()).path)
        status_text = r.findtext(f"{DAV}status")
        props = {}
        first_status = None
        for ps in r.findall(f"{DAV}propstat"):
            code = int(ps.findtext(f"{DAV}status", "HTTP/1.1 0").split()[1])
            first_status = first_status or code
            prop = ps.find(f"{DAV}prop")
            if code == 200 and prop is not None:
                for p in prop:
                    props[p.tag] = (p.text or "").strip() or "".join(ET.tostring(c, encoding="unicode") for c in p)
        status = int(status_text.split()[1]) if status_text else (first_status or 0)
        entries.append(MultiStatusEntry(href, status, props))
    return entries, root


def sync_token(book_url: str, auth) -> str:
    """The address book's DAV:sync-token property (RFC 6578 §4)."""
    body = '<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:"><d:prop><d:sync-token/></d:prop></d:propfind>'
    r = dav_request("PROPFIND", book_url, auth, body, "0")
    entries, _ = multistatus(r)
    token = entries[0].props.get(f"{DAV}sync-token") if entries else None
    assert token, f"no DAV:sync-token:\n{describe(r)}"
    return token


@dataclass
class SyncReport:
    changed: dict[str, str]     # href path → getetag, for 2xx members
    removed: set[str]           # href paths reported 404
    token: str
    other: list[MultiStatusEntry]
    response: requests.Response


def sync_collection(book_url: str, auth, token: str = "") -> SyncReport:
    """REPORT DAV:sync-collection (RFC 6578 §3.2) from `token` ("" for the initial sync)."""
    body = ('<?xml version="1.0" encoding="utf-8"?>'
            '<d:sync-collection xmlns:d="DAV:">'
            f'<d:sync-token>{token}</d:sync-token><d:sync-level>1</d:sync-level>'
            '<d:prop><d:getetag/></d:prop></d:sync-collection>')
    r = dav_request("REPORT", book_url, auth, body, "0")
    entries, root = multistatus(r)
    changed, removed, other = {}, set(), []
    for e in entries:
        if e.status == 404:
            removed.add(e.href)
        elif 200 <= e.status < 300:
            changed[e.href] = e.props.get(f"{DAV}getetag", "")
        else:
            other.append(e)
    new_token = root.findtext(f"{DAV}sync-token")
    assert new_token, f"no DAV:sync-token in the report:\n{describe(r)}"
    return SyncReport(changed, removed, new_token.strip(), other, r)


def book_url(base_url: str, user: str, book: str = BOOK) -> str:
    return f"{base_url}/dav/addressbooks/{user}/{book}/"


def simple_card(uid: str, name: str, phone: str = "+1 555 0100") -> str:
    """A minimal vCard 3.0 (Latin name, so the server stores it as sent)."""
    return (f"BEGIN:VCARD\r\nVERSION:3.0\r\nUID:{uid}\r\nFN:{name}\r\nN:{name};;;;\r\n"
            f"TEL;TYPE=CELL:{phone}\r\nEND:VCARD\r\n")


def put_card(url: str, auth, card: str, http=requests, headers: dict | None = None) -> requests.Response:
    """PUT a vCard to `url` (a member of an address book), unconditionally unless `headers` say so."""
    return http.put(url, data=card.encode("utf-8"), auth=auth, allow_redirects=False, timeout=30,
                    headers={"Content-Type": "text/vcard; charset=utf-8", **(headers or {})})


def member_etags(book_url: str, auth) -> dict[str, str]:
    """{href path: getetag} of the address book's members (PROPFIND Depth: 1), the book itself left out."""
    body = '<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>'
    entries, _ = multistatus(dav_request("PROPFIND", book_url, auth, body, "1"))
    book_path = unquote(urlsplit(book_url).path)
    return {e.href: e.props.get(f"{DAV}getetag", "") for e in entries
            if e.href.rstrip("/") != book_path.rstrip("/")}
