import ContactsCore
import ContactsStore
import Foundation
import StoreOpening

/// CardDAV PUTs of cards with many CATEGORIES, each name new to the book (so each makes a
/// group card), in the store at `location`, printed as medians for each count: a new card, then
/// the same card PUT again with every category replaced (it leaves as many groups as it joins).
/// The work is linear when the time per category stays about the same as the count grows. A
/// count past `ContactDetails.Limits.groups` is refused before any write: its time is that of
/// the refusal, which must stay small however many categories the card names.
func categoriesBenchmark(location: StoreLocation, counts: [Int], runs: Int) throws {
    let store = try ContactStore(at: location)
    print("\ncategories: PUT of one card with N new CATEGORIES (each makes a group card; past "
          + "\(ContactDetails.Limits.groups) refused), median of \(runs) runs")
    for count in counts {
        var created: [Double] = []
        var replaced: [Double] = []
        for run in 0..<runs {
            let user = try store.createUser(username: "categories\(count)x\(run)", password: "bench password")
            let book = try store.defaultAddressBook(for: user)
            let uid = UUID().uuidString
            /// The time of a PUT of the card with `count` categories named after `round`.
            func put(_ round: String) throws -> Double {
                var details = ContactDetails(name: "Many Groups")
                details.changeCategories(adding: (0..<count).map { "\(round) \($0)" }, removing: [])
                return try seconds {
                    do {
                        _ = try store.putCard(href: uid + ".vcf", uid: uid, details: details, in: book, precondition: .none)
                    } catch StoreError.invalid(.tooMany(field: .groups, limit: _)) where count > ContactDetails.Limits.groups {}
                }
            }
            created.append(try put("A"))
            replaced.append(try put("B"))
        }
        let outcome = count > ContactDetails.Limits.groups ? "refused" : "stored"
        for (label, times) in [("new card", created), ("replaced", replaced)] {
            let median = percentile(times, 0.5)
            print(String(format: "%6d categories, %@, %@: median %@ (%.3f ms per category)", count, label, outcome, milliseconds(median),
                         median * 1000 / Double(count)))
        }
    }
}
