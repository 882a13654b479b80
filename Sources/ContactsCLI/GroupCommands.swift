import ContactsCore
import ContactsStore
import Wording

/// `contacts group add|rename|delete|list`: one user's groups. A group is a label contacts carry
/// (their CATEGORIES) and a card of its own that Apple Contacts shows as a group.
enum GroupCommands {
    private static let user = OptionSpec.value("--user")

    static let all: [Command] = [
        Command(words: ["group", "add"], summary: "Make an empty group.",
                usage: "group add --user U NAME", options: [user]) { context in
            let name = try context.arguments.positionals("NAME")[0]
            let (store, scope) = try context.openAddressBook()
            context.console.print(context.catalogue.groupCreated(try store.createGroup(named: name, in: scope).name))
        },
        Command(words: ["group", "rename"], summary: "Rename a group, in each of its contacts too.",
                usage: "group rename --user U OLD NEW", options: [user]) { context in
            let names = try context.arguments.positionals("OLD", "NEW")
            let (store, scope) = try context.openAddressBook()
            let group = try store.existingGroup(named: names[0], in: scope)
            let renamed = try store.renameGroup(id: group.id, to: names[1], in: scope)
            context.console.print(context.catalogue.groupRenamed(group.name, to: renamed.name))
        },
        Command(words: ["group", "delete"], summary: "Delete a group; its contacts stay.",
                usage: "group delete --user U NAME", options: [user]) { context in
            let name = try context.arguments.positionals("NAME")[0]
            let (store, scope) = try context.openAddressBook()
            let group = try store.existingGroup(named: name, in: scope)
            try store.deleteGroup(id: group.id, in: scope)
            context.console.print(context.catalogue.groupDeleted(group.name))
        },
        Command(words: ["group", "list"], summary: "List the groups with how many contacts each holds.",
                usage: "group list --user U [--json]", options: [user, .flag("--json")]) { context in
            _ = try context.arguments.positionals()
            let (store, scope) = try context.openAddressBook()
            let groups = try store.groups(in: scope)
            if context.arguments.has("--json") {
                context.console.print(try ContactOutput.encode(groups.map { JSONGroup(name: $0.name, uid: $0.uid, count: $0.memberCount) }))
            } else {
                context.console.print(groups.isEmpty ? context.catalogue.noGroups
                    : groups.map { context.catalogue.groupEntry($0.name, members: $0.memberCount) }.joined(separator: "\n"))
            }
        },
    ]

    /// The group names given with `option`, as groups keep them; a usage error for one no group can have.
    static func names(_ context: CommandContext, _ option: String) throws -> [String] {
        try context.arguments.all(option).map { given in
            guard let name = ContactDetails.groupName(given) else {
                throw UsageError { $0.message(for: StoreError.invalidGroupName(given)) }
            }
            return name
        }
    }

    private struct JSONGroup: Encodable {
        let name: String
        let uid: String
        let count: Int
    }
}
