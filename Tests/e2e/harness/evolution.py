"""Evolution's own CardDAV backend (Debian's `evolution-data-server` 3.46) as a third real CardDAV
client, run headless.

The venv's Python has no GObject introspection, so `EvolutionClient` runs harness/evolution_driver.py
with the system Python (/usr/bin/python3: python3-gi, gir1.2-ebook-1.2, gir1.2-edataserver-1.2)
under `dbus-run-session`, and talks to it in JSON lines. Everything lives under `root`:

* HOME and XDG_{CONFIG,DATA,CACHE,RUNTIME}_DIR/HOME point into `root`, so EDS's sources
  (`config/evolution/sources/*.source`) and its backend cache are this test's own;
* the session bus is started with a config of its own (`root/dbus/session.conf`) whose only
  activatable services are EDS's source registry and address-book factory, copied from
  /usr/share/dbus-1/services: no keyring (org.freedesktop.secrets), no dconf (GSettings uses its
  memory backend), nothing of the desktop. The driver answers the backend's credentials-required
  with `e_source_invoke_authenticate_sync` instead.

The driver's process group is started by this harness and ended by it (`close`): the bus, the
registry and the factory with it.
"""

from __future__ import annotations

import json
import os
import re
import select
import shutil
import signal
import subprocess
from pathlib import Path

from harness.carddav import ClientError

SYSTEM_PYTHON = "/usr/bin/python3"
DRIVER = Path(__file__).with_name("evolution_driver.py")
SERVICES = Path("/usr/share/dbus-1/services")
EDS_SERVICES = ("org.gnome.evolution.dataserver.Sources5.service",
                "org.gnome.evolution.dataserver.AddressBook10.service")

SESSION_CONF = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <keep_umask/>
  <listen>unix:tmpdir={runtime}</listen>
  <auth>EXTERNAL</auth>
  <servicedir>{services}</servicedir>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"""


def unfolded(text: str) -> list[str]:
    return [line for line in re.sub(r"\r?\n[ \t]", "", text).splitlines() if line.strip()]


def fields(text: str) -> list[tuple[str, tuple, str]]:
    """A vCard's properties as sorted (NAME, params, value): names and parameter names upper-cased,
    TYPE values split, upper-cased and sorted, Evolution's X-EVOLUTION-* properties and parameters
    left out, VERSION and BEGIN/END too. Two cards with the same fields mean the same."""
    found = []
    for line in unfolded(text):
        head, _, value = line.partition(":")
        name, *params = head.split(";")
        name = name.split(".")[-1].upper()  # item1.TEL → TEL
        if name in ("BEGIN", "END", "VERSION") or name.startswith("X-EVOLUTION-"):
            continue
        kept = []
        for param in params:
            key, _, val = param.partition("=")
            key = key.upper()
            if key.startswith("X-EVOLUTION-"):
                continue
            if key == "TYPE":
                kept += [("TYPE", t) for t in val.upper().split(",")]
            else:
                kept.append((key, val))
        found.append((name, tuple(sorted(kept)), value))
    return sorted(found)


def missing() -> str | None:
    """What of EDS's headless setup is not installed, or None."""
    if not shutil.which("dbus-run-session"):
        return "dbus-run-session (package dbus)"
    for name in EDS_SERVICES:
        if not (SERVICES / name).exists():
            return f"{SERVICES / name} (package evolution-data-server)"
    probe = subprocess.run([SYSTEM_PYTHON, "-c", "import gi; gi.require_version('EBook', '1.2'); "
                            "gi.require_version('EDataServer', '1.2'); from gi.repository import EBook, EDataServer"],
                           capture_output=True, text=True, timeout=60)
    if probe.returncode != 0:
        return f"EDS introspection for {SYSTEM_PYTHON} (python3-gi, gir1.2-ebook-1.2, gir1.2-edataserver-1.2): {probe.stderr.strip()}"
    return None


