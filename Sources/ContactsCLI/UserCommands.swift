import ContactsStore

/// `contacts user …`: accounts and their passwords.
enum UserCommands {
    static let all: [Command] = [
        Command(words: ["user", "add"], summary: "Create a user (asks for the password without echo on a terminal).",
                usage: "user add NAME [--password-stdin]", options: [.flag("--password-stdin")]) { context in
            let name = try context.arguments.positionals("NAME")[0]
            let password = try readPassword(context)
            let user = try context.openStore().createUser(username: name, password: password)
            context.console.print("Created user \(user.username).")
        },
        Command(words: ["user", "list"], summary: "List the users.", usage: "user list", options: []) { context in
            _ = try context.arguments.positionals()
            let users = try context.openStore().users()
            context.console.print(users.isEmpty ? "No users." : users.map(\.username).joined(separator: "\n"))
        },
        Command(words: ["user", "passwd"], summary: "Set a user's password.",
                usage: "user passwd NAME [--password-stdin]", options: [.flag("--password-stdin")]) { context in
            let name = try context.arguments.positionals("NAME")[0]
            let store = try context.openStore()
            _ = try store.user(named: name)
            try store.changePassword(username: name, to: try readPassword(context))
            context.console.print("Password changed for \(name).")
        },
        Command(words: ["user", "delete"], summary: "Delete a user and all of their contacts.",
                usage: "user delete NAME", options: []) { context in
            let name = try context.arguments.positionals("NAME")[0]
            try context.openStore().deleteUser(username: name)
            context.console.print("Deleted user \(name).")
        },
    ]

    /// The password from the first line of stdin, or asked twice on the terminal.
    private static func readPassword(_ context: CommandContext) throws -> String {
        let console = context.console
        if context.arguments.has("--password-stdin") {
            guard let password = console.readLine() else { throw CommandFailure(message: "no password on standard input") }
            try PasswordHasher.validate(password)
            return password
        }
        guard console.inputIsTerminal else {
            throw UsageError(message: "standard input is not a terminal: pass the password with --password-stdin")
        }
        guard let password = console.readSecret(prompt: "Password: ") else { throw CommandFailure(message: "no password given") }
        try PasswordHasher.validate(password)
        guard console.readSecret(prompt: "Repeat password: ") == password else {
            throw CommandFailure(message: "the passwords do not match")
        }
        return password
    }
}
