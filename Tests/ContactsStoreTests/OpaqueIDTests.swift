import ContactsCore
import Testing
@testable import ContactsStore

/// Contact and group ids say nothing of other accounts: one counter numbers them all, and the
/// ids are that number passed through a permutation under the installation's secret.
@Suite struct OpaqueIDTests {
    let fixture = try! TwoUserStore()

    @Test func anAccountCannotCountWhatAnotherAddedBetweenTwoOfItsContacts() throws {
        let store = fixture.store
        let before = try store.addContact(TwoUserStore.details("Before"), to: fixture.aliceBook).id
        let cards = (0..<2_000).map { ImportedCard(uid: "bob-\($0)", details: TwoUserStore.details("Bob \($0)")) }
        let bobs = try store.importCards(cards, into: fixture.bobBook, onConflict: .update).compactMap { outcome -> Int64? in
            if case .imported(let id) = outcome { return id }
            return nil
        }
        let after = try store.addContact(TwoUserStore.details("After"), to: fixture.aliceBook).id
        #expect(bobs.count == 2_000)
        #expect(after - before != 2_001, "the ids are not the counter's numbers")
        let all = [before, after] + bobs
        #expect(Set(all).count == all.count, "never one id for two contacts")
        #expect(all.allSatisfy { $0 >= OpaqueIDs.first && $0 < OpaqueIDs.first + (1 << OpaqueIDs.bits) })
        // Sorted by id, Bob's contacts are no longer in the order the counter numbered them.
        #expect(bobs.sorted() != bobs)
        let group = try store.createGroup(named: "Friends", in: fixture.aliceBook)
        #expect(group.id >= OpaqueIDs.first && !all.contains(group.id))
    }

    @Test func anotherInstallationsIdsAreOthers() throws {
        let other = try TwoUserStore()
        let ours = try fixture.store.addContact(TwoUserStore.details("One"), to: fixture.aliceBook).id
        let theirs = try other.store.addContact(TwoUserStore.details("One"), to: other.aliceBook).id
        #expect(ours != theirs, "the same counter number under another secret")
    }

    @Test func theCountersLastNumberIsRefusedNotReused() throws {
        try fixture.store.queue.write(.database) { db in
            let last = (Int64(1) << OpaqueIDs.bits) - 2
            switch db.dialect {
            case .sqlite: try db.run("UPDATE counters SET value = ? WHERE name = 'contact_id'", last)
            case .postgresql: try db.run("SELECT setval('counter_contact_id', ?)", last)
            }
        }
        _ = try fixture.store.addContact(TwoUserStore.details("Last"), to: fixture.aliceBook)
        #expect(throws: StoreError.self) { try fixture.store.addContact(TwoUserStore.details("One Too Many"), to: fixture.aliceBook) }
    }
}
