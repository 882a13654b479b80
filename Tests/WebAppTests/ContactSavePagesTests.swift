import ContactsCore
import ContactsStore
import Foundation
import Testing
import TestSupport

/// Saving the add and edit forms: what is written (the photo only when the form changes it) and
/// how much the store works for it, counted in transactions and statements, so that a save that
/// starts doing more shows here.
@Suite struct ContactSavePagesTests {
    /// What the history adds to every write: the book's last change read first, then the
    /// versions and photos kept, the versions replaced marked, and two prunings.
    static let historyStatements = 6
    /// The most statements one save of the edit form runs, all transactions of the request
    /// counted (the session's and the book's lookups included).
    static let mostStatementsPerSave = 7 + historyStatements
    /// One more for a save that adds, replaces or removes the photo.
    static let mostStatementsPerSaveWithPhoto = mostStatementsPerSave + 1
    /// The most one new contact with a photo runs: its id (and the key it is drawn with) and
    /// change number reserved, the change log, the row, the photo, the groups checked and the
    /// book's count moved.
    static let mostStatementsPerNewContactWithPhoto = 10 + historyStatements

    static let photo = try! Photo(data: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])
    static let otherPhoto = try! Photo(data: [0xFF, 0xD8, 0xFF, 0xE0, 4, 5, 6, 7])

    let log = StatementLog()
    let app: RunningApp
    let alice: WebSession
    let scope: AddressBookScope
    let id: Int64

    init() throws {
        app = try RunningApp(log: log)
        alice = try app.aliceBesideBob(on: "/contacts/new")
        scope = try app.store.defaultAddressBook(for: try app.store.user(named: "alice"))
        id = try app.store.addContact(.init(name: "李四", phones: [.init("138 0013 8000")], photo: Self.photo), to: scope).id
    }

    /// The edit form as served, with `changes` made to it.
    private func form(_ changes: [String: String]) -> [(String, String)] {
        let served = ["name": "李四", "phone": "138 0013 8000", "phone_label": "mobile", "sex": "unset"]
        return served.merging(changes) { $1 }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Posts `fields` (and `photo` as the chosen file) to `path`, recording the store's transactions.
    private func post(_ path: String, _ fields: [(String, String)], photo: Photo? = nil)
        throws -> (reply: WebSession.Reply, transactions: [StatementLog.Transaction]) {
        let file = NSTemporaryDirectory() + UUID().uuidString + ".img"
        defer { try? FileManager.default.removeItem(atPath: file) }
        if let photo { try Data(photo.data).write(to: URL(fileURLWithPath: file)) }
        var reply: WebSession.Reply?
        let transactions = try log.transactions {
            reply = try alice.postMultipart(path, fields, files: photo == nil ? [] : [("photo", file)])
        }
        return (try #require(reply), transactions)
    }

    /// Saves the contact's edit form, opened now, with `changes` made to it, to where the form sends it.
    private func saveEdit(_ changes: [String: String], photo: Photo? = nil)
        throws -> (reply: WebSession.Reply, transactions: [StatementLog.Transaction]) {
        let page = try alice.get("/contacts/\(id)/edit").body
        return try post(try Self.action(of: page), form(changes) + WebSession.versionFields(page), photo: photo)
    }

    /// Where a page's contact form is sent.
    static func action(of page: String) throws -> String {
        let action = try #require(page.firstMatch(of: #/id="contact-form" class="contact-form" method="post" action="([^"]*)"/#)?.output.1)
        return action.replacingOccurrences(of: "&amp;", with: "&")
    }

    private func stored() throws -> Contact { try app.store.contact(id: id, in: scope) }

    @Test func anEditThatLeavesThePhotoKeepsItsBytesAndWritesNothingToPhotos() throws {
        let (reply, transactions) = try saveEdit(["name": "李思", "note": "老同学"])
        #expect(reply.status == 303 && reply.header("Location") == "/contacts/\(id)")
        #expect(try stored().details.name == "李思" && stored().details.note == "老同学")
        #expect(try stored().details.photo == Self.photo && stored().hasPhoto)
        #expect(transactions.statements.writing("photos").isEmpty, "\(transactions.statements)")
        #expect(transactions.writes.count == 1 && transactions.reads.count <= 2)
        #expect(transactions.statements.count <= Self.mostStatementsPerSave, "\(transactions.statements)")
    }

    @Test func aChosenPhotoReplacesTheStoredOne() throws {
        let (reply, transactions) = try saveEdit([:], photo: Self.otherPhoto)
        #expect(reply.status == 303)
        #expect(try stored().details.photo == Self.otherPhoto)
        #expect(transactions.statements.writing("photos").count == 1)
        #expect(transactions.writes.count == 1 && transactions.reads.count <= 2)
        #expect(transactions.statements.count <= Self.mostStatementsPerSaveWithPhoto, "\(transactions.statements)")
    }

    @Test func removingThePhotoDeletesIt() throws {
        let (reply, transactions) = try saveEdit(["remove_photo": "on"])
        #expect(reply.status == 303)
        #expect(try stored().details.photo == nil && !stored().hasPhoto)
        #expect(try app.store.photo(ofContact: id, in: scope) == nil)
        #expect(transactions.statements.writing("photos").count == 1)
        #expect(transactions.statements.count <= Self.mostStatementsPerSaveWithPhoto, "\(transactions.statements)")
    }

    @Test func aNewContactWithAPhotoIsOneWriteAndNoReadBack() throws {
        try alice.get("/contacts/new")
        let (reply, transactions) = try post("/contacts", form(["name": "王五"]), photo: Self.otherPhoto)
        #expect(reply.status == 303)
        let added = try #require(try app.store.contacts(in: scope).first { $0.details.name == "王五" })
        #expect(try app.store.photo(ofContact: added.id, in: scope) == Self.otherPhoto)
        #expect(transactions.writes.count == 1 && transactions.reads.count <= 2)
        #expect(transactions.statements.count <= Self.mostStatementsPerNewContactWithPhoto, "\(transactions.statements)")
    }

    @Test func anInvalidEditIsShownAgainWithTheInputAndNothingWritten() throws {
        let (reply, transactions) = try saveEdit(["name": "李思", "age": "200"])
        #expect(reply.status == 422 && reply.body.contains("Age must be 0–150"))
        #expect(reply.body.contains(#"value="李思""#) && reply.body.contains(#"id="remove-photo""#))
        #expect(try stored().details.name == "李四" && stored().details.photo == Self.photo)
        #expect(transactions.statements.allSatisfy { $0.hasPrefix("SELECT") }, "\(transactions.statements)")
    }

    @Test func anEditOverAChangeMadeElsewhereToTheSameFieldIsRefusedAndKeepsThePhoto() throws {
        let opened = try alice.openEditForm(id)
        _ = try app.store.modifyContact(id: id, in: scope) { $0.note = "from the phone" }
        let refused = try alice.postMultipart("/contacts/\(id)", form(["note": "from the web"]) + opened)
        #expect(refused.status == 409 && refused.body.contains("The other version has Note: from the phone<"))
        #expect(try stored().details.note == "from the phone" && stored().details.photo == Self.photo)

        let merged = try alice.postMultipart("/contacts/\(id)", form(["name": "李思"]) + opened)
        #expect(merged.status == 303, "a change to another field is merged")
        #expect(try stored().details.name == "李思" && stored().details.note == "from the phone")
        #expect(try stored().details.photo == Self.photo)
    }

    @Test func aContactInAnotherBookIsSavedThereWithTheBookLookedUpOnce() throws {
        let work = try app.store.createAddressBook(named: "work", displayName: "Work", for: try app.store.user(named: "alice"))
        let colleague = try app.store.addContact(.init(name: "Anna", phones: [.init("1")]), to: work.scope).id
        let page = try alice.get("/contacts/\(colleague)/edit").body
        let action = try Self.action(of: page)
        #expect(action == "/contacts/\(colleague)?book=work")
        let (reply, transactions) = try post(action, [("name", "Anna B."), ("phone", "1")] + WebSession.versionFields(page))
        #expect(reply.status == 303)
        #expect(transactions.statements.count <= Self.mostStatementsPerSave, "\(transactions.statements)")

        // A form sent without its book is saved in the book that holds the contact.
        let again = try alice.get("/contacts/\(colleague)/edit").body
        #expect(try alice.postMultipart("/contacts/\(colleague)", [("name", "Anna C."), ("phone", "1")] + WebSession.versionFields(again))
            .status == 303)
        #expect(try app.store.contact(id: colleague, in: work.scope).details.name == "Anna C.")
    }

    @Test func aShareNarrowedToReadOnlySinceTheFormWasOpenedRefusesTheSave() throws {
        let bob = try app.store.user(named: "bob")
        let bobs = try app.store.defaultAddressBook(for: bob)
        let theirs = try app.store.addContact(.init(name: "Anna", phones: [.init("1")]), to: bobs).id
        try app.store.share(bobs, with: "alice", access: .readWrite)
        let page = try alice.get("/contacts/\(theirs)/edit").body
        let (action, opened) = (try Self.action(of: page), try WebSession.versionFields(page))
        try app.store.share(bobs, with: "alice", access: .readOnly)
        let refused = try alice.postMultipart(action, [("name", "Anna B."), ("phone", "1")] + opened)
        #expect(refused.status == 403)
        #expect(try app.store.contact(id: theirs, in: bobs).details.name == "Anna")

        try app.store.share(bobs, with: "alice", access: .readWrite)
        let saved = try alice.postMultipart(action, [("name", "Anna B."), ("phone", "1")] + opened)
        #expect(saved.status == 303)
        #expect(try app.store.contact(id: theirs, in: bobs).details.name == "Anna B.")
    }
}
