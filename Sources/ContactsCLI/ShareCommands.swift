import ContactsStore
import Wording

/// `contacts book share` and `contacts book unshare`: an owner's address book shared with
/// another account read-only or read-write, changed, and no longer shared. (The other `book`
/// commands are in BookCommands.swift.)
enum ShareCommands {
    private static let user = OptionSpec.value("--user")
    private static let with = OptionSpec.value("--with")

    static let all: [Command] = [
        Command(words: ["book", "share"], summary: "Share a user's address book with another account, or change what it may do.",
                usage: "book share --user OWNER BOOK --with ACCOUNT --read-only|--read-write",
                options: [user, with, .flag("--read-only"), .flag("--read-write")],
                notes: """
                    The account sees the book in its own CardDAV home, as /dav/addressbooks/ACCOUNT/~OWNER~BOOK/, and in the \
                    web app. --read-only lets it read the contacts; --read-write lets it also add, change and delete them. \
                    Only the owner renames, deletes or shares the book. Sharing again with the same account changes its access.
                    """) { context in
            let access = try accessChoice(context)
            let (store, book, account) = try ownersBook(context)
            try store.share(book.scope, with: account, access: access)
            context.console.print(context.catalogue.bookShared(book.name, with: account, access))
        },
        Command(words: ["book", "unshare"], summary: "Stop sharing a user's address book with an account.",
                usage: "book unshare --user OWNER BOOK --with ACCOUNT", options: [user, with]) { context in
            let (store, book, account) = try ownersBook(context)
            try store.unshare(book.scope, with: account)
            context.console.print(context.catalogue.bookUnshared(book.name, with: account))
        },
    ]

    /// The store, the owner's book named by the one positional word, and the `--with` account.
    private static func ownersBook(_ context: CommandContext) throws -> (ContactStore, AddressBook, String) {
        let account = try context.arguments.required("--with")
        let name = try context.arguments.positionals("BOOK")[0]
        let store = try context.openStore()
        let user = try context.user(in: store)
        guard let book = try store.addressBook(named: name, for: user), book.sharedBy == nil else {
            throw CommandFailure { $0.noAddressBook(name) }
        }
        return (store, book, account)
    }

    /// `--read-only` or `--read-write`: exactly one of them.
    private static func accessChoice(_ context: CommandContext) throws -> BookAccess {
        switch (context.arguments.has("--read-only"), context.arguments.has("--read-write")) {
        case (true, false): return .readOnly
        case (false, true): return .readWrite
        default: throw UsageError { $0.mustBeOneOf("book share", ["--read-only", "--read-write"], given: nil) }
        }
    }
}
