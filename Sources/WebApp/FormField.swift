import ContactsCore
import ContactsStore
import Foundation
import Wording

/// One field of the contact form, for merging a save that started from an older version of the
/// contact with what changed since: a three-way merge against the version the form was opened at,
/// whose fields the form carries as text (`snapshot`).
struct FormField {
    let id: String
    /// The field's value as text that does not depend on the language, for comparing versions.
    let text: (ContactDetails) -> String
    /// Sets the field of the second version to the first's.
    let copy: (ContactDetails, inout ContactDetails) -> Void
    /// The field's label and a version's value, as the page shows them.
    let shown: (any Catalogue, ContactDetails) -> (label: String, value: String)
    /// The kind of repeated entry the field is, when it is one.
    let entries: FormEntryKind?

    private init<Value>(_ id: String, _ field: WritableKeyPath<ContactDetails, Value>,
                        label: @escaping (any Catalogue) -> String, text: @escaping (Value) -> String,
                        shown: ((any Catalogue, Value) -> String)? = nil) {
        self.id = id
        self.text = { text($0[keyPath: field]) }
        copy = { source, target in target[keyPath: field] = source[keyPath: field] }
        self.shown = { strings, details in
            let value = shown.map { $0(strings, details[keyPath: field]) } ?? text(details[keyPath: field])
            return (label(strings), value.isEmpty ? "—" : value)
        }
        entries = nil
    }

    /// A kind of repeated entry as one field: all its entries with their labels.
    private init(_ kind: FormEntryKind) {
        id = kind.id + "s"
        text = kind.text
        copy = kind.copy
        shown = { strings, details in
            let value = kind.shown(details, strings: strings)
            return (kind.title(strings), value.isEmpty ? "—" : value)
        }
        entries = kind
    }

    /// The form's fields, in its order.
    static var all: [FormField] {
        [
            FormField("name", \.name, label: \.name, text: { $0 }),
            FormField("nameParts", \.nameParts, label: \.moreNameFields, text: { tabbed($0.all) }, shown: { spaced($1.all) }),
            FormField("phoneticName", \.phoneticName, label: \.phoneticGivenName, text: { tabbed($0.all) },
                      shown: { spaced($1.all) }),
            FormField("nickname", \.nickname, label: \.nickname, text: { $0 }),
            FormField("organization", \.organization, label: \.organization, text: { $0 }),
            FormField("department", \.department, label: \.department, text: { $0 }),
            FormField("jobTitle", \.jobTitle, label: \.jobTitle, text: { $0 }),
            FormField("isCompany", \.isCompany, label: \.companyContact, text: { $0 ? "1" : "" },
                      shown: { strings, on in on ? strings.companyContact : "" }),
        ] + FormEntryKind.all.map(FormField.init) + [
            FormField("sex", \.sex, label: \.sex, text: \.rawValue, shown: { $0.sexName($1) }),
            FormField("age", \.age, label: \.age, text: { $0.map(String.init) ?? "" }),
            FormField("birthday", \.birthday, label: \.birthday, text: { $0?.description ?? "" }),
            FormField("lunarBirthday", \.lunarBirthday, label: \.lunarBirthday, text: { $0?.description ?? "" },
                      shown: { strings, date in date.map { strings.lunarBirthdaySummary($0, next: nil) } ?? "" }),
            FormField("note", \.note, label: \.note, text: { $0 }),
        ]
    }

    /// Parts as text that tells them apart, and as shown (the given ones, spaced).
    private static func tabbed(_ parts: [String]) -> String { parts.joined(separator: "\t") }
    private static func spaced(_ parts: [String]) -> String { parts.filter { !$0.isEmpty }.joined(separator: " ") }

    /// The form's fields of a version, as JSON text: what the form carries of the version it was
    /// opened at.
    static func snapshot(_ details: ContactDetails) -> String {
        let fields = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0.text(details)) })
        let json = (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: json, as: UTF8.self)
    }

    /// Reads `snapshot`'s text; empty when it is not one.
    static func fields(ofSnapshot text: String) -> [String: String] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: String] ?? [:]
    }

    /// `mine` (the form's values) merged with `theirs` (the version now stored) against `base`
    /// (`snapshot` of the version the form was opened at): a field the form left as it was takes
    /// the stored value, one only the form changed keeps the form's, and one both changed, each
    /// differently, is a conflict (as is any field the base does not name), kept as the form has it.
    static func merge(mine: ContactDetails, theirs: ContactDetails, base: [String: String])
        -> (merged: ContactDetails, conflicts: [FormField]) {
        var merged = mine
        var conflicts: [FormField] = []
        for field in all {
            let (mineText, theirText) = (field.text(mine), field.text(theirs))
            guard mineText != theirText else { continue }
            guard let baseText = base[field.id] else {
                conflicts.append(field)
                continue
            }
            if mineText == baseText {
                field.copy(theirs, &merged)
            } else if theirText != baseText {
                conflicts.append(field)
            }
        }
        return (merged, conflicts)
    }
}

extension NameParts {
    /// Prefix, given, middle, family and suffix, in that order.
    var all: [String] { [prefix, given, middle, family, suffix] }
}

extension PhoneticName {
    /// Given, middle and family, in that order.
    var all: [String] { [given, middle, family] }
}
