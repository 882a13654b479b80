@testable import Accounts
import ContactsCore
import Foundation
@testable import ContactsStore
import StoreOpening

/// A store in a fresh directory with two users, alice and bob, on a clock the test moves.
struct TwoUserStore {
    let directory = TemporaryDirectory()
    let clock = TestClock()
    let store: ContactStore
    let alice: User
    let bob: User
    /// Their default address books.
    let aliceBook: AddressBookScope
    let bobBook: AddressBookScope

    init() throws {
        store = try directory.store(clock: clock.function)
        alice = try store.createUser(username: "alice", password: "password1")
        bob = try store.createUser(username: "bob", password: "password1")
        aliceBook = try store.defaultAddressBook(for: alice)
        bobBook = try store.defaultAddressBook(for: bob)
    }

    /// Details a card might carry: a name and, unless empty, one phone.
    static func details(_ name: String, phone: String = "138 0013 8000") -> ContactDetails {
        ContactDetails(name: name, phones: phone.isEmpty ? [] : [PhoneNumber(phone)])
    }

    /// PUTs a card without a precondition.
    @discardableResult
    func put(_ href: String, uid: String, name: String, in scope: AddressBookScope) throws -> ContactStore.StoredCard {
        try store.putCard(href: href, uid: uid, details: Self.details(name), in: scope, precondition: .none).card
    }

    /// The entity tag of the live card called `href`, from the cheap listing.
    func etag(_ href: String, in scope: AddressBookScope) throws -> String? {
        try store.cardList(in: scope).first { $0.href == href }?.etag
    }
}
