import Accounts
import ContactsCore
import ContactsStore
import Foundation
import Testing

/// Undo changes from the list's menu: the choices, the preview of what a rewind does, the
/// rewind and the list's notice; the mass-deletion banner, its Undo and its dismissal; hostile
/// moments and read-only shares refused.
@Suite struct UndoChangesPagesTests {
    let app: RunningApp
    let alice: WebSession
    var store: ContactStore { app.store }

    init() throws {
        app = try RunningApp()
        alice = try app.aliceBesideBob(on: "/contacts")
    }

    private func book(_ user: String = "alice") throws -> AddressBookScope { try app.defaultBook(of: user) }

    private func add(_ names: [String], user: String = "alice") throws -> [Int64] {
        try store.addContacts(names.map { ContactDetails(name: $0) }, to: try book(user))
    }

    /// A moment strictly between what came before and what comes after.
    private func moment() -> Int64 {
        usleep(2_000)
        defer { usleep(2_000) }
        return StoredTime.milliseconds(Date())
    }

    @Test func theMenuOffersTheChoicesAndThePreviewSaysWhatTheUndoDoes() throws {
        #expect(try alice.get("/contacts").body.contains(#"<a href="/contacts/undo" id="undo-changes-link">Undo changes</a>"#))
        let choices = try alice.get("/contacts/undo").body
        for (seconds, text) in [(600, "10 minutes ago"), (3_600, "1 hour ago"), (86_400, "Yesterday"), (604_800, "1 week ago")] {
            #expect(choices.contains(#"<a class="inset-link" href="/contacts/undo/preview?ago=\#(seconds)"><span class="inset-text"><span class="inset-title">\#(text)</span></span>"#))
        }
        #expect(choices.contains(#"<input type="datetime-local" name="at" id="undo-at" required>"#)
                && choices.contains(#"<input type="hidden" name="offset" id="undo-offset">"#)
                && choices.contains("<noscript><p class=\"inset-footer\">Without JavaScript the time is read as UTC.</p></noscript>"))

        let ids = try add(["Ann", "Bea", "Cy", "Dee"])
        let before = moment()
        try store.deleteContacts(ids: [ids[0], ids[1]], in: try book())
        var changed = try store.contact(id: ids[2], in: try book()).details
        changed.note = "changed"
        _ = try store.updateContact(id: ids[2], with: changed, in: try book())
        _ = try add(["Eve"])
        let preview = try alice.get("/contacts/undo/preview?to=\(before)")
        #expect(preview.status == 200)
        #expect(preview.body.contains("This brings back 2 deleted contacts, sets back 1 changed and removes 1 added since."))
        #expect(preview.body.contains(#"<input type="hidden" name="to" value="\#(before)"><button type="submit" class="wide destructive" id="undo-confirm">Undo changes</button>"#))
        #expect(try store.contacts(in: try book()).map(\.details.name) == ["Cy", "Dee", "Eve"], "a preview changes nothing")

        let done = try alice.post("/contacts/undo", [("to", String(before))])
        #expect(done.status == 303 && done.header("Location") == "/contacts?undone=\(before)")
        #expect(try store.contacts(in: try book()).map(\.details.name) == ["Ann", "Bea", "Cy", "Dee"])
        #expect(try store.contact(id: ids[2], in: try book()).details.note.isEmpty)
        let list = try alice.get("/contacts?undone=\(before)").body
        #expect(list.contains(#"<p class="list-notice" id="undo-notice" role="status">Your contacts are back as they were at <time datetime="#))

        let nothing = try alice.get("/contacts/undo/preview?to=\(moment())").body
        #expect(nothing.contains("Nothing has changed since then: there is nothing to undo.") && !nothing.contains("undo-confirm"))
        try alice.get("/contacts?lang=zh-Hans")
        _ = try add(["Fay"])
        let chinese = try alice.get("/contacts/undo/preview?ago=600").body
        #expect(chinese.contains("这将移除之后添加的 5 个联系人。") && chinese.contains(">撤销更改</button>"))
        #expect(try alice.get("/contacts/undo").body.contains(">10 分钟前</span>"))
    }

    @Test func aChosenTimeIsReadInTheBrowsersTimeZone() throws {
        // A minute, given as Beijing's clocks show it (UTC+8), with the script's offset.
        let target = (Date().timeIntervalSince1970 / 60).rounded(.down) * 60 - 120
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(secondsFromGMT: 8 * 3600)
        format.dateFormat = "yyyy-MM-dd'T'HH:mm"
        let local = format.string(from: Date(timeIntervalSince1970: target))
        let preview = try alice.get("/contacts/undo/preview?at=\(local)&offset=480").body
        #expect(preview.contains(#"<time datetime="\#(Date(timeIntervalSince1970: target).formatted(.iso8601))""#))
        // Without the script's offset, the same text is UTC: eight hours later, in the future.
        #expect(try alice.get("/contacts/undo/preview?at=\(local)&offset=").status == 400)
    }

