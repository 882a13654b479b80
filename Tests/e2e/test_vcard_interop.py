"""vCard interop: what `contacts export` writes, read back by Python's vobject.

Cards built here (Chinese names, Apple `itemN.X-ABLabel` phones, birthdays with and without a
year, notes full of commas, semicolons, newlines and backslashes, photos, long lines) and the
whole shared corpus (../shared/corpus/vcards or $CONTACTS_VCARD_CORPUS, read in place) are
imported with the CLI, exported as 3.0 and 4.0, and every exported card is read with vobject and
compared with `contacts show --json` (FN, TEL, EMAIL, NOTE, UID, BDAY) and, for photos, with the
bytes imported and the bytes the web app serves at /contacts/ID/photo.

vobject 0.9.9 (pinned in requirements.txt, with python-dateutil 4.0.0) and what this file does
about its quirks:
- vobject has one vCard behaviour, 3.0's, and applies it to 4.0 cards too. For FN, NOTE, TEL,
  EMAIL and UID that is harmless (it unescapes `\\n \\, \\; \\\\` the same way), but it reads a
  4.0 `PHOTO:data:image/…;base64,…` as a 3.0 text list and keeps only `data:image/…;base64`,
  and it does so when the behaviour is set, even with transform=False. Photos are therefore
  read from vobject's own content-line parser (`getLogicalLines` + `textLineToContentLine`),
  before any behaviour: a 3.0 `ENCODING=b` value and a 4.0 data: URI are both decoded here.
- It takes a PROFILE line (RFC 2426 §2.1.3 `PROFILE:VCARD`, which the Lotus Notes card of the
  corpus has and export keeps) for its own marker and raises "This component already has a
  PROFILE or uses BEGIN.", so PROFILE lines are dropped before vobject reads a card.
- It reads FN as a comma-separated list and keeps the first item, so an unescaped comma that
  export copies from a sloppy source card cuts the name (see KNOWN_MISMATCHES).
- `readComponents` stops at the first card it cannot parse, so cards are read one at a time
  (split on BEGIN:VCARD/END:VCARD), and the whole stream once for the built set.
- `serialize()` re-validates (for example "cannot contain more than 1 N" for the corpus's
  ALTID card), so nothing here calls it: only reading is tested.
- Property names: vobject takes only letters, digits and `-` (RFC 6350 §3.3). Lines with other
  names are dropped before vobject reads a card, and a separate test checks that export writes
  none (it writes one for a corpus card: xfail below, with the reason).
- BDAY: vobject leaves it as text; dates with and without dashes, date-times (…T00:00:00Z),
  `--MMDD` and Apple's X-APPLE-OMIT-YEAR are read here.
"""

from __future__ import annotations

import base64
import io
import json
import os
import random
import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import vobject
import vobject.base

from harness.app import PASSWORD
from harness.http import http_session, parse_forms, submit
from harness.server import REPO, Server

CORPUS = Path(os.environ.get("CONTACTS_VCARD_CORPUS") or REPO.parent / "shared" / "corpus" / "vcards")
VERSIONS = ("3.0", "4.0")
# RFC 6350 §3.3: name = iana-token / x-name, both letters, digits and "-"; group the same.
CONTENT_LINE_NAME = re.compile(r"^(?:([A-Za-z0-9-]+)\.)?([A-Za-z0-9-]+)[;:]")
NAME_PREFIX = re.compile(r"^(?:[^.;:]+\.)?([^;:]+)")


# -- cards built here ------------------------------------------------------------------------

def png(seed: int, size: int) -> bytes:
    """Bytes that start like a PNG (the store checks the signature, not the pixels)."""
    rng = random.Random(seed)
    return b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(rng.randrange(256) for _ in range(size))


def jpeg(seed: int, size: int) -> bytes:
    rng = random.Random(seed)
    return b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + bytes(rng.randrange(256) for _ in range(size))


def escape(text: str) -> str:
    """A TEXT value as RFC 6350 §3.4 escapes it."""
    return text.replace("\\", "\\\\").replace(",", "\\,").replace(";", "\\;").replace("\n", "\\n")


def fold(line: str) -> str:
    """Folds a content line at 75 octets without splitting a UTF-8 sequence."""
    out, current = [], b""
    for ch in line:
        encoded = ch.encode()
        if len(current) + len(encoded) > (75 if not out else 74):
            out.append(current)
            current = b""
        current += encoded
    out.append(current)
    return "\r\n ".join(part.decode() for part in out)


