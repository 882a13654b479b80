# PersonalContacts: `make run` starts it, `make test` tests it, `make bench` measures it.
# `make run DATA=dir HOST=0.0.0.0 PORT=8080` picks another data directory, address or port.
SWIFT ?= swift
export PATH := /opt/swift/usr/bin:$(PATH)
DATA ?=
HOST ?= 127.0.0.1
PORT ?= 8080
# The shared vCard corpus the tests read in place (see scripts/corpus-dir.sh).
export CONTACTS_VCARD_CORPUS := $(shell scripts/corpus-dir.sh)

.PHONY: run test test-suites bench bench-carddav build deps-build deps-test deps-bench clean

deps-build:
	@scripts/install-deps.sh build
deps-test:
	@scripts/install-deps.sh test
deps-bench:
	@scripts/install-deps.sh bench

build: deps-build
	SWIFT=$(SWIFT) scripts/build-release.sh contacts

run: build
	.build/release/contacts $(if $(DATA),--data $(DATA)) serve --host $(HOST) --port $(PORT)

# The suites run beside a throwaway PostgreSQL cluster (scripts/with-postgres.sh): everything on
# SQLite, the store's suite again on PostgreSQL, the PostgreSQL engine's own tests, and the browser
# and client tests, the multi-server ones on PostgreSQL (directly and through PgBouncer in
# transaction mode) and the failover one on a primary and standby of its own; then a subset of the browser and client
# tests again with PostgreSQL-backed servers (logins, contacts, a vdirsyncer round trip; ~75 s).
test: deps-test
	$(SWIFT) build --build-tests
	scripts/with-postgres.sh $(MAKE) --no-print-directory test-suites

test-suites:
	$(SWIFT) test --skip-build
	CONTACTS_TEST_ENGINE=postgresql $(SWIFT) test --skip-build --filter ContactsStoreTests
	scripts/e2e.sh
	CONTACTS_E2E_ENGINE=postgresql scripts/e2e.sh -k "(test_login.py or test_contact.py or either_side_reach) and not keyboard and not spinner and not interlocked and not enabled_only and not focus"

# The store, import and CardDAV benchmarks run beside a throwaway PostgreSQL cluster, each on both engines
# (SQLite, then a fresh PostgreSQL database; the CardDAV one also on two servers sharing it). The CardDAV
# one ends with the guard (scripts/bench-guard.py against bench/baseline.json): `make bench` fails when a
# ratio is more than 15% worse than its baseline. Not part of `make test`: it times things.
bench: deps-bench
	SWIFT=$(SWIFT) scripts/build-release.sh contacts-bench contacts
	scripts/with-postgres.sh --durable scripts/bench-store.sh .build/release
	CONTACTS_WEB_BENCH_GROUPS=50000 scripts/bench-web.sh .build/release
	scripts/bench-vcard.sh .build/release
	scripts/with-postgres.sh --durable scripts/bench-import.sh .build/release
	scripts/with-postgres.sh --durable scripts/bench-carddav.sh .build/release
	scripts/bench-carddav.sh .build/release --scale 20000

# The CardDAV benchmark and its guard alone (~15 minutes; the previous release is built once, ~8 more):
# run it before a release.
bench-carddav: deps-bench
	SWIFT=$(SWIFT) scripts/build-release.sh contacts
	scripts/with-postgres.sh --durable scripts/bench-carddav.sh .build/release

clean:
	rm -rf .build
