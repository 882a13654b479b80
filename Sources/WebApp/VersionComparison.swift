import ContactsCore
import Wording

/// What changed in a contact from one version to the next, field by field and in the person's
/// language ("Phone added: 138…", "Note changed", "Name: A → B"): the contact form's fields
/// (`FormField.all`), each repeated entry on its own, then the photo and the groups.
enum VersionComparison {
    /// Values longer than this, or of more than one line, are only said to have changed.
    static let longestShownValue = 80

    /// The lines for `new` against `old` (nil: the contact's first version, compared with nothing).
    static func lines(from old: ContactDetails?, to new: ContactDetails, strings: any Catalogue) -> [String] {
        let old = old ?? ContactDetails(name: "")
        var lines: [String] = []
        let nameChanged = old.name != new.name
        for field in FormField.all {
            // A name's parts and reading follow the name: a new name says enough.
            if nameChanged, ["nameParts", "phoneticName"].contains(field.id) { continue }
            if let kind = field.entries {
                lines += entryLines(kind, from: old, to: new, strings: strings)
            } else if field.text(old) != field.text(new) {
                let (label, before) = field.shown(strings, old)
                lines.append(line(label, from: field.text(old).isEmpty ? nil : before,
                                  to: field.text(new).isEmpty ? nil : field.shown(strings, new).value, strings: strings))
            }
        }
        switch (old.photo, new.photo) {
        case (nil, .some): lines.append(strings.fieldAdded(strings.photoName, nil))
        case (.some, nil): lines.append(strings.fieldRemoved(strings.photoName, nil))
        case let (before?, after?) where before != after: lines.append(strings.fieldEdited(strings.photoName))
        default: break
        }
        let (oldGroups, newGroups) = (old.groupFacts.categories, new.groupFacts.categories)
        if oldGroups != newGroups {
            lines.append(line(strings.groups, from: oldGroups.isEmpty ? nil : oldGroups.joined(separator: ", "),
                              to: newGroups.isEmpty ? nil : newGroups.joined(separator: ", "), strings: strings))
        }
        if lines.isEmpty, !sameIgnoringPhoto(old, new) { lines.append(strings.otherDetailsChanged) }
        return lines
    }

    /// A kind's entries added and removed; one taking the place of one, as a change.
    private static func entryLines(_ kind: FormEntryKind, from old: ContactDetails, to new: ContactDetails,
                                   strings: any Catalogue) -> [String] {
        var removed = kind.rows(old)
        var added: [EntryRow] = []
        for row in kind.rows(new) {
            if let index = removed.firstIndex(of: row) { removed.remove(at: index) } else { added.append(row) }
        }
        let label = kind.title(strings)
        if removed.count == 1, added.count == 1 {
            return [line(label, from: kind.shown(removed[0], strings: strings), to: kind.shown(added[0], strings: strings), strings: strings)]
        }
        return removed.map { strings.fieldRemoved(label, shortened(kind.shown($0, strings: strings))) }
            + added.map { strings.fieldAdded(label, shortened(kind.shown($0, strings: strings))) }
    }

    /// A field added, removed or changed; a long value only said to have changed.
    private static func line(_ label: String, from old: String?, to new: String?, strings: any Catalogue) -> String {
        switch (old, new) {
        case let (nil, new?): strings.fieldAdded(label, shortened(new))
        case let (old?, nil): strings.fieldRemoved(label, shortened(old))
        case let (old?, new?):
            isLong(old) || isLong(new) ? strings.fieldEdited(label) : strings.fieldChanged(label, from: old, to: new)
        case (nil, nil): strings.fieldEdited(label)
        }
    }

    /// A value as an added or removed line shows it: nil (the label alone) when it is long.
    private static func shortened(_ value: String) -> String? { isLong(value) ? nil : value }

    private static func isLong(_ value: String) -> Bool {
        value.count > longestShownValue || value.contains(where: \.isNewline)
    }

    private static func sameIgnoringPhoto(_ old: ContactDetails, _ new: ContactDetails) -> Bool {
        var (old, new) = (old, new)
        old.photo = nil
        new.photo = nil
        return old == new
    }
}