def card(version: str, *lines: str) -> str:
    return "".join(fold(line) + "\r\n" for line in ("BEGIN:VCARD", f"VERSION:{version}", *lines, "END:VCARD"))


PHOTO_PNG = png(1, 3000)
PHOTO_JPEG = jpeg(2, 5000)
NOTE_PUNCTUATED = "老同学, 住在北京; 电话见下\n第二行: C:\\Users\\zs\\notes; a,b;c\\\\d\n\n(空行之后)"
LONG_NOTE = ("这是一段很长的备注，用来检查折行不会把 UTF-8 字符切成两半。" * 12) + " — and some ASCII — " + "é" * 120
LONG_NAME = "Bartholomew-Maximilian Alexander " + "Longname-" * 10 + "Smith"

# Each built card: its text and, by UID, the photo bytes it carries.
BUILT = [
    card("3.0", "UID:interop-zhang", "FN:张三", "N:张;三;;;", "TEL;TYPE=CELL:138 0013 8000",
         "TEL;TYPE=WORK,VOICE:010-6666 8888", "EMAIL;TYPE=INTERNET:zs@example.com", "BDAY:1990-05-17",
         "NOTE:" + escape(NOTE_PUNCTUATED)),
    card("3.0", "UID:interop-ouyang", "FN:欧阳娜娜", "N:欧阳;娜娜;;;", "ORG:北京某某科技有限公司;研发部",
         "item1.TEL:+86 10 6666 8888", "item1.X-ABLabel:_$!<Mobile>!$_",
         "item2.TEL:(010) 1234-5678", "item2.X-ABLabel:北京办公室",
         "item3.EMAIL;TYPE=INTERNET:nana@example.cn", "item3.X-ABLabel:_$!<Work>!$_",
         "BDAY;X-APPLE-OMIT-YEAR=1604:1604-03-08", "X-PHONETIC-LAST-NAME:ouyang", "X-PHONETIC-FIRST-NAME:nana",
         "PHOTO;ENCODING=b;TYPE=PNG:" + base64.b64encode(PHOTO_PNG).decode()),
    card("4.0", "UID:urn:uuid:1f3a3d0e-4c1b-4a43-9d11-2f0e7d1c0a55", "FN:Zoë Ångström", "N:Ångström;Zoë;;;",
         "TEL;TYPE=cell;VALUE=uri:tel:+44-20-7946-0000", "EMAIL;TYPE=work:zoe@example.org",
         "EMAIL;TYPE=home:zoe.home@example.org", "BDAY:--0229", "GENDER:F",
         "NOTE:" + escape("Semicolons; commas, and a trailing backslash \\"),
         "PHOTO:data:image/jpeg;base64," + base64.b64encode(PHOTO_JPEG).decode()),
    card("3.0", "UID:interop-long", "FN:" + escape(LONG_NAME), "N:Smith;Bartholomew;;;",
         "TEL;TYPE=HOME:+1 (555) 010-0000", "EMAIL:" + "a" * 60 + "@" + "example-" * 6 + "example.com",
         "ADR;TYPE=HOME:;;" + escape("1 Infinite Loop, Building " + "7" * 80) + ";Cupertino;CA;95014;USA",
         "NOTE:" + escape(LONG_NOTE)),
    card("3.0", "UID:interop-comma", "FN:Doe\\, John", "N:Doe;John;;;", "TEL:1", "NOTE:" + escape("tab\there, quote \" and colon:")),
    # No UID: the store gives one, and export must write it.
    card("3.0", "FN:王小明", "TEL;TYPE=CELL:13912345678", "BDAY:2001-12-31"),
]
BUILT_PHOTOS = {"interop-ouyang": PHOTO_PNG, "urn:uuid:1f3a3d0e-4c1b-4a43-9d11-2f0e7d1c0a55": PHOTO_JPEG}


# -- the books -------------------------------------------------------------------------------

@dataclass
class Book:
    """One user's address book, imported with the CLI and exported in both versions."""
    server: Server
    user: str
    import_output: str
    exports: dict[str, bytes] = field(default_factory=dict)
    contacts: dict[str, dict] = field(default_factory=dict)  # by UID, from `show --json`

    def export(self) -> None:
        for version in VERSIONS:
            result = run(self.server, "export", "--user", self.user, "--version", version)
            assert result.returncode == 0, result.stderr
            self.exports[version] = result.stdout
        listed = json.loads(self.server.cli("list", "--user", self.user, "--json"))
        for entry in listed:
            shown = json.loads(self.server.cli("show", "--user", self.user, str(entry["id"]), "--json"))
            assert len(shown) == 1
            self.contacts[shown[0]["uid"]] = shown[0]
        assert len(self.contacts) == len(listed), "UIDs are unique in a book"


