import ContactsStore
import Foundation
import StoreOpening
import Synchronization

/// Fills the empty store at `location` for the load test: accounts `load1`…`loadN`, all with
/// `password`, each with `cards` generated contacts in its default address book. The accounts
/// are made on `threads` threads at once (each password hash costs a core ~70 ms); every
/// account's contacts go in as one bulk insert. (The load test runs ANALYZE after it.)
func seedAccounts(at location: StoreLocation, accounts: Int, cards: Int, password: String, threads: Int) throws {
    let store = try ContactStore(at: location)
    let next = Atomic<Int>(0)
    let failure = Mutex<(any Error)?>(nil)
    let start = Date()
    DispatchQueue.concurrentPerform(iterations: max(threads, 1)) { thread in
        var sample = SampleData(seed: UInt64(thread + 1))
        while failure.withLock({ $0 == nil }) {
            let number = next.wrappingAdd(1, ordering: .relaxed).newValue
            guard number <= accounts else { return }
            do {
                let user = try store.createUser(username: "load\(number)", password: password)
                _ = try store.addContacts((0..<cards).map { _ in sample.nextContact() }, to: try store.defaultAddressBook(for: user))
            } catch {
                failure.withLock { $0 = $0 ?? error }
            }
            if number.isMultiple(of: 100) {
                print("\(number) accounts in \(Int(Date().timeIntervalSince(start))) s")
            }
        }
    }
    if let error = failure.withLock({ $0 }) { throw error }
    print("seeded \(accounts) accounts of \(cards) contacts in \(Int(Date().timeIntervalSince(start))) s")
}
