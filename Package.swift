// swift-tools-version:6.0
import PackageDescription

// The web app's script: ES modules, each compiled into the binary (WebApp's StaticFiles serves them).
let scriptModules = [
    "app.js", "dom.js", "requests.js", "sheets.js", "confirmations.js", "login-page.js",
    "list-rows.js", "list-editing.js", "list-deletion.js", "list-index.js", "list-selection.js",
    "contact-form.js", "contact-rows.js", "photo-picker.js", "photo-cropper.js", "copy-buttons.js", "app-shell.js", "desktop-keys.js",
    "file-picker.js", "time-zone.js",
    "passkeys.js",
]

// The icons a phone's home screen and the browser ask for (scripts/generate-icons.sh renders them).
let iconFiles = ["icon-180.png", "icon-192.png", "icon-512.png", "icon-maskable-512.png", "favicon.ico"]

let package = Package(
    name: "PersonalContacts",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "contacts", targets: ["contacts"]),
    ],
    targets: [
        // C libraries from Debian, reached through system-library targets.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3",
                       providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CLibPQ", pkgConfig: "libpq",
                       providers: [.apt(["libpq-dev"])]),
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium",
                       providers: [.apt(["libsodium-dev"])]),
        // OpenSSL's libcrypto: HMAC-SHA1 for one-time codes, ES256 and RS256 for passkeys.
        .systemLibrary(name: "CLibCrypto", pkgConfig: "libcrypto",
                       providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CQREncode", pkgConfig: "libqrencode",
                       providers: [.apt(["libqrencode-dev"])]),
        // The only C that touches HTTP: a non-variadic wrapper around libmicrohttpd.
        .target(name: "CMicroHTTPD", linkerSettings: [.linkedLibrary("microhttpd")]),

        // Pure layers. Blanks: the space-and-tab trimming HTTP and vCard lines share.
        .target(name: "Blanks"),
        // Decimal digits as bytes: log lines, HTTP dates and entity tags share them.
        .target(name: "DecimalDigits"),
        .target(name: "VCard", dependencies: ["Blanks"]),
        .target(name: "ContactsCore", dependencies: ["VCard"]),
        // Google Contacts' and Outlook's CSV files, read into and written from vCards (the
        // model's entries, handles, dates and related names, read and written as ContactsCore does).
        .target(name: "ContactCSV", dependencies: ["VCard", "ContactsCore"]),
        // The storage seam (SQLEngine) and its two engines.
        .target(name: "SQLEngine"),
        .target(name: "SQLite", dependencies: ["SQLEngine", "CSQLite"]),
        .target(name: "PostgreSQL", dependencies: ["SQLEngine", "CLibPQ"]),
        // Users, passwords (argon2id), sessions, app passwords, secrets and the login throttle.
        .target(name: "Accounts", dependencies: ["Base64URL", "Blanks", "SQLEngine", "CSodium", "CLibCrypto"]),
        .target(name: "ContactsStore", dependencies: ["Accounts", "Blanks", "DecimalDigits", "ContactsCore", "VCard", "ContactCSV", "SQLEngine", "CSodium"]),
        // The engine chosen: a store opened in a SQLite data directory or on a PostgreSQL URL, and
        // what only a SQLite file does (backups, restores). For the CLI, the benchmarks and tests.
        .target(name: "StoreOpening", dependencies: ["ContactsStore", "SQLEngine", "SQLite", "PostgreSQL"]),
        // Every piece of text a person reads, in each language; above the store, whose errors it words.
        .target(name: "Wording", dependencies: ["Accounts", "ContactsCore", "ContactsStore", "ContactCSV", "VCard", "SQLEngine"]),
        .target(name: "HTTP", dependencies: ["Blanks", "DecimalDigits", "CMicroHTTPD"]),
        // QR codes drawn as SVG, for setting up a phone or an authenticator app.
        .target(name: "QRCode", dependencies: ["CQREncode"]),
        // Bytes as unpadded base64url text, for tokens, cookies and WebAuthn's JSON.
        .target(name: "Base64URL"),
        // Passkeys: a strict CBOR reader, COSE keys, and registrations and assertions checked
        // with libcrypto (`scripts/fuzz.sh cbor` fuzzes the reader).
        .target(name: "WebAuthn", dependencies: ["Base64URL", "CLibCrypto"]),
        .target(name: "WebApp", dependencies: ["Accounts", "Blanks", "HTTP", "VCard", "ContactsCore", "ContactsStore", "Wording", "QRCode", "WebAuthn", "Base64URL"],
                resources: [.embedInCode("Static/app.css"), .embedInCode("Static/icon.svg"),
                            .embedInCode("Static/service-worker.js")]
                    + scriptModules.map { Resource.embedInCode("Static/script/\($0)") }
                    + iconFiles.map { Resource.embedInCode("Static/icons/\($0)") }),

        .target(name: "CardDAV", dependencies: ["Accounts", "Blanks", "DecimalDigits", "HTTP", "VCard", "ContactsCore", "ContactsStore", "Wording"]),
        // Fuzz inputs as DAV requests (`scripts/fuzz.sh dav` builds dav-fuzz with libFuzzer).
        .target(name: "DAVFuzzing", dependencies: ["Accounts", "CardDAV", "ContactsStore", "StoreOpening", "HTTP"]),
        .executableTarget(name: "dav-fuzz", dependencies: ["DAVFuzzing"], path: "Sources", sources: ["dav-fuzz", "FuzzEntry"]),

        // The command line and its entry point.
        .target(name: "ContactsCLI", dependencies: ["Accounts", "ContactsCore", "ContactsStore", "StoreOpening", "Wording", "VCard", "ContactCSV", "SQLEngine", "HTTP", "WebApp", "CardDAV"]),
        .executableTarget(name: "contacts", dependencies: ["ContactsCLI"]),
        // `make bench`: measurements, not tests.
        .executableTarget(name: "contacts-bench", dependencies: ["Accounts", "ContactsCore", "ContactsStore", "StoreOpening", "VCard",
                                                                "SQLEngine", "SQLite", "PostgreSQL"]),

        // What several test targets share: the vCard corpus, seeded randomness, property comparison,
        // a raw socket client for what only the wire shows.
        .target(name: "TestSupport", dependencies: ["Base64URL", "VCard", "HTTP", "SQLEngine", "WebAuthn", "CLibCrypto"], path: "Tests/TestSupport"),
        .testTarget(name: "ContactsCoreTests", dependencies: ["ContactsCore", "VCard", "TestSupport"], exclude: ["Fixtures", "Fuzz"]),
        .testTarget(name: "BlanksTests", dependencies: ["Blanks"]),
        .testTarget(name: "DecimalDigitsTests", dependencies: ["DecimalDigits"]),
        .testTarget(name: "QRCodeTests", dependencies: ["QRCode"]),
        .testTarget(name: "WebAuthnTests", dependencies: ["Base64URL", "WebAuthn", "TestSupport"], exclude: ["Fuzz"]),
        .testTarget(name: "ContactCSVTests", dependencies: ["ContactCSV", "ContactsCore", "VCard", "TestSupport"], exclude: ["Fixtures", "Fuzz"]),
        .testTarget(name: "VCardTests", dependencies: ["VCard", "TestSupport"], exclude: ["Fuzz"]),
        .testTarget(name: "SQLiteTests", dependencies: ["SQLite", "SQLEngine"]),
        .testTarget(name: "PostgreSQLTests", dependencies: ["PostgreSQL", "SQLEngine"]),
        .testTarget(name: "ContactsStoreTests", dependencies: ["Accounts", "ContactsStore", "StoreOpening", "Wording", "ContactsCore", "ContactCSV", "VCard", "SQLEngine", "SQLite", "PostgreSQL", "TestSupport"],
                    exclude: ["Fuzz"]),
        .testTarget(name: "WordingTests", dependencies: ["Wording", "ContactsStore", "ContactsCore", "ContactCSV", "VCard", "SQLEngine"]),
        .testTarget(name: "HTTPTests", dependencies: ["HTTP", "TestSupport"], exclude: ["Fuzz"]),
        .testTarget(name: "CardDAVTests", dependencies: ["Accounts", "CardDAV", "HTTP", "ContactsStore", "StoreOpening", "Wording", "ContactsCore", "SQLite", "PostgreSQL", "WebApp", "TestSupport", "DAVFuzzing"],
                    exclude: ["Fuzz"]),
        .testTarget(name: "WebAppTests", dependencies: ["Accounts", "WebApp", "HTTP", "VCard", "ContactsCore", "ContactsStore", "StoreOpening", "Wording", "SQLEngine", "SQLite", "TestSupport", "WebAuthn", "Base64URL"]),
        // Depends on the executable so that `swift test` builds the binary these tests run.
        .testTarget(name: "ContactsCLITests", dependencies: ["Accounts", "contacts", "ContactsCLI", "ContactsStore", "StoreOpening", "Wording", "VCard", "SQLite", "PostgreSQL", "HTTP", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
