"""Evolution's CardDAV backend driven headless: run by the system Python (/usr/bin/python3, which
has python3-gi and the EDS typelibs) under `dbus-run-session`, started by harness/evolution.py.

It reads one JSON command a line on stdin and answers each with one JSON line on stdout
(`{"ok": true, ...}` or `{"ok": false, "error": "..."}`); EDS's own logging goes to stderr.
The session bus of dbus-run-session starts evolution-source-registry and
evolution-addressbook-factory by D-Bus activation, with HOME and the XDG directories the parent
chose, so nothing of a real desktop is read. There is no keyring: the password is handed to the
source with `e_source_invoke_authenticate_sync` whenever the backend asks for credentials
(the ESource's credentials-required signal), as Evolution's own credentials prompter would.

Commands (the field "cmd", other fields are arguments):
  discover {url, username, password}  e_webdav_discover_sources_sync from the server's root URL
  configure {url, username, password} an ESource (address book backend "carddav", WebDAV
                                      extension with the book's URL) committed to the registry
  open {}                             e_book_client_connect, then a refresh from the server
  refresh {}                          e_book_client_refresh (the backend fetches in the background)
  list {}                             every contact in the book: [{uid, vcard}]
  get {uid}                           one contact's vCard
  add {vcard}                         e_book_client_add_contact: the uid Evolution gave it
  modify {vcard}                      e_book_client_modify_contact
  remove {uid}                        e_book_client_remove_contact_by_uid
  remove_all {uids}                   e_book_client_remove_contacts: many in one call
Every EBookClient call is made asynchronously while the driver runs the main loop, so that the
credentials-required signal is answered while a call waits for the backend.
"""

from __future__ import annotations

import json
import sys
import time
import traceback

import gi

gi.require_version("EDataServer", "1.2")
gi.require_version("EBook", "1.2")
gi.require_version("EBookContacts", "1.2")
from gi.repository import EBook, EBookContacts, EDataServer, GLib  # noqa: E402

TIMEOUT = 30  # seconds, for every wait on EDS
VCARD_30 = getattr(EBookContacts.VCardFormat, "30")
OPFLAGS = EBookContacts.BookOperationFlags.NONE


