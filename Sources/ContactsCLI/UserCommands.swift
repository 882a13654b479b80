import ContactsStore
import Foundation
import HTTP
import WebApp
import Wording

/// `contacts user …`: accounts, their passwords and their devices' app passwords.
enum UserCommands {
    static let all: [Command] = [
        Command(words: ["user", "add"], summary: "Create a user (asks for the password without echo on a terminal).",
                usage: "user add NAME [--password-stdin]", options: [.flag("--password-stdin")]) { context in
            let name = try context.arguments.positionals("NAME")[0]
            let password = try readPassword(context)
            let user = try context.openStore().createUser(username: name, password: password, defaultBookName: context.catalogue.defaultBookName)
            context.console.print(context.catalogue.userCreated(user.username))
        },
        Command(words: ["user", "list"], summary: "List the users.", usage: "user list", options: []) { context in
            _ = try context.arguments.positionals()
            let users = try context.openStore().users()
            context.console.print(users.isEmpty ? context.catalogue.noUsers : users.map(\.username).joined(separator: "\n"))
        },
        Command(words: ["user", "passwd"], summary: "Set a user's password.",
                usage: "user passwd NAME [--password-stdin]", options: [.flag("--password-stdin")]) { context in
            let name = try context.arguments.positionals("NAME")[0]
            let store = try context.openStore()
            let user = try store.user(named: name)
            try store.changePassword(username: name, to: try readPassword(context))
            context.console.print(context.catalogue.passwordChanged(name))
            if try store.hasBirthdayFeed(for: user) {
                context.console.print(context.catalogue.birthdayCalendarOutlivesPassword(rotate: "contacts birthdays feed --user \(name) --rotate"))
            }
        },
        Command(words: ["user", "delete"], summary: "Delete a user and all of their contacts.",
                usage: "user delete NAME", options: []) { context in
            let name = try context.arguments.positionals("NAME")[0]
            try context.openStore().deleteUser(username: name)
            context.console.print(context.catalogue.userDeleted(name))
        },
        Command(words: ["user", "app-password", "add"],
                summary: "Make a password for one device's CardDAV client (shown only this once), with the address and user name it needs.",
                usage: "user app-password add NAME DEVICE [--public-url URL]", options: [.value("--public-url")],
                notes: "--public-url is the address devices reach the server at (else $CONTACTS_PUBLIC_URL), as `serve` takes it.") { context in
            let (name, device) = try userAndDevice(context)
            let publicURL = try ServeCommand.publicURL(context)
            let store = try context.openStore()
            let password = try store.addAppPassword(username: name, device: device)
            let account = try store.user(named: name).username
            // The password last, alone on its line, where scripts read it.
            context.console.print(publicURL.map { context.catalogue.deviceConnection(address: DeviceAddress.cardDAV(site: $0), account: account) }
                                  ?? context.catalogue.deviceConnectionWithoutAddress(account: account))
            context.console.print(context.catalogue.appPasswordCreated(name, device: device, password: password))
        },
        Command(words: ["user", "app-password", "list"], summary: "List a user's app passwords, with their last use.",
                usage: "user app-password list NAME", options: []) { context in
            let name = try context.arguments.positionals("NAME")[0]
            let passwords = try context.openStore().appPasswords(username: name)
            let format = ISO8601DateFormatter()
            context.console.print(passwords.isEmpty ? context.catalogue.noAppPasswords : passwords.map { entry in
                let identity = entry.lastClient?.userAgent.map { BrowserIdentity(userAgent: $0) }
                return context.catalogue.appPasswordEntry(entry.device, created: format.string(from: entry.createdAt),
                                                          lastUsed: entry.lastUsedAt.map(format.string(from:)),
                                                          client: entry.lastClient.map { _ in context.catalogue.deviceClient(identity?.browser, on: identity?.system) },
                                                          address: entry.lastClient?.address)
            }.joined(separator: "\n"))
        },
        Command(words: ["user", "app-password", "revoke"], summary: "Revoke the app password of a user's device.",
                usage: "user app-password revoke NAME DEVICE", options: []) { context in
            let (name, device) = try userAndDevice(context)
            try context.openStore().revokeAppPassword(username: name, device: device)
            context.console.print(context.catalogue.appPasswordRevoked(name, device: device))
        },
        Command(words: ["user", "phonetic-names"],
                summary: "Turn on or off adding pinyin phonetic names to Chinese names synced over CardDAV.",
                usage: "user phonetic-names NAME on|off", options: []) { context in
            let words = try context.arguments.positionals("NAME", "on|off")
            guard let on = ["on": true, "off": false][words[1]] else {
                throw UsageError { [given = words[1]] in $0.mustBeOneOf("phonetic-names", ["on", "off"], given: given) }
            }
            let store = try context.openStore()
            try store.setPhoneticNames(on, for: try store.user(named: words[0]))
            context.console.print(context.catalogue.phoneticNames(on, words[0]))
        },
        Command(words: ["user", "two-step", "status"], summary: "Print whether a user's two-step sign-in is on or off, and how many passkeys they have.",
                usage: "user two-step status NAME", options: []) { context in
            let name = try context.arguments.positionals("NAME")[0]
            context.console.print(try twoStepStatus(of: name, in: context.openStore()))
        },
        Command(words: ["user", "two-step", "off"],
                summary: "Turn off a user's two-step sign-in (a lost phone): deletes the recovery codes and signs them out everywhere.",
                usage: "user two-step off NAME", options: []) { context in
            let name = try context.arguments.positionals("NAME")[0]
            try context.openStore().turnOffTwoStep(username: name, endingSessions: true)
            context.console.print(context.catalogue.twoStepTurnedOff(name))
        },
    ]

    /// What `user two-step status` prints: `on` or `off`, then `passkeys: N` (a passkey signs in
    /// alone, whatever the second step).
    private static func twoStepStatus(of name: String, in store: ContactStore) throws -> String {
        (try store.twoStepIsOn(username: name) ? "on" : "off") + "\npasskeys: \(try store.passkeyCount(username: name))"
    }

    private static func userAndDevice(_ context: CommandContext) throws -> (String, String) {
        let words = try context.arguments.positionals("NAME", "DEVICE")
        return (words[0], words[1])
    }

    /// The password from the first line of stdin, or asked twice on the terminal.
    private static func readPassword(_ context: CommandContext) throws -> String {
        let console = context.console
        if context.arguments.has("--password-stdin") {
            guard let password = console.readLine() else { throw CommandFailure { $0.noPasswordOnStdin } }
            try ContactStore.validatePassword(password)
            return password
        }
        guard console.inputIsTerminal else {
            throw UsageError { $0.passwordNeedsStdin }
        }
        guard let password = console.readSecret(prompt: context.catalogue.passwordPrompt) else { throw CommandFailure { $0.noPasswordGiven } }
        try ContactStore.validatePassword(password)
        guard console.readSecret(prompt: context.catalogue.repeatPasswordPrompt) == password else {
            throw CommandFailure { $0.passwordsDiffer }
        }
        return password
    }
}
