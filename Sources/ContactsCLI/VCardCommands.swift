import ContactsCore
import ContactsStore
import Foundation
import VCard
import Wording

/// `contacts import|export`: vCard and contact CSV files in and out of one user's address book.
enum VCardCommands {
    private static let user = OptionSpec.value("--user")
    private static let book = OptionSpec.value("--book")

    static let all: [Command] = [
        Command(words: ["import"], summary: "Import vCard files (2.1, 3.0, 4.0) or Google/Outlook CSV (- for standard input).",
                usage: "import --user U [--book NAME] [--on-conflict update|skip|copy] FILE|- [FILE …]",
                options: [user, book, .value("--on-conflict")], run: importCards),
        Command(words: ["export"], summary: "Write every contact, or the one with this ID, as vCard or Google/Outlook CSV.",
                usage: "export --user U [--book NAME] [--format vcard|google-csv|outlook-csv] [--version 3.0|4.0] [--apple-groups] [--output FILE] [ID]",
                options: [user, book, .value("--format"), .value("--version"), .value("--output"), .flag("--apple-groups")],
                notes: """
                    Each contact's groups are in its CATEGORIES. --apple-groups also writes each group as a card of its own \
                    (X-ADDRESSBOOKSERVER-KIND:group with its members), which Apple Contacts imports as groups.
                    """, run: exportCards),
    ]

    /// Imports each input in turn, with a progress bar on a terminal, then prints the tally;
    /// fails (exit 1) when any card was not imported, after importing all the others.
    private static func importCards(_ context: CommandContext) throws {
        let paths = context.arguments.positionals
        guard !paths.isEmpty else { throw UsageError { $0.missingArgument("FILE") } }
        let policyName = context.arguments.value("--on-conflict") ?? ImportConflictPolicy.update.rawValue
        guard let policy = ImportConflictPolicy(rawValue: policyName) else {
            throw UsageError { $0.mustBeOneOf("--on-conflict", ImportConflictPolicy.allCases.map(\.rawValue), given: policyName) }
        }
        guard paths.filter({ $0 == "-" }).count <= 1 else { throw UsageError { $0.standardInputOnce } }
        let inputs = try paths.map(ImportInput.init)
        let (store, scope) = try context.openAddressBook()
        let counts = inputs.map(\.cardCount)
        var progress = ProgressBar(total: counts.contains(nil) ? nil : counts.compactMap { $0 }.reduce(0, +),
                                   unit: context.catalogue.cardsUnit, catalogue: context.catalogue,
                                   output: context.console.standardError)
        var total = ImportSummary()
        var failures: [String] = []
        /// The inputs in which no card was found.
        var empty: [ImportInput] = []
        for input in inputs {
            var source = try input.source()
            let before = total.cardsRead
            let summary = try store.importVCards(from: &source, into: scope, onConflict: policy) { summary in
                progress.update(done: before + summary.cardsRead)
            }
            try input.checkRead()
            total.add(summary)
            failures += summary.failures.map { "\(input.name): " + context.catalogue.message(for: $0) }
            if summary.cardsRead == 0 { empty.append(input) }
        }
        progress.finish()
        context.console.print(context.catalogue.importTally(imported: total.imported, updated: total.updated, alreadyThere: total.alreadyThere,
                                                            skipped: total.skipped, failed: total.failures.count))
        guard failures.isEmpty, empty.isEmpty else {
            let emptyInputs = empty.map { ($0.name, $0.isCSV) }
            throw CommandFailure { [failures] catalogue in
                ((failures.isEmpty ? [] : [catalogue.cardsNotImported(failures.count) + "\n  " + failures.joined(separator: "\n  ")])
                    + emptyInputs.map { catalogue.noContactsIn($0, isCSV: $1) }).joined(separator: "\n")
            }
        }
    }

    /// Writes the cards to standard output, or to `--output` through a temporary file renamed
    /// into place, so an interrupted export never leaves half a file.
    private static func exportCards(_ context: CommandContext) throws {
        let formatName = context.arguments.value("--format") ?? ExportFormat.vCard.rawValue
        guard let format = ExportFormat(rawValue: formatName) else {
            throw UsageError { $0.mustBeOneOf("--format", ExportFormat.allCases.map(\.rawValue), given: formatName) }
        }
        let versionName = context.arguments.value("--version") ?? VCardWriter.Version.v3_0.rawValue
        guard let version = VCardWriter.Version(rawValue: versionName) else {
            throw UsageError { $0.mustBeOneOf("--version", VCardWriter.Version.allCases.map(\.rawValue), given: versionName) }
        }
        let id = context.arguments.positionals.isEmpty ? nil : try context.contactID()
        let (store, scope) = try context.openAddressBook()
        let output = try ExportOutput(path: context.arguments.value("--output"), console: context.console)
        let count: Int
        if let csvFormat = format.csvFormat {
            let (bytes, written) = try store.exportCSV(in: scope, format: csvFormat, only: id)
            try output.write(bytes)
            count = written
        } else if let id {
            var bytes: [UInt8] = []
            VCardWriter(version: version).write(try store.contact(id: id, in: scope).vCard(version: version), into: &bytes)
            try output.write(bytes)
            count = 1
        } else {
            count = try store.exportVCards(in: scope, version: version, groupCards: context.arguments.has("--apple-groups"), to: output.write)
        }
        try output.finish()
        if let path = output.path { context.console.print(context.catalogue.exported(count, to: path)) }
    }
}
