import ContactsStore
import Foundation

/// English: a contact's history, Undo changes and the mass-deletion banner.
extension EnglishCatalogue {
    var history: String { "History" }

    func changeName(_ change: ContactVersion.Change) -> String {
        switch change {
        case .created: "Created"
        case .changed: "Changed"
        case .deleted: "Deleted"
        case .restored: "Restored"
        case .merged: "Merged"
        case .moved: "Moved"
        }
    }

    var historyStart: String { "As it was when its history began" }
    var currentVersion: String { "Current" }
    var restoreThisVersion: String { "Restore this version" }
    func restoreVersionMessage(_ time: String) -> String {
        "The contact will be as it was on \(time). What it is now stays in its history."
    }
    var versionLeftBook: String { "Moved to another address book" }

    func fieldAdded(_ label: String, _ value: String?) -> String { "\(label) added" + (value.map { ": \($0)" } ?? "") }
    func fieldRemoved(_ label: String, _ value: String?) -> String { "\(label) removed" + (value.map { ": \($0)" } ?? "") }
    func fieldChanged(_ label: String, from old: String, to new: String) -> String { "\(label): \(old) → \(new)" }
    func fieldEdited(_ label: String) -> String { "\(label) changed" }
    var otherDetailsChanged: String { "Other details changed" }
    var photoName: String { "Photo" }

    func browser(_ name: String?, on system: String?) -> String {
        switch (name, system) {
        case let (name?, system?): "\(name) on \(system)"
        case let (name?, nil): name
        case let (nil, system?): "a browser on \(system)"
        case (nil, nil): "a browser"
        }
    }
    var commandLine: String { "the command line" }
    var cardDAVClient: String { "a CardDAV client" }
    var theServer: String { "the server" }

    func momentInUTC(_ date: Date) -> String { inUTC("MMM d, yyyy, HH:mm 'UTC'", date) }
    func timeInUTC(_ date: Date) -> String { inUTC("HH:mm 'UTC'", date) }

    var undoChanges: String { "Undo changes" }
    var undoChangesNote: String {
        "Your contacts go back to how they were at the time you choose. What changed since stays in each contact's history, so this too can be undone."
    }
    func undoChoice(secondsAgo seconds: Int) -> String {
        switch seconds {
        case 86_400: "Yesterday"
        case 604_800: "1 week ago"
        case ..<3_600: seconds / 60 == 1 ? "1 minute ago" : "\(seconds / 60) minutes ago"
        case ..<86_400: seconds / 3_600 == 1 ? "1 hour ago" : "\(seconds / 3_600) hours ago"
        default: "\(seconds / 86_400) days ago"
        }
    }
    var chosenTime: String { "Date and time" }
    var continueButton: String { "Continue" }
    var timeReadAsUTC: String { "Without JavaScript the time is read as UTC." }
    func undoTo(_ time: String) -> String { "Back to \(time)" }

    func rewindPreview(broughtBack: Int, setBack: Int, removed: Int) -> String {
        // The first part names the contacts; the rest leave the noun out.
        let parts = [(broughtBack, "brings back", "deleted"), (setBack, "sets back", "changed"), (removed, "removes", "added since")]
            .filter { $0.0 > 0 }.enumerated().map { index, part in
                let (count, verb, kind) = part
                guard index == 0 else { return "\(verb) \(count) \(kind)" }
                let noun = count == 1 ? "contact" : "contacts"
                return kind == "added since" ? "\(verb) \(count) \(noun) \(kind)" : "\(verb) \(count) \(kind) \(noun)"
            }
        guard let last = parts.last else { return nothingToUndoSince }
        let listed = parts.count == 1 ? last : parts.dropLast().joined(separator: ", ") + " and " + last
        return "This \(listed)."
    }
    var nothingToUndoSince: String { "Nothing has changed since then: there is nothing to undo." }
    func changesUndone(to time: String) -> String { "Your contacts are back as they were at \(time)." }

    func massDeletion(by name: String, isDevice: Bool, count: Int, at time: String) -> String {
        let who = isDevice ? "Your \(name)" : name.prefix(1).uppercased() + name.dropFirst()
        return "\(who) deleted \(count == 1 ? "1 contact" : "\(count) contacts") at \(time)."
    }
    var dismiss: String { "Dismiss" }
}