def run(server: Server, *args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([str(server.binary), *server.store_options, *args],
                          input=stdin, capture_output=True, timeout=120)


def corpus_files() -> list[Path]:
    return sorted(CORPUS.rglob("*.vcf"))


@pytest.fixture(scope="module")
def built(server) -> Book:
    server.add_user("interop", PASSWORD)
    result = run(server, "import", "--user", "interop", "-", stdin="".join(BUILT).encode())
    assert result.returncode == 0, result.stderr.decode()
    book = Book(server, "interop", result.stdout.decode())
    book.export()
    return book


@pytest.fixture(scope="module")
def corpus(server) -> Book:
    if not (CORPUS / "SOURCES.md").exists():
        pytest.skip(f"the vCard corpus is absent ({CORPUS})")
    server.add_user("corpus", PASSWORD)
    result = run(server, "import", "--user", "corpus", *map(str, corpus_files()))
    # A handful of corpus cards are truly malformed (see ImportExportCommandTests.swift).
    assert result.returncode == 1, result.stderr.decode()
    book = Book(server, "corpus", result.stdout.decode())
    book.export()
    return book


@pytest.fixture(scope="module")
def web(server):
    """photo(user, id) → the bytes /contacts/ID/photo serves to that user, logged in over HTTP."""
    sessions = {}

    def photo(user: str, contact_id: int) -> bytes:
        if user not in sessions:
            session = http_session()
            page = session.get(server.url + "/login", timeout=10)
            form = next(f for f in parse_forms(page.text, page.url) if f.method == "post")
            response = submit(session, form.with_fields(account=user, password=PASSWORD))
            assert response.status_code in (302, 303), f"login as {user}: {response.status_code}"
            sessions[user] = session
        response = sessions[user].get(f"{server.url}/contacts/{contact_id}/photo", timeout=10)
        assert response.status_code == 200, f"photo of {contact_id}: {response.status_code}"
        return response.content
    return photo


@pytest.fixture(params=["built", "corpus"])
def book(request) -> Book:
    return request.getfixturevalue(request.param)


# -- reading with vobject --------------------------------------------------------------------

def split_cards(text: str) -> list[str]:
    """The top-level cards of an export (it writes no nested ones)."""
    return re.findall(r"^BEGIN:VCARD\r\n.*?^END:VCARD\r\n", text, re.S | re.M)


def unfolded_lines(card_text: str) -> list[str]:
    return card_text.replace("\r\n ", "").replace("\r\n\t", "").split("\r\n")[:-1]


def for_vobject(card_text: str) -> str:
    """The card less what vobject 0.9.9 cannot take (see the module docstring): PROFILE lines
    and lines whose property name is not letters, digits and "-"."""
    kept = [line for line in unfolded_lines(card_text)
            if CONTENT_LINE_NAME.match(line) and not re.match(r"(?i)^PROFILE[;:]", line)]
    return "\r\n".join(kept) + "\r\n"


def read(card_text: str):
    return vobject.readOne(for_vobject(card_text))


def values(component, name: str) -> list:
    return [line.value for line in component.contents.get(name.lower(), [])]


def digits(text: str) -> str:
    return re.sub(r"\D", "", text)


def raw_lines(card_text: str) -> list:
    """The card's content lines as vobject parses them, before its vCard behaviour decodes
    any value: the 3.0 behaviour it applies to 4.0 cards too cuts a PHOTO `data:` URI at its
    first comma, even with transform=False, so photos are read from these."""
    lines = vobject.base.getLogicalLines(io.StringIO(for_vobject(card_text)), allowQP=False)
    return [vobject.base.textLineToContentLine(line, n) for line, n in lines]


def photo_bytes(lines: list) -> bytes | None:
    """The first inline PHOTO among `raw_lines`: 3.0 `ENCODING=b` base64, or a 4.0
    `data:image/…;base64,` URI."""
    for line in lines:
        if line.name != "PHOTO":
            continue
        if [v.lower() for v in line.params.get("ENCODING", [])] == ["b"]:
            return base64.b64decode(line.value, validate=True)
        if line.value.startswith("data:"):
            header, _, data = line.value.partition(",")
            assert header.startswith("data:image/") and header.endswith(";base64"), header
            return base64.b64decode(data, validate=True)
    return None


def birthday_of(component) -> str | None:
    """BDAY as `show --json` writes a birthday: 1990-05-17, or --03-08 without a year."""
    for line in component.contents.get("bday", []):
        value = str(line.value)
        params = {k.upper(): v for k, v in line.params.items()}
        # The year Apple's X-APPLE-OMIT-YEAR names, else 1604 (Apple's and CardBook's
        # placeholder), stands for "no year".
        placeholder = params.get("X-APPLE-OMIT-YEAR", ["1604"])[0]
        if m := re.fullmatch(r"(\d{4})-?(\d{2})-?(\d{2})(?:T[\d:]*Z?)?", value):
            return f"--{m[2]}-{m[3]}" if m[1] == placeholder else f"{m[1]}-{m[2]}-{m[3]}"
        if m := re.fullmatch(r"--(\d{2})-?(\d{2})", value):
            return f"--{m[1]}-{m[2]}"
    return None


# -- the tests -------------------------------------------------------------------------------

# (contact name, field) where vobject reads our export of a corpus card differently from
# `show --json`: bugs in what export writes, kept here so that the test fails when one is
# fixed (remove it then) or a new one appears.
KNOWN_MISMATCHES = {
    # Export writes an unchanged property's value as the source file had it, invalid escapes
    # and all. John_Doe_GMAIL.vcf has `FN:Mr. John Richter, James Doe Sr.` (an unescaped comma,
    # which vobject reads as a list and keeps "Mr. John Richter" of) ...
    ("Mr. John Richter, James Doe Sr.", "FN"),
    # ... and it and John_Doe_MAC_ADDRESS_BOOK.vcf have `\"AS IS\"` in NOTE: `\"` is no vCard
    # escape; vobject drops the backslash, our reader keeps it.
    ("Mr. John Richter, James Doe Sr.", "NOTE"),
    ("Mr. John Richter,James Doe Sr.", "NOTE"),
}


def test_the_built_cards_import_whole(built):
    assert built.import_output == f"Imported {len(BUILT)}, updated 0, already there 0, skipped 0, failed 0.\n"
    assert len(built.contacts) == len(BUILT)


@pytest.mark.parametrize("version", VERSIONS)
def test_export_is_crlf_folded_utf8(book, version):
    raw = book.exports[version]
    text = raw.decode("utf-8")  # strict: a fold must not split a UTF-8 sequence
    assert text.endswith("\r\n") and "\n" not in text.replace("\r\n", "")
    too_long = [line for line in text.split("\r\n") if len(line.encode()) > 75]
    assert too_long == []
    cards = split_cards(text)
    assert len(cards) == len(book.contacts) == text.count("BEGIN:VCARD\r\n")
    assert all(unfolded_lines(c)[1] == f"VERSION:{version}" for c in cards)


@pytest.mark.parametrize("version", VERSIONS)
def test_vobject_reads_the_whole_built_export(built, version):
    components = list(vobject.readComponents(built.exports[version].decode()))
    assert len(components) == len(BUILT)
    assert sorted(c.uid.value for c in components) == sorted(built.contacts)


def model_values(component, raw) -> dict:
    """What the card says for each field `show --json` has, read by vobject and taken the way
    the import takes it (ContactsCore's CardReading): values it cannot hold (a TEL without
    digits, an EMAIL without @, an empty NOTE) stay on the card as extra properties, written
    back as they came, and are not compared."""
    tels = [re.sub(r"(?i)^tel:", "", t.strip()).strip() for t in values(component, "TEL")]
    emails = [re.sub(r"(?i)^mailto:", "", e.strip()) for e in values(component, "EMAIL")]
    notes = [n.strip() for n in values(component, "NOTE") if n.strip()]
    return {
        "FN": (values(component, "FN") or [""])[0].strip(),
        "TEL": [t for t in tels if re.search(r"[0-9]", t)],
        "EMAIL": [e for e in emails if "@" in e],
        "NOTE": notes[0] if notes else "",
        "UID": (values(component, "UID") or [""])[0],
        "BDAY": birthday_of(component),
        "PHOTO": photo_bytes(raw),
    }


def contact_values(contact: dict) -> dict:
    return {"FN": contact["name"], "TEL": contact["phones"], "EMAIL": contact["emails"],
            "NOTE": contact["note"], "UID": contact["uid"], "BDAY": contact.get("birthday")}


@pytest.mark.parametrize("version", VERSIONS)
def test_vobject_reads_every_card_with_the_same_values(book, web, version):
    problems, known = [], set()
    for text in split_cards(book.exports[version].decode()):
        try:
            component, raw = read(text), raw_lines(text)
        except Exception as error:  # noqa: BLE001 — report every card vobject refuses
            problems.append(f"vobject cannot read: {type(error).__name__}: {error}\n{text[:300]}")
            continue
        uid = (values(component, "UID") or [None])[0]
        if uid not in book.contacts:
            problems.append(f"UID {uid!r} is not one of the book's")
            continue
        contact = book.contacts[uid]
        label = f"{contact['name']} ({uid})"
        card, expected = model_values(component, raw), contact_values(contact)
        if expected["BDAY"] is None:
            card["BDAY"] = None  # a BDAY the model did not take stays as it came
        for key, value in expected.items():
            if card[key] == value:
                continue
            if book.user == "corpus" and (contact["name"], key) in KNOWN_MISMATCHES:
                known.add((contact["name"], key))
            else:
                problems.append(f"{label}: {key} is {card[key]!r}, show --json says {value!r}")
        if contact["hasPhoto"] != (card["PHOTO"] is not None):
            problems.append(f"{label}: hasPhoto {contact['hasPhoto']} but the card's photo is {card['PHOTO'] is not None}")
        elif card["PHOTO"] is not None:
            if book.user == "interop" and card["PHOTO"] != BUILT_PHOTOS.get(uid):
                problems.append(f"{label}: the photo is not the bytes imported")
            if card["PHOTO"] != web(book.user, contact["id"]):
                problems.append(f"{label}: the photo is not the bytes /contacts/{contact['id']}/photo serves")
    if book.user == "corpus" and known != KNOWN_MISMATCHES:
        problems.append(f"known mismatches no longer seen (fixed? remove them): {sorted(KNOWN_MISMATCHES - known)}")
    assert not problems, "\n".join(problems)


def test_built_values_survive_exactly(built):
    """The hard cases, spelled out, through vobject's reading of both exports."""
    for version in VERSIONS:
        texts = split_cards(built.exports[version].decode())
        cards = {c.uid.value: c for c in map(read, texts)}
        photos = {read(t).uid.value: photo_bytes(raw_lines(t)) for t in texts}
        zhang = cards["interop-zhang"]
        assert zhang.fn.value == "张三"
        assert zhang.note.value == NOTE_PUNCTUATED
        assert birthday_of(zhang) == "1990-05-17"
        ouyang = cards["interop-ouyang"]
        assert values(ouyang, "TEL") == ["+86 10 6666 8888", "(010) 1234-5678"]
        labels = {line.group: line.value for line in ouyang.contents["x-ablabel"]}
        assert [labels[line.group] for line in ouyang.contents["tel"]] == ["_$!<Mobile>!$_", "北京办公室"], version
        assert birthday_of(ouyang) == "--03-08"
        assert photos["interop-ouyang"] == PHOTO_PNG
        zoe = cards["urn:uuid:1f3a3d0e-4c1b-4a43-9d11-2f0e7d1c0a55"]
        assert zoe.fn.value == "Zoë Ångström"
        assert values(zoe, "EMAIL") == ["zoe@example.org", "zoe.home@example.org"]
        assert birthday_of(zoe) == "--02-29"
        assert zoe.note.value == "Semicolons; commas, and a trailing backslash \\"
        assert photos["urn:uuid:1f3a3d0e-4c1b-4a43-9d11-2f0e7d1c0a55"] == PHOTO_JPEG
        long = cards["interop-long"]
        assert long.fn.value == LONG_NAME
        assert long.note.value == LONG_NOTE
        assert cards["interop-comma"].fn.value == "Doe, John"
        assert cards["interop-comma"].note.value == "tab\there, quote \" and colon:"
        wang = [c for c in cards.values() if c.fn.value == "王小明"]
        assert len(wang) == 1 and len(wang[0].uid.value) == 36
        assert birthday_of(wang[0]) == "2001-12-31"


def invalid_names(export: bytes) -> set[str]:
    names = set()
    for text in split_cards(export.decode()):
        for line in unfolded_lines(text):
            if not CONTENT_LINE_NAME.match(line):
                names.add(NAME_PREFIX.match(line)[1])
    return names


@pytest.mark.parametrize("version", VERSIONS)
def test_built_export_names_are_valid(built, version):
    assert invalid_names(built.exports[version]) == set()


@pytest.mark.parametrize("version", VERSIONS)
def test_corpus_export_names_are_valid(corpus, version):
    """The KDE Kontact card of the corpus has `X-messaging/gadu-All`, which the import accepts;
    the export writes it as `X-MESSAGING-GADU-ALL`, a name RFC 6350 §3.3 allows."""
    assert invalid_names(corpus.exports[version]) == set()
