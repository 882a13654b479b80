import Accounts
import ContactsStore
import StoreOpening
import Wording

/// What a command runs with: its parsed arguments, the console and the store it opens on demand.
struct CommandContext {
    let arguments: Arguments
    let console: Console
    /// Where the store is: the data directory, or the database of `--database`.
    let location: StoreLocation
    let environment: [String: String]
    /// The wording of what the command prints, in the locale's language.
    let catalogue: any Catalogue

    /// Opens the store.
    func openStore() throws -> ContactStore {
        try openStore(at: location)
    }

    /// Opens the store at `location`. `$CONTACTS_BUSY_TIMEOUT_MS` sets how long an operation
    /// waits for a server's or another command's lock on the database (10 s if unset).
    func openStore(at location: StoreLocation) throws -> ContactStore {
        guard let timeout = environment["CONTACTS_BUSY_TIMEOUT_MS"].flatMap({ Int32($0) }), timeout >= 0 else {
            return try ContactStore(at: location)
        }
        return try ContactStore(at: location, busyTimeoutMilliseconds: timeout)
    }

    /// The account the command acts for: the one named by `--user`, else by `$CONTACTS_USER`, else
    /// the store's only account. With none of these, a usage error that says how many there are.
    func user(in store: ContactStore) throws -> User {
        if let name = arguments.value("--user") ?? environment["CONTACTS_USER"].flatMap({ $0.isEmpty ? nil : $0 }) {
            return try store.user(named: name)
        }
        let users = try store.users()
        guard users.count == 1 else { throw UsageError { [count = users.count] in $0.userNeeded(accounts: count) } }
        return users[0]
    }

    /// Opens the store and the address book of the command's account (see `user(in:)`): the one
    /// named by `--book`, else the default one. An unknown book is a failure (exit 1).
    func openAddressBook() throws -> (ContactStore, AddressBookScope) {
        guard let name = arguments.value("--book") else {
            let store = try openStore()
            return (store, try store.defaultAddressBook(for: try user(in: store)))
        }
        let (store, book) = try openBook(named: name)
        return (store, book.scope)
    }

    /// Opens the store (unless given) and the address book called `name` of the command's account.
    func openBook(named name: String, in store: ContactStore? = nil) throws -> (ContactStore, AddressBook) {
        let store = try store ?? openStore()
        guard let book = try store.addressBook(named: name, for: try user(in: store)) else {
            throw CommandFailure { $0.noAddressBook(name) }
        }
        return (store, book)
    }

    /// The one positional word, read as a contact id.
    func contactID() throws -> Int64 {
        try Self.contactID(try arguments.positionals("ID")[0])
    }

    /// A word read as a contact id: a positive number, else a usage error naming the word.
    static func contactID(_ text: String) throws -> Int64 {
        guard let id = Int64(text), id > 0 else { throw UsageError { $0.notAContactID(text) } }
        return id
    }
}

/// One `contacts` subcommand: its words, its help and its options.
struct Command: Sendable {
    /// The words that select it, e.g. ["user", "add"].
    let words: [String]
    /// The one-line summary shown in `contacts --help`.
    let summary: String
    /// The usage line after `contacts`, e.g. "user add NAME [--password-stdin]".
    let usage: String
    let options: [OptionSpec]
    /// Paragraphs shown after the summary in the command's own help (the format of option values).
    var notes: String = ""
    let run: @Sendable (CommandContext) throws -> Void

    init(words: [String], summary: String, usage: String, options: [OptionSpec], notes: String = "",
         run: @escaping @Sendable (CommandContext) throws -> Void) {
        self.words = words
        self.summary = summary
        self.usage = usage
        self.options = options
        self.notes = notes
        self.run = run
    }

    /// The full help text of the command.
    var help: String {
        "usage: contacts [--data DIR | --database URL] \(usage)\n\n\(summary)" + (notes.isEmpty ? "" : "\n\n" + notes)
    }
}
