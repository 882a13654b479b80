#if !MERGE_FUZZ
import ContactsCore
#endif
import Foundation
import VCard

/// What must hold for any cards, checked by the libFuzzer harness (`scripts/fuzz.sh merge`,
/// which compiles this file with the ContactsCore sources) and by the regression tests: a phone
/// number read in any region is `+` and digits or nothing; duplicate groups name each contact
/// once; merging keeps the chosen name (its line breaks as a card writes them), every entry of
/// every field that holds any number of them and none twice (`EntryIdentity`), each single
/// value of the first contact that has one, and merging the result with itself adds nothing.
enum MergeFuzzOracle {
    static let regions = ["CN", "US"].compactMap { PhoneRegion(code: $0) }

    /// The invariants broken by `bytes` read as a vCard stream; empty when all hold.
    static func problems(in bytes: [UInt8]) -> [String] {
        var problems: [String] = []
        let contacts = Array(VCardReader(bytes: bytes).prefix(6).compactMap { result -> ContactDetails? in
            guard case .success(let card) = result else { return nil }
            return try? ContactDetails(card: card)
        })
        for region in regions {
            for phone in contacts.flatMap(\.phones) {
                if let number = region.international(phone.number),
                   !(number.hasPrefix("+") && number.dropFirst().allSatisfy { ("0"..."9").contains($0) }) {
                    problems.append("\(region.code) read \(phone.number.debugDescription) as \(number)")
                }
            }
            let candidates = contacts.enumerated().map { index, details in
                DuplicateCandidate(id: Int64(index + 1), name: details.name, phones: details.phones.map(\.number),
                                   emails: details.emails.map(\.address), handles: details.instantMessages)
            }
            let ids = DuplicateFinder(region: region).suggestions(among: candidates).flatMap { suggestion in
                if suggestion.ids.count < 2 || suggestion.reasons.isEmpty { problems.append("a group of one or without a reason") }
                return suggestion.ids
            }
            if Set(ids).count != ids.count || !ids.allSatisfy({ (1...Int64(contacts.count)).contains($0) }) {
                problems.append("groups name a contact twice or one that is not there: \(ids)")
            }
            guard contacts.count >= 2 else { continue }
            problems += mergeProblems(contacts, region: region)
        }
        return problems
    }

    /// The entries of each field that holds any number of them, by field, as `identity` tells them apart.
    static func entryKeys(_ details: ContactDetails, _ identity: EntryIdentity) -> [(field: String, keys: [String])] {
        [("phones", details.phones.map(identity.key)), ("emails", details.emails.map(identity.key)),
         ("addresses", details.addresses.map(identity.key)), ("urls", details.urls.map(identity.key)),
         ("instantMessages", details.instantMessages.map(identity.key)), ("socialProfiles", details.socialProfiles.map(identity.key)),
         ("dates", details.dates.map(identity.key)), ("relatedNames", details.relatedNames.map(identity.key))]
    }

    /// What merging `contacts` (the name from the last) breaks.
    static func mergeProblems(_ contacts: [ContactDetails], region: PhoneRegion) -> [String] {
        let chosen = contacts.count - 1
        guard let merged = try? ContactMerge(contacts, nameSource: chosen, region: region).merged() else {
            return ["\(region.code): the merge threw"]
        }
        var problems: [String] = []
        // A card's text has one line break, `\n`: a bare CR in a name is written as one.
        let lineBreaks = { (name: String) in name.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n") }
        if lineBreaks(merged.name) != lineBreaks(contacts[chosen].name) {
            problems.append("\(region.code): the name is \(merged.name.debugDescription), not \(contacts[chosen].name.debugDescription)")
        }
        let identity = EntryIdentity(region: region)
        let given = contacts.map { entryKeys($0, identity) }
        for (index, field) in entryKeys(merged, identity).enumerated() {
            let kept = Set(field.keys)
            if kept.count != field.keys.count { problems.append("\(region.code): an entry of \(field.field) is there twice") }
            // Past the limit a field holds, the entries stay lines of the card.
            guard field.keys.count < ContactDetails.Limits.entries else { continue }
            for key in given.flatMap({ $0[index].keys }) where !kept.contains(key) {
                problems.append("\(region.code): \(field.field) entry \(key.debugDescription) was lost")
            }
        }
        for field in [\ContactDetails.nickname, \.organization, \.department, \.jobTitle] {
            let first = contacts.lazy.map { $0[keyPath: field] }.first { !$0.isEmpty } ?? ""
            if merged[keyPath: field] != first {
                problems.append("\(region.code): \(field) is \(merged[keyPath: field].debugDescription), not \(first.debugDescription)")
            }
        }
        if let again = try? ContactMerge([merged, merged], region: region).merged(),
           entryKeys(again, identity).map(\.keys.count) != entryKeys(merged, identity).map(\.keys.count) {
            problems.append("\(region.code): merging the result with itself changed its entries")
        }
        return problems
    }
}