    @Test func momentsOutOfReachOrNotMomentsAreRefusedWithTheChoicesAgain() throws {
        _ = try add(["Ann"])
        let hostile = ["ago=-60", "ago=99999999999999", "ago=99999999999999999999999", "ago=abc", "ago=", "ago=3000000",
                       "to=-5", "to=0", "to=9223372036854775807", "to=x", "at=2026-13-45T99:99", "at=yesterday",
                       "at=2026-12-04T10:00&offset=99999", "at=" + String(repeating: "9", count: 5_000), ""]
        for query in hostile {
            let reply = try alice.get("/contacts/undo/preview?" + query)
            #expect(reply.status == 400, "\(query)")
            #expect(reply.body.contains(#"<p class="form-error" role="alert" id="form-error">the history reaches back to "#), "\(query)")
            #expect(reply.body.contains("undo-choices"), "\(query)")
        }
        for to in ["-5", "x", "99999999999999999"] {
            #expect(try alice.post("/contacts/undo", [("to", to)]).status == 400)
        }
        #expect(try alice.post("/contacts/undo", []).status == 400)
        #expect(try alice.post("/contacts/undo", [("to", String(moment()))], csrf: false).status == 403)
        #expect(try store.contacts(in: try book()).map(\.details.name) == ["Ann"])
    }

    @Test func aReadOnlyShareIsNotOfferedUndoAndIsRefused() throws {
        let ids = try add(Array(repeating: "Ann", count: 60))
        let before = moment()
        try ChangeClient.$current.withValue(ChangeClient(kind: .carddav, key: "app-password:1", name: "iPhone")) {
            try store.deleteContacts(ids: ids, in: try book())
        }
        let bob = app.session()
        try bob.logIn("bob", "password1")
        try bob.get("/contacts")
        try store.share(try book(), with: "bob", access: .readOnly)
        let shared = "?book=~alice~contacts"
        let list = try bob.get("/contacts" + shared).body
        #expect(!list.contains("undo-changes-link") && !list.contains("deletion-banner"))
        #expect(try bob.get("/contacts/undo" + shared).status == 403)
        #expect(try bob.get("/contacts/undo/preview\(shared)&to=\(before)").status == 403)
        #expect(try bob.post("/contacts/undo" + shared, [("to", String(before))]).status == 403)
        #expect(try store.contacts(in: try book()).isEmpty)
        try store.share(try book(), with: "bob", access: .readWrite)
        #expect(try bob.get("/contacts" + shared).body.contains("Your iPhone deleted 60 contacts at "))
        #expect(try bob.post("/contacts/undo" + shared, [("to", String(before))]).status == 303)
        #expect(try store.contacts(in: try book()).count == 60)
    }

    @Test func theMassDeletionBannerOffersItsUndoUntilDismissed() throws {
        let ids = try add((1...60).map { "Person \($0)" })
        try ChangeClient.$current.withValue(ChangeClient(kind: .carddav, key: "app-password:1", name: "iPhone")) {
            try store.deleteContacts(ids: ids, in: try book())
        }
        let burst = try #require(try store.massDeletion(in: try book()))
        let list = try alice.get("/contacts").body
        #expect(list.contains(#"<div class="deletion-banner" id="deletion-banner" role="alert"><p class="deletion-message">Your iPhone deleted 60 contacts at <time datetime="#))
        #expect(list.contains(#"<a href="/contacts/undo/preview?to=\#(StoredTime.milliseconds(burst.undoTo))" id="undo-deletions" class="deletion-undo">Undo</a>"#))
        let preview = try alice.get("/contacts/undo/preview?to=\(StoredTime.milliseconds(burst.undoTo))").body
        #expect(preview.contains("This brings back 60 deleted contacts."))
        try alice.get("/contacts?lang=zh-Hans")
        #expect(try alice.get("/contacts").body.contains("你的 iPhone 在 <time datetime="))
        #expect(try alice.get("/contacts").body.contains("删除了 60 个联系人。</p>"))

        let dismissed = try alice.post("/contacts/deletions/dismiss", [("last", String(StoredTime.milliseconds(burst.last)))])
        #expect(dismissed.status == 303 && dismissed.header("Location") == "/contacts")
        #expect(!(try alice.get("/contacts").body.contains("deletion-banner")))
        #expect(try alice.post("/contacts/deletions/dismiss", [("last", "x")]).status == 400)
        #expect(try alice.post("/contacts/deletions/dismiss", [("last", "1")], csrf: false).status == 403)

        // The command line's burst is named for what it is.
        let more = try add((1...60).map { "Other \($0)" })
        try ChangeClient.$current.withValue(ChangeClient.commandLine) { try store.deleteContacts(ids: more, in: try book()) }
        #expect(try alice.get("/contacts").body.contains("命令行在 <time"))
        try alice.get("/contacts?lang=en")
        #expect(try alice.get("/contacts").body.contains("The command line deleted 60 contacts at "))
    }
}
