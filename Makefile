# PersonalContacts: `make run` starts it, `make test` tests it, `make bench` measures it.
SWIFT ?= swift
export PATH := /opt/swift/usr/bin:$(PATH)
DATA ?=

.PHONY: run test bench build deps-build deps-test deps-bench clean

deps-build:
	@scripts/install-deps.sh build
deps-test:
	@scripts/install-deps.sh test
deps-bench:
	@scripts/install-deps.sh bench

build: deps-build
	$(SWIFT) build -c release --product contacts

run: build
	@scripts/demo.sh .build/release/contacts $(DATA)

test: deps-test
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: deps-bench
	$(SWIFT) build -c release --product contacts-bench
	.build/release/contacts-bench

clean:
	rm -rf .build
