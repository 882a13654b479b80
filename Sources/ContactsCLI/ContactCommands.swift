import ContactsCore
import ContactsStore
import Wording

/// `contacts add|list|show|edit|delete|trash|restore|search`: one user's contacts.
enum ContactCommands {
    private static let user = OptionSpec.value("--user")
    private static let json = OptionSpec.flag("--json")
    private static let book = OptionSpec.value("--book")

    static let all: [Command] = [
        Command(words: ["add"], summary: "Add a contact and print its id.",
                usage: "add --user U [--book NAME] [--name N] " + ContactOptions.usage + " [--group G ...]",
                options: [user, book, .value("--group", repeatable: true)] + ContactOptions.specs,
                notes: ContactOptions.notes + "\n--group puts the contact in that group, made when the book has none of that name.") { context in
            _ = try context.arguments.positionals()
            let groups = try GroupCommands.names(context, "--group")
            let (store, scope) = try context.openAddressBook()
            var details = ContactDetails(name: "")
            try ContactOptions.apply(context.arguments, to: &details)
            details.changeCategories(adding: groups, removing: [])
            context.console.print(String(try store.addContact(details, to: scope).id))
        },
        Command(words: ["list"], summary: "List the contacts A–Z under their section letters.",
                usage: "list --user U [--book NAME] [--group G] [--json]", options: [user, book, json, .value("--group")]) { context in
            _ = try context.arguments.positionals()
            let (store, scope) = try context.openAddressBook()
            guard let name = context.arguments.value("--group") else { return try printList(try store.contacts(in: scope), context) }
            let group = try store.existingGroup(named: name, in: scope)
            try printList(try store.contacts(in: scope, group: group.id, limit: .max), context)
        },
        Command(words: ["search"], summary: "Find contacts by name, pinyin, initials, phone digits, email, company, title, handle, website or address.",
                usage: "search --user U [--book NAME] QUERY [--json]", options: [user, book, json]) { context in
            let query = try context.arguments.positionals("QUERY")[0]
            let (store, scope) = try context.openAddressBook()
            try printList(try store.search(query, in: scope), context)
        },
        Command(words: ["show"], summary: "Show every field of one contact.",
                usage: "show --user U [--book NAME] ID [--json]", options: [user, book, json]) { context in
            let id = try context.contactID()
            let (store, scope) = try context.openAddressBook()
            let contact = try store.contact(id: id, in: scope)
            context.console.print(context.arguments.has("--json")
                ? try ContactOutput.json([.init(contact)]) : ContactOutput.detail(contact))
        },
        Command(words: ["edit"], summary: "Change the given fields of a contact (--phone, --email… add to the lists, --remove-phone… take away).",
                usage: "edit --user U [--book NAME] ID [--name N] " + ContactOptions.usage
                    + " [--remove-phone [LABEL:]NUMBER ...] [--remove-email [LABEL:]ADDRESS ...] [--remove-address TEXT ...]"
                    + " [--remove-url URL ...] [--remove-im SERVICE:HANDLE ...] [--remove-social SERVICE:HANDLE ...]"
                    + " [--remove-date YYYY-MM-DD ...] [--remove-related NAME ...]"
                    + " [--no-photo] [--no-lunar-birthday] [--add-group G ...] [--remove-group G ...]",
                options: [user, book, .flag("--no-photo"), .flag("--no-lunar-birthday"), .value("--add-group", repeatable: true),
                          .value("--remove-group", repeatable: true)] + ContactOptions.specs + ContactOptions.removalSpecs,
                notes: ContactOptions.notes + "\n\n" + ContactOptions.editNotes) { context in
            let id = try context.contactID()
            guard !context.arguments.givenOptions.subtracting(["--user", "--book"]).isEmpty else {
                throw UsageError { $0.nothingToChange("edit") }
            }
            let (joining, leaving) = (try GroupCommands.names(context, "--add-group"), try GroupCommands.names(context, "--remove-group"))
            if context.arguments.has("--lunar-birthday") && context.arguments.has("--no-lunar-birthday") {
                throw UsageError { $0.notBoth("--lunar-birthday", "--no-lunar-birthday") }
            }
            let (store, scope) = try context.openAddressBook()
            _ = try store.modifyContact(id: id, in: scope) { details in
                try ContactOptions.apply(context.arguments, to: &details)
                if context.arguments.has("--no-photo") { details.photo = nil }
                if context.arguments.has("--no-lunar-birthday") { details.lunarBirthday = nil }
                details.changeCategories(adding: joining, removing: leaving)
            }
            context.console.print(context.catalogue.contactUpdated(id))
        },
        Command(words: ["delete"], summary: "Move a contact to the trash (restorable for 30 days).",
                usage: "delete --user U [--book NAME] ID", options: [user, book]) { context in
            let id = try context.contactID()
            let (store, scope) = try context.openAddressBook()
            try store.deleteContact(id: id, in: scope)
            context.console.print(context.catalogue.contactTrashed(id))
        },
        Command(words: ["trash"], summary: "List the contacts deleted in the last 30 days.",
                usage: "trash --user U [--book NAME] [--json]", options: [user, book, json]) { context in
            _ = try context.arguments.positionals()
            let (store, scope) = try context.openAddressBook()
            let trash = try store.trash(in: scope)
            if context.arguments.has("--json") {
                context.console.print(try ContactOutput.json(trash.map { .init($0.contact, deletedAt: $0.deletedAt) }))
            } else {
                context.console.print(trash.isEmpty ? context.catalogue.trashEmpty : trash.map { ContactOutput.row($0.contact) }.joined(separator: "\n"))
            }
        },
        Command(words: ["restore"], summary: "Bring a contact back from the trash.",
                usage: "restore --user U [--book NAME] ID", options: [user, book]) { context in
            let id = try context.contactID()
            let (store, scope) = try context.openAddressBook()
            _ = try store.restoreContact(id: id, in: scope)
            context.console.print(context.catalogue.contactRestored(id))
        },
    ]

    private static func printList(_ contacts: [Contact], _ context: CommandContext) throws {
        context.console.print(context.arguments.has("--json")
            ? try ContactOutput.json(contacts.map { .init($0) }) : ContactOutput.grouped(contacts, context.catalogue))
    }
}
