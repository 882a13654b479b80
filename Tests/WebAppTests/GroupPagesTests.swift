import ContactsCore
import ContactsStore
import Foundation
import Testing

/// The groups pages over the real server: make, rename and delete groups, the list filtered to a
/// group (sections, search, count), a contact's groups saved from its page, and no reach into
/// another account's groups.
@Suite struct GroupPagesTests {
    let app: RunningApp
    let alice: WebSession

    init() throws {
        app = try RunningApp()
        alice = try app.aliceBesideBob(on: "/contacts")
    }

    private func book(_ user: String = "alice") throws -> AddressBookScope {
        try app.store.defaultAddressBook(for: try app.store.user(named: user))
    }

    private func add(_ name: String, groups: [String] = [], for user: String = "alice") throws -> Contact {
        var details = ContactDetails(name: name, phones: [PhoneNumber("13800138000")])
        details.changeCategories(adding: groups, removing: [])
        return try app.store.addContact(details, to: try book(user))
    }

    @Test func groupsAreMadeRenamedAndDeletedFromTheirPages() throws {
        let made = try alice.post("/groups", [("name", "  Family ")])
        let family = try #require(try app.store.group(named: "Family", in: try book()))
        #expect(made.status == 303 && made.headers["Location"] == "/contacts?group=\(family.id)")
        #expect(try alice.get("/groups").body.contains(#"<a class="inset-link" href="/contacts?group=\#(family.id)" aria-label="Family, 0 contacts">"#))
        let taken = try alice.post("/groups", [("name", "Family")])
        #expect(taken.status == 422 && taken.body.contains(#"a group named "Family" already exists"#.replacingOccurrences(of: "\"", with: "&quot;")))
        #expect(try alice.post("/groups", [("name", "\u{202E}")]).status == 422)

        #expect(try alice.post("/groups/\(family.id)", [("name", "家人")]).status == 303)
        #expect(try app.store.group(id: family.id, in: try book()).name == "家人")
        #expect(try alice.get("/groups/\(family.id)/delete").body.contains("Delete the group \u{201C}家人\u{201D}?"))
        #expect(try alice.post("/groups/\(family.id)/delete", csrf: false).status == 403)
        #expect(try alice.post("/groups/\(family.id)/delete").status == 303)
        #expect(try app.store.groups(in: try book()).isEmpty)
        try alice.get("/contacts?lang=zh-Hans")
        #expect(try alice.get("/groups").body.contains("还没有分组。"))
    }

    @Test func theListShowsOneGroupWithItsSectionsSearchAndCount() throws {
        let zhang = try add("张三", groups: ["Family"])
        _ = try add("李四", groups: ["Family"])
        _ = try add("王五")
        let family = try #require(try app.store.group(named: "Family", in: try book()))
        let page = try alice.get("/contacts?group=\(family.id)").body
        #expect(page.contains("张三") && page.contains("李四") && !page.contains("王五"))
        #expect(page.contains(#"data-count="2""#) && page.contains(#"data-filter="group=\#(family.id)""#))
        #expect(page.contains(#"<input type="hidden" name="group" value="\#(family.id)">"#))
        #expect(page.contains(#"href="/contacts?section=Z&amp;group=\#(family.id)#section-Z""#))
        let search = try alice.get("/contacts/rows?q=zs&group=\(family.id)")
        #expect(search.body.contains("张三") && search.headers["X-Count"] == "1")
        #expect(try alice.get("/contacts/rows?q=ww&group=\(family.id)").headers["X-Count"] == "0")
        #expect(try alice.get("/contacts").body.contains("王五"))
        #expect(try alice.get("/contacts?group=x").status == 404)
        #expect(try alice.get("/contacts?group=\(zhang.id)").status == 404, "a contact's id is no group")
    }