class EvolutionClient:
    """One EDS session (bus, registry, address-book factory) for the test, under `root`."""

    def __init__(self, root: Path, timeout: float = 60):
        self.root = Path(root)
        self.timeout = timeout
        self.log = self.root / "eds-stderr.log"
        self.transcript: list[str] = []  # every command and answer, for failure messages
        dirs = {name: self.root / name for name in ("config", "data", "cache", "runtime", "dbus")}
        for d in dirs.values():
            d.mkdir(parents=True, exist_ok=True)
        dirs["runtime"].chmod(0o700)
        services = dirs["dbus"] / "services"
        services.mkdir(exist_ok=True)
        for name in EDS_SERVICES:
            shutil.copy(SERVICES / name, services / name)
        conf = dirs["dbus"] / "session.conf"
        conf.write_text(SESSION_CONF.format(runtime=dirs["runtime"], services=services), encoding="utf-8")
        env = {k: v for k, v in os.environ.items()
               if k not in ("DBUS_SESSION_BUS_ADDRESS", "DISPLAY", "WAYLAND_DISPLAY", "PYTHONPATH",
                            "VIRTUAL_ENV", "PYTHONHOME")}
        env.update(HOME=str(self.root), XDG_CONFIG_HOME=str(dirs["config"]), XDG_DATA_HOME=str(dirs["data"]),
                   XDG_CACHE_HOME=str(dirs["cache"]), XDG_RUNTIME_DIR=str(dirs["runtime"]),
                   GSETTINGS_BACKEND="memory", LANG="C.UTF-8", LC_ALL="C.UTF-8")
        self._stderr = open(self.log, "wb")
        self.proc = subprocess.Popen(
            ["dbus-run-session", f"--config-file={conf}", "--", SYSTEM_PYTHON, "-u", str(DRIVER)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr, env=env, cwd=self.root,
            start_new_session=True, text=True, encoding="utf-8")
        self._read("the driver to start")

    # -- JSON lines ----------------------------------------------------------------------------

    def _read(self, what: str) -> dict:
        ready, _, _ = select.select([self.proc.stdout], [], [], self.timeout)
        line = self.proc.stdout.readline() if ready else ""
        if not line:
            state = "exited" if self.proc.poll() is not None else f"gave no answer within {self.timeout}s"
            raise ClientError(f"the Evolution driver {state} waiting for {what}\n{self.describe()}")
        answer = json.loads(line)
        self.transcript.append(f"← {line.strip()[:3000]}")
        return answer

    def call(self, cmd: str, **args) -> dict:
        """Runs one driver command; raises ClientError with EDS's log if it failed."""
        answer = self.try_call(cmd, **args)
        if not answer["ok"]:
            raise ClientError(f"Evolution: {cmd} failed: {answer['error']}\n{answer.get('traceback', '')}\n{self.describe()}")
        return answer

    def try_call(self, cmd: str, **args) -> dict:
        """Runs one driver command; returns its answer, {"ok": false, "error": …} included."""
        request = json.dumps({"cmd": cmd, **args}, ensure_ascii=False)
        shown = {k: ("…" if k == "password" else v) for k, v in args.items()}
        self.transcript.append(f"→ {cmd} {json.dumps(shown, ensure_ascii=False)[:3000]}")
        self.proc.stdin.write(request + "\n")
        self.proc.stdin.flush()
        return self._read(cmd)

    def describe(self, last: int = 12) -> str:
        log = self.log.read_text(encoding="utf-8", errors="replace") if self.log.exists() else ""
        return ("--- driver transcript\n" + "\n".join(self.transcript[-last:]) +
                "\n--- EDS stderr (tail)\n" + log[-6000:])

    # -- the book ------------------------------------------------------------------------------

    def cards(self) -> dict[str, str]:
        """{uid: vCard 3.0 text} of every contact in the book, as EBookClient returns it."""
        return {c["uid"]: c["vcard"] for c in self.call("list")["contacts"]}

    def close(self) -> None:
        """Ends the driver (stdin closed), then its whole process group: bus, registry, factory."""
        if self.proc.poll() is None:
            try:
                self.proc.stdin.close()
                self.proc.wait(15)
            except (subprocess.TimeoutExpired, BrokenPipeError):
                pass
        try:
            os.killpg(self.proc.pid, signal.SIGTERM)  # the group this harness started
        except ProcessLookupError:
            pass
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(5)
        self._stderr.close()
