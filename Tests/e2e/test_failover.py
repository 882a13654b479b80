"""Failover: two `contacts serve` nodes on a primary with a synchronous streaming standby, through a
multi-host URL naming the standby first. Writers PUT cards on both nodes while the primary is
stopped as in a crash (`pg_ctl stop -m immediate`) and the standby promoted: the nodes answer
503 with Retry-After meanwhile (never another error, never exiting), write again on the new
primary by themselves, and every card they acknowledged is there, also for a client syncing from
a token taken before the failover.

Makes its own two clusters on 127.0.0.1 (see harness.replication); under scripts/with-postgres.sh
as root, they run as its OS user.
"""

from __future__ import annotations

import random
import threading
import time

import pytest
import requests

from harness import replication
from harness.app import PASSWORD
from harness.carddav import book_url, describe, member_etags, put_card, simple_card, sync_collection
from harness.server import Server

USER = "alice"
AUTH = (USER, PASSWORD)


def poll(what: str, check, timeout: float = 30, interval: float = 0.05):
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout}s waiting for {what}")
        time.sleep(interval)


class Writer:
    """PUTs cards to one node without pause: new ones, and now and then one of its own again.
    Keeps what each card may hold: the text last acknowledged, and any sent after it whose
    answer was not an acknowledgement (a write cut off at the commit may have landed)."""

    def __init__(self, node: Server, name: str, seed: int):
        self.node, self.name, self.rng = node, name, random.Random(seed)
        self.acknowledged: dict[str, str] = {}   # href path → text of the last 201/204
        self.unsure: dict[str, set[str]] = {}    # href path → texts sent since, not acknowledged
        self.answers: list[tuple[float, int | str]] = []  # (monotonic time, status or the failure)
        self.wrong: list[str] = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self):
        http = requests.Session()
        n = 0
        while not self.stop.is_set():
            n += 1
            mine = sorted(self.acknowledged)
            if mine and self.rng.random() < 0.3:
                path = self.rng.choice(mine)
            else:
                path = f"/dav/addressbooks/{USER}/contacts/{self.name}-{n}.vcf"
            uid = path.rsplit("/", 1)[1].removesuffix(".vcf")
            card = simple_card(uid, f"Failover {uid} v{n}", f"+1 555 {n % 10000:04d}")
            try:
                r = put_card(self.node.url + path, AUTH, card, http)
            except requests.ConnectionError as e:
                self.answers.append((time.monotonic(), f"no connection: {e!r}"))
                self.unsure.setdefault(path, set()).add(card)
                time.sleep(0.05)
                continue
            except requests.RequestException as e:
                self.wrong.append(f"{path}: {e!r}")
                self.unsure.setdefault(path, set()).add(card)
                continue
            self.answers.append((time.monotonic(), r.status_code))
            if r.status_code in (201, 204):
                self.acknowledged[path] = card
                self.unsure.pop(path, None)
            else:
                self.unsure.setdefault(path, set()).add(card)
                if r.status_code != 503 or not r.headers.get("Retry-After"):
                    self.wrong.append(describe(r))
                time.sleep(0.05)

    def acknowledged_since(self, moment: float) -> int:
        return sum(1 for at, status in self.answers if at >= moment and status in (201, 204))

    def failed_since(self, moment: float) -> int:
        return sum(1 for at, status in self.answers if at >= moment and status not in (201, 204))

    def first_acknowledgement_after(self, moment: float) -> float:
        return min(at for at, status in self.answers if at >= moment and status in (201, 204))


@pytest.fixture
def pair():
    if why := replication.missing():
        pytest.skip(why)
    clusters = replication.PrimaryAndStandby()
    try:
        yield clusters.start()
    finally:
        clusters.remove()


def test_the_nodes_carry_on_on_the_promoted_standby_with_every_acknowledged_card(pair, tmp_path):
    nodes = [Server(tmp_path / f"node{i}", database_url=pair.url()) for i in (1, 2)]
    try:
        for node in nodes:
            node.start()
        nodes[0].add_user(USER, PASSWORD)
        token = sync_collection(book_url(nodes[1].url, USER), AUTH).token
        writers = [Writer(node, f"node{i}", seed=i) for i, node in enumerate(nodes, 1)]
        for writer in writers:
            writer.thread.start()
        try:
            poll("20 cards acknowledged by each node", lambda: all(len(w.acknowledged) >= 20 for w in writers))
            pair.primary.stop_immediately()
            stopped = time.monotonic()
            poll("each node failing to write without its primary", lambda: all(w.failed_since(stopped) >= 3 for w in writers))
            assert all(node.running for node in nodes), "a node exited when its primary went away"
            promoted = time.monotonic()  # from the promotion's start: no write can land before it ends
            pair.standby.promote()
            poll("each node writing again on the promoted standby", lambda: all(w.acknowledged_since(promoted) >= 10 for w in writers))
        finally:
            for writer in writers:
                writer.stop.set()
            for writer in writers:
                writer.thread.join(60)
        assert all(node.running for node in nodes), "a node exited during the failover"

        wrong = [line for w in writers for line in w.wrong]
        assert not wrong, "answers other than 201, 204 and 503 with Retry-After:\n\n" + "\n\n".join(wrong[:10])
        unavailable = sum(1 for w in writers for at, status in w.answers if status == 503)
        refused = sum(1 for w in writers for at, status in w.answers if isinstance(status, str))
        acknowledged = {path: card for w in writers for path, card in w.acknowledged.items()}
        unsure = {path: texts for w in writers for path, texts in w.unsure.items()}
        recovery = [w.first_acknowledgement_after(promoted) - promoted for w in writers]
        print(f"\nfailover: writes again {min(recovery):.2f}–{max(recovery):.2f} s after `pg_ctl promote` began "
              f"({promoted - stopped:.2f} s between the crash and the promotion); "
              f"{unavailable} answers 503, {refused} connections failed; "
              f"{len(acknowledged)} cards acknowledged ({sum(len(w.answers) for w in writers)} PUTs)")

        # Every acknowledged card, as it was last acknowledged (or as a later PUT cut off at its commit left it).
        http = requests.Session()
        lost = []
        for path, card in acknowledged.items():
            r = http.get(nodes[0].url + path, auth=AUTH, timeout=30)
            if r.status_code != 200 or r.content.decode() not in {card, *unsure.get(path, ())}:
                lost.append(f"{path}: {describe(r)}")
        assert not lost, f"{len(lost)} of {len(acknowledged)} acknowledged cards lost or changed:\n" + "\n".join(lost[:10])

        # A client that synced before the failover gets every change made since.
        report = sync_collection(book_url(nodes[1].url, USER), AUTH, token)
        book = member_etags(book_url(nodes[0].url, USER), AUTH)
        assert not report.removed and not report.other
        assert set(acknowledged) <= set(report.changed), sorted(set(acknowledged) - set(report.changed))[:20]
        assert report.changed == book, "the sync from before the failover differs from the book"
    finally:
        for node in nodes:
            node.stop()