    @Test func aContactsGroupsAreSavedFromItsPageLeavingGroupsTheFormDidNotShow() throws {
        let zhang = try add("张三", groups: ["Family"])
        let family = try #require(try app.store.group(named: "Family", in: try book()))
        let work = try app.store.createGroup(named: "Work", in: try book())
        let page = try alice.get("/contacts/\(zhang.id)").body
        #expect(page.contains(#"<input type="checkbox" name="group" value="\#(family.id)" checked>"#))
        #expect(page.contains(#"<input type="checkbox" name="group" value="\#(work.id)">"#))
        // A group made after the page was drawn is not in the form: the save leaves it alone.
        try app.store.addContacts([zhang.id], toGroup: try app.store.createGroup(named: "Later", in: try book()).id, in: try book())
        let saved = try alice.post("/contacts/\(zhang.id)/groups", [("group", "\(work.id)"), ("shown", "\(family.id)"),
                                                                   ("shown", "\(work.id)"), ("new_group", " 同学 ")])
        #expect(saved.status == 303 && saved.headers["Location"] == "/contacts/\(zhang.id)")
        #expect(Set(try app.store.contact(id: zhang.id, in: try book()).details.categories) == ["Work", "Later", "同学"])
        #expect(try alice.post("/contacts/\(zhang.id)/groups", [("group", "abc")]).status == 400)
        #expect(try alice.post("/contacts/\(zhang.id)/groups", [("new_group", "a\u{0}b")]).status == 422)
    }

    @Test func checkedRowsAreAddedToAGroupFromTheListsEditMode() throws {
        let zhang = try add("张三"), li = try add("李四"), wang = try add("王五")
        let family = try app.store.createGroup(named: "Family", in: try book())
        let list = try alice.get("/contacts?edit=1").body
        #expect(list.contains(#"<select name="group" aria-label="Groups"><option value="\#(family.id)">Family</option></select>"#))
        let added = try alice.post("/contacts/bulk", [("ids", "\(zhang.id)"), ("ids", "\(li.id)"), ("operation", "group"), ("group", "\(family.id)")])
        #expect(added.status == 303 && added.headers["Location"] == "/contacts?group=\(family.id)")
        #expect(try app.store.group(id: family.id, in: try book()).memberCount == 2)
        #expect(try app.store.contact(id: wang.id, in: try book()).details.categories.isEmpty)
        let bobs = try app.store.createGroup(named: "Bob's", in: try book("bob"))
        #expect(try alice.post("/contacts/bulk", [("ids", "\(wang.id)"), ("operation", "group"), ("group", "\(bobs.id)")]).status == 404)
        #expect(try alice.post("/contacts/bulk", [("ids", "\(wang.id)"), ("operation", "group"), ("group", "x")]).status == 400)
        #expect(try alice.post("/contacts/bulk", [("ids", "\(wang.id)"), ("operation", "group"), ("group", "\(family.id)")], csrf: false).status == 403)
        #expect(try app.store.group(id: family.id, in: try book()).memberCount == 2)

        // In the group's list the form also takes rows out of it.
        let groupList = try alice.get("/contacts?group=\(family.id)&edit=1").body
        #expect(groupList.contains(#"<input type="hidden" name="from_group" value="\#(family.id)"><button type="submit" name="operation" value="ungroup">Remove from group</button>"#))
        #expect(!list.contains("ungroup"), "not in the whole book's list")
        let removed = try alice.post("/contacts/bulk", [("ids", "\(zhang.id)"), ("operation", "ungroup"), ("from_group", "\(family.id)")])
        #expect(removed.status == 303 && removed.headers["Location"] == "/contacts?group=\(family.id)")
        #expect(try app.store.group(id: family.id, in: try book()).memberCount == 1)
        #expect(try app.store.contact(id: zhang.id, in: try book()).details.categories.isEmpty)
        #expect(try alice.post("/contacts/bulk", [("ids", "\(li.id)"), ("operation", "ungroup"), ("from_group", "\(bobs.id)")]).status == 404)
    }

    @Test func anotherAccountsGroupsAndContactsAreNotReachable() throws {
        let bobs = try add("Bob's friend", groups: ["Bob only"], for: "bob")
        let group = try #require(try app.store.group(named: "Bob only", in: try book("bob")))
        #expect(try alice.get("/contacts?group=\(group.id)").status == 404)
        #expect(try alice.get("/groups/\(group.id)").status == 404)
        #expect(try alice.post("/groups/\(group.id)", [("name", "Mine")]).status == 404)
        #expect(try alice.post("/groups/\(group.id)/delete").status == 404)
        #expect(try alice.post("/contacts/\(bobs.id)/groups", [("new_group", "x")]).status == 404)
        #expect(try app.store.group(id: group.id, in: try book("bob")).name == "Bob only")
        let mine = try add("Alice's", groups: [])
        #expect(try alice.post("/contacts/\(mine.id)/groups", [("group", "\(group.id)"), ("shown", "\(group.id)")]).status == 400)
    }
}