class Driver:
    def __init__(self) -> None:
        self.registry = EDataServer.SourceRegistry.new_sync(None)
        self.source: EDataServer.Source | None = None
        self.client: EBook.BookClient | None = None
        self.credentials: tuple[str, str] | None = None
        self.auth_requests = 0

    # -- the main loop -------------------------------------------------------------------------

    @staticmethod
    def pump(until, timeout: float = TIMEOUT, what: str = "EDS") -> None:
        """Runs the default main context until `until()` is true; fails after `timeout` seconds."""
        context = GLib.MainContext.default()
        deadline = time.monotonic() + timeout
        while not until():
            if time.monotonic() > deadline:
                raise TimeoutError(f"{what}: not done within {timeout}s")
            context.iteration(False) or time.sleep(0.01)

    # -- credentials, without a keyring ---------------------------------------------------------

    def named_credentials(self) -> EDataServer.NamedParameters:
        username, password = self.credentials
        params = EDataServer.NamedParameters.new()
        params.set(EDataServer.SOURCE_CREDENTIAL_USERNAME, username)
        params.set(EDataServer.SOURCE_CREDENTIAL_PASSWORD, password)
        return params

    def on_credentials_required(self, source, reason, certificate_pem, certificate_errors, op_error) -> None:
        if reason == EDataServer.SourceCredentialsReason.REJECTED and self.auth_requests > 0:
            print(f"evolution driver: credentials rejected: {op_error and op_error.message}", file=sys.stderr)
            return  # don't loop on a wrong password
        self.auth_requests += 1
        source.invoke_authenticate_sync(self.named_credentials(), None)

    # -- commands ------------------------------------------------------------------------------

    def cmd_discover(self, url: str, username: str, password: str) -> dict:
        scratch = EDataServer.Source.new(None, None)
        scratch.set_display_name("discovery")
        auth = scratch.get_extension(EDataServer.SOURCE_EXTENSION_AUTHENTICATION)
        auth.set_user(username)
        scratch.get_extension(EDataServer.SOURCE_EXTENSION_WEBDAV_BACKEND).set_uri(GLib.Uri.parse(url, GLib.UriFlags.NONE))
        self.credentials = (username, password)
        ok, _pem, _errors, found, _addresses = EDataServer.webdav_discover_sources_sync(
            scratch, None, EDataServer.WebDAVDiscoverSupports.CONTACTS, self.named_credentials(), None)
        if not ok:
            raise RuntimeError("discovery failed")
        return {"books": [{"href": s.href, "display_name": s.display_name, "supports": int(s.supports)}
                          for s in found or []]}

    def cmd_configure(self, url: str, username: str, password: str) -> dict:
        self.credentials = (username, password)
        source = EDataServer.Source.new(None, None)
        source.set_display_name("PersonalContacts")
        source.set_parent("")
        book = source.get_extension(EDataServer.SOURCE_EXTENSION_ADDRESS_BOOK)
        book.set_backend_name("carddav")
        auth = source.get_extension(EDataServer.SOURCE_EXTENSION_AUTHENTICATION)
        auth.set_user(username)
        auth.set_method("plain/password")
        source.get_extension(EDataServer.SOURCE_EXTENSION_WEBDAV_BACKEND).set_uri(GLib.Uri.parse(url, GLib.UriFlags.NONE))
        offline = source.get_extension(EDataServer.SOURCE_EXTENSION_OFFLINE)
        offline.set_stay_synchronized(True)
        self.registry.commit_source_sync(source, None)
        uid = source.get_uid()
        self.pump(lambda: self.registry.ref_source(uid) is not None, what="the registry to list the new source")
        self.source = self.registry.ref_source(uid)
        self.source.connect("credentials-required", self.on_credentials_required)
        return {"uid": uid}

    def finish(self, owner, name: str, *args):
        """Calls the asynchronous `owner.name(*args, cancellable, callback)` and runs the main loop
        (answering credentials-required meanwhile) until it is done; returns `name_finish`'s result."""
        done = []
        getattr(owner, name)(*args, None, lambda _obj, result, *_: done.append(result))
        self.pump(lambda: done, what=name)
        return getattr(owner, f"{name}_finish")(done[0])

    def cmd_open(self) -> dict:
        self.client = self.finish(EBook.BookClient, "connect", self.source, TIMEOUT)
        self.finish(self.client, "refresh")
        return {"online": self.client.is_online(), "readonly": self.client.is_readonly(),
                "auth_requests": self.auth_requests}

    def cmd_refresh(self) -> dict:
        """Asks the backend to fetch the server's changes (it does so in the background)."""
        self.finish(self.client, "refresh")
        return {}

    def cmd_list(self) -> dict:
        _ok, contacts = self.finish(self.client, "get_contacts", "")
        return {"contacts": [{"uid": c.get_property("id"), "vcard": c.to_string(VCARD_30)} for c in contacts]}

    def cmd_get(self, uid: str) -> dict:
        _ok, contact = self.finish(self.client, "get_contact", uid)
        return {"uid": contact.get_property("id"), "vcard": contact.to_string(VCARD_30)}

    def cmd_add(self, vcard: str) -> dict:
        contact = EBookContacts.Contact.new_from_vcard(vcard)
        _ok, uid = self.finish(self.client, "add_contact", contact, OPFLAGS)
        return {"uid": uid}

    def cmd_modify(self, vcard: str) -> dict:
        self.finish(self.client, "modify_contact", EBookContacts.Contact.new_from_vcard(vcard), OPFLAGS)
        return {}

    def cmd_remove(self, uid: str) -> dict:
        self.finish(self.client, "remove_contact_by_uid", uid, OPFLAGS)
        return {}

    def cmd_remove_all(self, uids: list[str]) -> dict:
        self.finish(self.client, "remove_contacts", uids, OPFLAGS)
        return {}


def main() -> None:
    driver = Driver()
    print(json.dumps({"ok": True, "ready": True}), flush=True)
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        name = request.pop("cmd")
        try:
            answer = {"ok": True, **getattr(driver, f"cmd_{name}")(**request)}
        except Exception as e:  # reported to the test, which fails with it
            answer = {"ok": False, "error": f"{type(e).__name__}: {e}", "traceback": traceback.format_exc()}
        print(json.dumps(answer, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    main()
