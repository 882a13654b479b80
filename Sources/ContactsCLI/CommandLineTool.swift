import ContactsCore
import ContactsStore
import Foundation
import SQLEngine
import StoreOpening
import Wording

/// The `contacts` program: finds the command, runs it, and maps its outcome to an exit status
/// (0 success, 1 failure, 2 usage error, 75 busy database: try again) with a one-line message on stderr.
public enum CommandLineTool {
    static let commands: [Command] = [ServeCommand.command] + UserCommands.all + ContactCommands.all + HistoryCommands.all + BookCommands.all + GroupCommands.all
        + DuplicateCommands.all + ShareCommands.all + BirthdayCommands.all + VCardCommands.all + BackupCommands.all
        + [MigrateCommand.command]

    /// Runs one invocation; `arguments` excludes the program name.
    public static func run(arguments: [String], environment: [String: String]) -> Int32 {
        let console = Console()
        let catalogue = language(of: environment).catalogue
        var words = arguments
        let dataOption: String?, databaseOption: String?
        do {
            dataOption = try takeOption("--data", from: &words)
            databaseOption = try takeOption("--database", from: &words)
        } catch {
            return usageFailure(error.message(catalogue), console)
        }
        if words == ["--version"] || words == ["version"] {
            console.print("contacts " + Release.version)
            return 0
        }
        if words.isEmpty || words == ["--help"] || words == ["help"] || words == ["-h"] {
            console.print(overview)
            return words.isEmpty ? 2 : 0
        }
        guard let command = commands.filter({ words.starts(with: $0.words) }).max(by: { $0.words.count < $1.words.count }) else {
            return usageFailure(catalogue.unknownCommand(words.prefix(2).joined(separator: " ")), console)
        }
        let rest = Array(words.dropFirst(command.words.count))
        if rest.contains("--help") || rest.contains("-h") {
            console.print(command.help + "\n\n" + optionsHelp(command))
            return 0
        }
        let location: StoreLocation
        do {
            location = try DataDirectory.location(dataOption: dataOption, databaseOption: databaseOption, environment: environment)
        } catch {
            return usageFailure(error.message(catalogue), console)
        }
        if let databaseOption, StoreLocation.redactingPassword(databaseOption) != databaseOption {
            console.printError("contacts: " + catalogue.passwordOnCommandLine("--database"))
        }
        do {
            let parsed = try Arguments(rest, specs: command.options)
            let context = CommandContext(arguments: parsed, console: console, location: location,
                                         environment: environment, catalogue: catalogue)
            try ChangeClient.$current.withValue(.commandLine) { try command.run(context) }
            return 0
        } catch let error as UsageError {
            return usageFailure(error.message(catalogue) + "\n" + catalogue.usage(command.usage), console)
        } catch StoreError.busy {
            console.printError("contacts: " + catalogue.message(for: StoreError.busy))
            return busyStatus
        } catch {
            console.printError("contacts: " + message(for: error, catalogue))
            return 1
        }
    }

    /// The exit status of a command that found the database locked by another process past the
    /// busy timeout: sysexits' EX_TEMPFAIL, so that scripts can tell "try again" from failure.
    static let busyStatus: Int32 = 75

    /// Removes the global option `name` (`NAME VALUE` or `NAME=VALUE`) from `words`; its value, if given.
    private static func takeOption(_ name: String, from words: inout [String]) throws(UsageError) -> String? {
        guard let index = words.firstIndex(where: { $0 == name || $0.hasPrefix(name + "=") }) else { return nil }
        guard words[index] == name else { return String(words.remove(at: index).dropFirst(name.count + 1)) }
        guard index + 1 < words.count else { throw UsageError { $0.needsValue(name) } }
        defer { words.removeSubrange(index...index + 1) }
        return words[index + 1]
    }

    private static func usageFailure(_ message: String, _ console: Console) -> Int32 {
        console.printError("contacts: " + message)
        return 2
    }

    /// The language of the POSIX locale (LC_ALL, else LC_MESSAGES, else LANG); English when the
    /// interface does not speak it, or for C and POSIX.
    static func language(of environment: [String: String]) -> Language {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        return locale.flatMap { Language(matching: $0) } ?? .english
    }

    private static func message(for error: any Error, _ catalogue: any Catalogue) -> String {
        switch error {
        case let error as StoreError: catalogue.message(for: error)
        case let error as ContactValidationError: catalogue.message(for: error)
        case let error as CommandFailure: error.message(catalogue)
        case let error as MigrationError: catalogue.message(for: error)
        default: String(describing: error)
        }
    }

    private static var overview: String {
        let width = commands.map { $0.words.joined(separator: " ").count }.max() ?? 0
        let lines = commands.map { command in
            let name = command.words.joined(separator: " ")
            return "  " + name + String(repeating: " ", count: width - name.count + 2) + command.summary
        }
        return """
            usage: contacts [--data DIR | --database URL] COMMAND [OPTIONS]
                   contacts --version

            PersonalContacts: a private address book.

            Commands:
            \(lines.joined(separator: "\n"))

            Data lives in --data DIR, else $CONTACTS_DATA, else $XDG_DATA_HOME/personal-contacts,
            else ~/.local/share/personal-contacts; or in the PostgreSQL database of --database URL,
            or of $CONTACTS_DATABASE unless --data is given (postgresql://USER:PASSWORD@HOST:PORT/DATABASE;
            with HOST1:PORT1,HOST2:PORT2 it reaches whichever host takes writes; add ?pool_mode=transaction
            behind PgBouncer in transaction mode).
            --user may be left out when $CONTACTS_USER names the account, or when there is only one.
            Run "contacts COMMAND --help" for a command's options.
            """
    }

    private static func optionsHelp(_ command: Command) -> String {
        guard !command.options.isEmpty else { return "Options: none besides --data, --database and --help." }
        let names = command.options.map { $0.name + ($0.takesValue ? " VALUE" : "") + ($0.repeatable ? " (repeatable)" : "") }
        return "Options:\n" + names.map { "  " + $0 }.joined(separator: "\n")
    }
}
