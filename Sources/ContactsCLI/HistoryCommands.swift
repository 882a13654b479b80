import ContactsStore
import Foundation
import Wording

/// `contacts history` and `contacts rewind`: what was changed in the last 30 days, by whom, and
/// taking it back: one contact to one of its versions, or a whole book to a moment.
enum HistoryCommands {
    private static let user = OptionSpec.value("--user")
    private static let book = OptionSpec.value("--book")
    private static let json = OptionSpec.flag("--json")

    /// How `--to` and `--since` are written, for the commands' help.
    private static let timeNotes = """
        TIME is ISO 8601 with its zone (2026-12-04T10:00:00Z, 2026-12-04T18:00:00+08:00, seconds and their fractions \
        optional) or a time back from now: a whole number of s, m, h, d or w (90s, 10m, 2h, 3d, 1w). History reaches back 30 days.
        """

    static let all: [Command] = [
        Command(words: ["history"], summary: "List a contact's versions of the last 30 days, or restore one; without ID, the book's recent changes by client.",
                usage: "history --user U [--book NAME] [ID [--restore VERSION] | --since TIME] [--json]",
                options: [user, book, json, .value("--restore"), .value("--since")],
                notes: """
                    With ID: the contact's versions, newest first, each with its number, when, the change (created, changed, \
                    deleted, restored, merged, moved), who made it and the contact as it was. A deleted contact's history is \
                    listed too. --restore VERSION makes the contact as it was in that version again, as a new change that \
                    clients sync (a version that was a deletion moves it to the trash).
                    Without ID: what each client (the web app, the command line, each CardDAV device) changed in the book \
                    since --since TIME (30 days if not given), and the mass deletion the contact list warns of, if any.
                    """ + "\n" + timeNotes) { context in
            let words = context.arguments.positionals
            guard let word = words.first else {
                if context.arguments.has("--restore") { throw UsageError { $0.missingArgument("ID") } }
                return try bookHistory(context)
            }
            guard words.count == 1 else { throw UsageError { [word = words[1]] in $0.unexpectedArgument(word) } }
            if context.arguments.has("--since") { throw UsageError { $0.notBoth("ID", "--since") } }
            let id = try CommandContext.contactID(word)
            guard let restore = context.arguments.value("--restore") else { return try contactHistory(id, context) }
            if context.arguments.has("--json") { throw UsageError { $0.notBoth("--restore", "--json") } }
            guard let number = Int64(restore), number > 0 else { throw UsageError { [shown = Arguments.shown(restore)] in $0.notAVersion(shown) } }
            let (store, scope) = try context.openAddressBook()
            let contact = try store.restoreVersion(number, ofContact: id, in: scope)
            context.console.print(context.catalogue.versionRestored(number, ofContact: id, live: contact != nil))
        },
        Command(words: ["rewind"], summary: "Take an address book back to how it was at a moment of the last 30 days.",
                usage: "rewind --user U [--book NAME] --to TIME [--dry-run] [--json]",
                options: [user, book, json, .value("--to"), .flag("--dry-run")],
                notes: """
                    Contacts deleted since come back (with their UIDs, so clients see the same cards), contacts changed since \
                    get the version they had then, and contacts added since go to the trash; groups too. Each is a new change \
                    that every client's next sync brings; what was undone stays in the history, so a rewind can be rewound. \
                    --dry-run only says what it would do. A book shared read-only cannot be rewound.
                    """ + "\n" + timeNotes) { context in
            _ = try context.arguments.positionals()
            let text = try context.arguments.required("--to")
            let moment = try TimeArgument.moment(text, of: "--to")
            guard moment <= Date() else { throw CommandFailure { [shown = Arguments.shown(text)] in $0.inTheFuture("--to", given: shown) } }
            let dryRun = context.arguments.has("--dry-run")
            let (store, scope) = try context.openAddressBook()
            let plan = try store.rewind(scope, to: moment, dryRun: dryRun)
            if context.arguments.has("--json") {
                context.console.print(try ContactOutput.encode(HistoryOutput.JSONRewind(plan, dryRun: dryRun)))
            } else {
                context.console.print(plan.isEmpty ? context.catalogue.nothingToRewind(since: moment)
                    : context.catalogue.rewound(broughtBack: plan.broughtBack.count, setBack: plan.setBack.count,
                                                removed: plan.removed.count, since: moment, dryRun: dryRun))
            }
        },
    ]

    /// The versions of contact `id`.
    private static func contactHistory(_ id: Int64, _ context: CommandContext) throws {
        let (store, scope) = try context.openAddressBook()
        let versions = try store.history(ofContact: id, in: scope)
        context.console.print(context.arguments.has("--json")
            ? try ContactOutput.encode(versions.map(HistoryOutput.JSONVersion.init)) : HistoryOutput.versions(versions, context.catalogue))
    }

    /// The book's changes by client since `--since`, and its mass deletion.
    private static func bookHistory(_ context: CommandContext) throws {
        let since = try context.arguments.value("--since").map { text throws(UsageError) in try TimeArgument.moment(text, of: "--since") }
            ?? Date().addingTimeInterval(-ContactStore.historyRetention)
        let (store, scope) = try context.openAddressBook()
        let (activity, massDeletion) = (try store.activity(in: scope, since: since), try store.massDeletion(in: scope))
        context.console.print(context.arguments.has("--json")
            ? try ContactOutput.encode(HistoryOutput.JSONBookHistory(since: preciseTimestamp(since), clients: activity.map(HistoryOutput.JSONActivity.init),
                                                                     massDeletion: .init(massDeletion.map(HistoryOutput.JSONMassDeletion.init))))
            : HistoryOutput.activity(activity, since: since, massDeletion: massDeletion, context.catalogue))
    }
}
