import ContactsCore
import ContactsStore
import Foundation
import VCard

/// `contacts import|export`: vCard files in and out of one user's address book.
enum VCardCommands {
    private static let user = OptionSpec.value("--user")

    static let all: [Command] = [
        Command(words: ["import"], summary: "Import vCard files (2.1, 3.0, 4.0; - for standard input).",
                usage: "import --user U [--on-conflict update|skip|copy] FILE|- [FILE …]",
                options: [user, .value("--on-conflict")], run: importCards),
        Command(words: ["export"], summary: "Write every contact, or the one with this ID, as vCard.",
                usage: "export --user U [--version 3.0|4.0] [--output FILE] [ID]",
                options: [user, .value("--version"), .value("--output")], run: exportCards),
    ]

    /// Imports each input in turn, with a progress bar on a terminal, then prints the tally;
    /// fails (exit 1) when any card was not imported, after importing all the others.
    private static func importCards(_ context: CommandContext) throws {
        let paths = context.arguments.positionals
        guard !paths.isEmpty else { throw UsageError(message: "missing FILE") }
        let policyName = context.arguments.value("--on-conflict") ?? ImportConflictPolicy.update.rawValue
        guard let policy = ImportConflictPolicy(rawValue: policyName) else {
            throw UsageError(message: "--on-conflict must be update, skip or copy, not \"\(policyName)\"")
        }
        guard paths.filter({ $0 == "-" }).count <= 1 else { throw UsageError(message: "standard input (-) may be given only once") }
        let inputs = try paths.map(VCardInput.init)
        let (store, scope) = try context.openAddressBook()
        let counts = inputs.map(\.cardCount)
        var progress = ProgressBar(total: counts.contains(nil) ? nil : counts.compactMap { $0 }.reduce(0, +),
                                   output: context.console.standardError)
        var total = ImportSummary()
        var failures: [String] = []
        for input in inputs {
            var reader = input.reader()
            let before = total.cardsRead
            let summary = try store.importVCards(from: &reader, into: scope, onConflict: policy) { summary in
                progress.update(done: before + summary.cardsRead)
            }
            try input.checkRead()
            total.imported += summary.imported
            total.updated += summary.updated
            total.skipped += summary.skipped
            total.failures += summary.failures
            failures += summary.failures.map { "\(input.name): " + $0.message(in: Language.english) }
        }
        progress.finish()
        context.console.print("Imported \(total.imported), updated \(total.updated), skipped \(total.skipped), failed \(total.failures.count).")
        guard failures.isEmpty else {
            throw CommandFailure(message: "\(failures.count) card\(failures.count == 1 ? "" : "s") not imported:\n  " + failures.joined(separator: "\n  "))
        }
    }

    /// Writes the cards to standard output, or to `--output` through a temporary file renamed
    /// into place, so an interrupted export never leaves half a file.
    private static func exportCards(_ context: CommandContext) throws {
        let versionName = context.arguments.value("--version") ?? VCardWriter.Version.v3_0.rawValue
        guard let version = VCardWriter.Version(rawValue: versionName) else {
            throw UsageError(message: "--version must be 3.0 or 4.0, not \"\(versionName)\"")
        }
        let id = context.arguments.positionals.isEmpty ? nil : try context.contactID()
        let (store, scope) = try context.openAddressBook()
        let output = try ExportOutput(path: context.arguments.value("--output"), console: context.console)
        let count: Int
        if let id {
            var bytes: [UInt8] = []
            VCardWriter(version: version).write(try store.contact(id: id, in: scope).vCard(version: version), into: &bytes)
            try output.write(bytes)
            count = 1
        } else {
            count = try store.exportVCards(in: scope, version: version, to: output.write)
        }
        try output.finish()
        if let path = output.path { context.console.print("Exported \(count) contact\(count == 1 ? "" : "s") to \(path).") }
    }
}
