#if !MERGE_FUZZ
import ContactsCore
#endif
import Foundation
import VCard

/// What must hold for any cards, checked by the libFuzzer harness (`scripts/fuzz.sh merge`,
/// which compiles this file with the ContactsCore sources) and by the regression tests: a phone
/// number read in any region is `+` and digits or nothing; duplicate groups name each contact
/// once; merging keeps the chosen name (its line breaks as a card writes them) and every phone
/// and email, and merging the result with itself adds nothing.
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
                DuplicateCandidate(id: Int64(index + 1), name: details.name, phones: details.phones.map(\.number), emails: details.emails.map(\.address))
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

    private static func mergeProblems(_ contacts: [ContactDetails], region: PhoneRegion) -> [String] {
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
        let phone = { (number: String) in region.international(number) ?? number.filter { !$0.isWhitespace } }
        let kept = Set(merged.phones.map { phone($0.number) })
        for number in contacts.flatMap(\.phones).map(\.number) where !kept.contains(phone(number)) {
            problems.append("\(region.code): phone \(number.debugDescription) was lost")
        }
        let emails = Set(merged.emails.map { $0.address.trimmed.lowercased() })
        for email in contacts.flatMap(\.emails).map(\.address) where !emails.contains(email.trimmed.lowercased()) {
            problems.append("\(region.code): email \(email.debugDescription) was lost")
        }
        if let again = try? ContactMerge([merged, merged], region: region).merged(),
           again.phones.count != merged.phones.count || again.emails.count != merged.emails.count {
            problems.append("\(region.code): merging the result with itself changed its phones or emails")
        }
        return problems
    }
}
