import ContactsCore
import ContactsStore
import Wording

/// `contacts duplicates` and `contacts merge`: contacts that look like one person, and making
/// them one.
enum DuplicateCommands {
    private static let user = OptionSpec.value("--user")
    private static let region = OptionSpec.value("--region")
    private static let regionNote = """
        --region is the country numbers without a country code are dialled in (\(PhoneRegion.all.map(\.code).joined(separator: ", "))); \
        by default CN when the interface speaks Chinese, else US.
        """

    static let all: [Command] = [
        Command(words: ["duplicates"], summary: "List the contacts that look like one person, and why.",
                usage: "duplicates --user U [--region CC] [--json] [--not-duplicates ID ID...]",
                options: [user, region, .flag("--json"), .flag("--not-duplicates")],
                notes: """
                    Contacts look like one person with the same phone number however written, the same email, or the same \
                    name in any form (张三, 張三, Zhang San, San Zhang); near names beside a shared number are marked too. \
                    --not-duplicates ID ID... remembers that those contacts are different people.
                    """ + "\n" + regionNote) { context in
            let (store, scope) = try context.openAddressBook()
            if context.arguments.has("--not-duplicates") {
                try store.dismissDuplicates(try ids(context), in: scope)
                return
            }
            _ = try context.arguments.positionals()
            let found = try store.duplicates(in: scope, region: try phoneRegion(context))
            let groups = try found.map { suggestion in
                (reasons: suggestion.reasons, contacts: try suggestion.ids.map { try store.contact(id: $0, in: scope) })
            }
            if context.arguments.has("--json") {
                context.console.print(try ContactOutput.encode(groups.map { JSONSuggestion(reasons: $0.reasons, contacts: $0.contacts) }))
                return
            }
            context.console.print(groups.isEmpty ? context.catalogue.noDuplicates : groups.map { group in
                ([group.reasons.map(context.catalogue.duplicateReason).joined(separator: "; ")]
                    + group.contacts.map(ContactOutput.row)).joined(separator: "\n")
            }.joined(separator: "\n\n"))
        },
        Command(words: ["merge"], summary: "Merge contacts that are one person into the first ID; the others go to the trash.",
                usage: "merge --user U ID ID... [--name-from ID] [--photo-from ID] [--region CC] | merge --user U --undo ID",
                options: [user, region, .value("--name-from"), .value("--photo-from"), .flag("--undo")],
                notes: """
                    The merged contact keeps every phone, email, address, note, category and other vCard property of them \
                    all, each once; its name is the one of --name-from (default: the first ID) and its photo the one of \
                    --photo-from (default: the first there is). --undo ID takes back the last merge into ID: the contact is \
                    as it was and the others come back from the trash.
                    """ + "\n" + regionNote) { context in
            let (store, scope) = try context.openAddressBook()
            if context.arguments.has("--undo") {
                let undone = try store.undoMerge(into: try context.contactID(), in: scope)
                context.console.print(ContactOutput.row(undone))
                return
            }
            let merged = try store.mergeContacts(try ids(context), nameFrom: try contactID(context, "--name-from"),
                                                 photoFrom: try contactID(context, "--photo-from"),
                                                 region: try phoneRegion(context), in: scope)
            context.console.print(context.catalogue.merged(merged.trashed.count + 1, into: merged.contact.details.name))
            context.console.print(ContactOutput.row(merged.contact))
        },
    ]

    /// The positional contact ids, two or more.
    private static func ids(_ context: CommandContext) throws -> [Int64] {
        let words = context.arguments.positionals
        guard words.count >= 2 else { throw UsageError { $0.missingArgument("ID ID...") } }
        return try words.map(CommandContext.contactID)
    }

    private static func contactID(_ context: CommandContext, _ option: String) throws -> Int64? {
        try context.arguments.value(option).map(CommandContext.contactID)
    }

    private static func phoneRegion(_ context: CommandContext) throws -> PhoneRegion {
        guard let code = context.arguments.value("--region") else {
            return CommandLineTool.language(of: context.environment).phoneRegion
        }
        guard let region = PhoneRegion(code: code) else {
            throw UsageError { $0.mustBeOneOf("--region", PhoneRegion.all.map(\.code), given: code) }
        }
        return region
    }

    /// One suggestion: why, and the contacts in full.
    private struct JSONSuggestion: Encodable {
        let reasons: [JSONReason]
        let contacts: [ContactOutput.JSONContact]

        init(reasons: [DuplicateReason], contacts: [Contact]) {
            self.reasons = reasons.map(JSONReason.init)
            self.contacts = contacts.map { ContactOutput.JSONContact($0) }
        }
    }

    /// A reason as `{"kind": "name" | "phone" | "email" | "handle" | "similar-name", "value": …}`.
    private struct JSONReason: Encodable {
        let kind: String
        let value: String?

        init(_ reason: DuplicateReason) {
            switch reason {
            case .sameName: (kind, value) = ("name", nil)
            case .samePhone(let number): (kind, value) = ("phone", number)
            case .sameEmail(let address): (kind, value) = ("email", address)
            case .sameHandle(let service, let handle): (kind, value) = ("handle", service + ":" + handle)
            case .similarName: (kind, value) = ("similar-name", nil)
            }
        }
    }
}
