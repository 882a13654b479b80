import ContactsStore
import Wording

/// `contacts book add|rename|delete|restore|list` and `contacts move`: one user's address books,
/// and contacts moved or copied between them.
enum BookCommands {
    private static let user = OptionSpec.value("--user")

    static let all: [Command] = [
        Command(words: ["book", "add"], summary: "Make a new, empty address book (NAME is its URL segment on CardDAV).",
                usage: "book add --user U NAME [--display-name D]", options: [user, .value("--display-name")]) { context in
            let name = try context.arguments.positionals("NAME")[0]
            let displayName = try checkedDisplayName(context.arguments.value("--display-name") ?? name)
            let store = try context.openStore()
            let book = try store.createAddressBook(named: name, displayName: displayName, for: try context.user(in: store))
            context.console.print(context.catalogue.bookCreated(book.name))
        },
        Command(words: ["book", "rename"], summary: "Change the name an address book is shown by (its URL segment stays).",
                usage: "book rename --user U NAME NEW-DISPLAY-NAME", options: [user]) { context in
            let words = try context.arguments.positionals("NAME", "NEW-DISPLAY-NAME")
            let displayName = try checkedDisplayName(words[1])
            let (store, book) = try context.openBook(named: words[0])
            try store.setDisplayName(displayName, of: book.scope)
            context.console.print(context.catalogue.bookRenamed(book.name, to: displayName))
        },
        Command(words: ["book", "delete"], summary: "Move an address book with its contacts to the trash (restorable for 30 days).",
                usage: "book delete --user U NAME", options: [user]) { context in
            let (store, book) = try context.openBook(named: try context.arguments.positionals("NAME")[0])
            try store.deleteAddressBook(book.scope)
            context.console.print(context.catalogue.bookTrashed(book.name))
        },
        Command(words: ["book", "restore"], summary: "Bring an address book back from the trash with its contacts.",
                usage: "book restore --user U NAME", options: [user]) { context in
            let name = try context.arguments.positionals("NAME")[0]
            let store = try context.openStore()
            let book = try store.restoreAddressBook(named: name, for: try context.user(in: store))
            context.console.print(context.catalogue.bookRestored(book.name))
        },
        Command(words: ["book", "list"], summary: "List the address books, own and shared: name, display name, contacts, owner and access.",
                usage: "book list --user U [--json]", options: [user, .flag("--json")]) { context in
            _ = try context.arguments.positionals()
            let store = try context.openStore()
            let user = try context.user(in: store)
            let listed = try store.addressBooks(for: user).map { book in
                JSONBook(name: book.name, displayName: book.displayName, count: try store.count(in: book.scope),
                         owner: book.sharedBy ?? user.username, access: book.access.rawValue)
            }
            context.console.print(context.arguments.has("--json") ? try ContactOutput.encode(listed) : listed.map { book in
                "\(book.name)\t\(book.displayName)\t\(book.count)" + (book.owner == user.username ? "" : "\t\(book.owner)\t\(book.access)")
            }.joined(separator: "\n"))
        },
        Command(words: ["move"], summary: "Move contacts to another address book (same UIDs), or copy them with --copy (new UIDs).",
                usage: "move --user U [--book NAME] ID [ID …] --to-book NAME [--copy]",
                options: [user, .value("--book"), .value("--to-book"), .flag("--copy")]) { context in
            guard !context.arguments.positionals.isEmpty else { throw UsageError { $0.missingArgument("ID") } }
            let ids = try context.arguments.positionals.map(CommandContext.contactID)
            let targetName = try context.arguments.required("--to-book")
            let (store, source) = try context.openAddressBook()
            let (_, target) = try context.openBook(named: targetName, in: store)
            if context.arguments.has("--copy") {
                let copied = try store.copyContacts(ids: ids, from: source, to: target.scope)
                context.console.print(context.catalogue.contactsCopied(copied.count, to: target.name))
            } else {
                let moved = try store.moveContacts(ids: ids, from: source, to: target.scope)
                context.console.print(context.catalogue.contactsMoved(moved.count, to: target.name))
            }
        },
    ]

    /// A display name as given, unless empty or all white space (a usage error).
    private static func checkedDisplayName(_ text: String) throws -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.utf8.count <= ContactStore.maximumAddressBookNameLength else {
            throw UsageError { $0.invalidDisplayName }
        }
        return trimmed
    }

    /// A book as `book list --json` prints it.
    private struct JSONBook: Encodable {
        let name: String
        let displayName: String
        let count: Int
        /// The account the book belongs to.
        let owner: String
        /// `owner`, `read-write` or `read-only`: what the listing account may do in it.
        let access: String
    }
}
