import ContactsCore
import ContactsStore

/// The groups screens: every group of the book with its count (each opens the list filtered to
/// it), a form to make one, and per group a page to rename it or delete it. Plain forms: no script.
enum GroupsPage {
    static func render(_ groups: [ContactGroup], error: String? = nil, context: WebContext) -> String {
        let strings = context.strings
        let bar = #"<a class="bar-left" href="\#(HTML.escape(context.inBook("/contacts")))" id="back-button" role="button">\#(HTML.escape(strings.back))</a>\#(Layout.title(strings.groups))<div class="bar-right"></div>"#
        let list = groups.isEmpty
            ? #"<p class="empty" id="no-groups">\#(HTML.escape(strings.noGroupsYet))</p>"#
            : #"<ul class="group-list" id="group-list">"# + groups.map { group in
                """
                <li class="row group-row"><a class="row-link" href="\(HTML.escape(context.inBook("/contacts?group=\(group.id)")))" aria-label="\(HTML.escape(strings.groupLink(group.name, members: group.memberCount)))">\
                <span class="row-text"><span class="row-name">\(HTML.escape(group.name))</span><span class="row-phone">\(HTML.escape(strings.count(group.memberCount)))</span></span></a>\
                \(context.canWriteContacts ? #"<a class="group-edit" href="\#(HTML.escape(context.inBook("/groups/\(group.id)")))" aria-label="\#(HTML.escape(strings.rename)) \#(HTML.escape(group.name))">\#(HTML.escape(strings.edit))</a>"# : "")</li>
                """
            }.joined() + "</ul>"
        // A book shared read-only shows its groups; making, renaming and deleting them is not offered.
        let form = !context.canWriteContacts ? "" : """
            <form class="group-form" method="post" action="\(HTML.escape(context.inBook("/groups")))">\(context.csrfField)
            <label class="field-label" for="new-group">\(HTML.escape(strings.newGroup))</label>
            <input id="new-group" name="name" maxlength="\(2 * ContactDetails.maximumGroupNameLength)" autocomplete="off" required placeholder="\(HTML.escape(strings.groupName))">
            <button type="submit" class="primary-text" id="add-group">\(HTML.escape(strings.addGroup))</button></form>
            """
        let main = errorLine(error) + form + list
        return Layout.page(title: strings.groups, bodyClass: "groups-page", bar: bar, main: main, context: context)
    }

    /// One group's page: rename it, or go on to delete it.
    static func edit(_ group: ContactGroup, error: String? = nil, context: WebContext) -> String {
        let strings = context.strings
        let bar = #"<a class="bar-left" href="\#(HTML.escape(context.inBook("/groups")))" id="back-button" role="button">\#(HTML.escape(strings.groups))</a>\#(Layout.title(group.name))<div class="bar-right"></div>"#
        let main = """
            \(errorLine(error))
            <form class="group-form" method="post" action="\(HTML.escape(context.inBook("/groups/\(group.id)")))">\(context.csrfField)
            <label class="field-label" for="group-name">\(HTML.escape(strings.groupName))</label>
            <input id="group-name" name="name" maxlength="\(2 * ContactDetails.maximumGroupNameLength)" autocomplete="off" required value="\(HTML.escape(group.name))">
            <button type="submit" class="primary-text" id="rename-group">\(HTML.escape(strings.rename))</button></form>
            <p><a href="\(HTML.escape(context.inBook("/contacts?group=\(group.id)")))" id="group-contacts">\(HTML.escape(strings.count(group.memberCount)))</a></p>
            <a class="destructive wide button" href="\(HTML.escape(context.inBook("/groups/\(group.id)/delete")))" id="delete-group" role="button">\(HTML.escape(strings.deleteGroup))</a>
            """
        return Layout.page(title: group.name, bodyClass: "groups-page", bar: bar, main: main, context: context)
    }

    /// The question before a group is deleted, as a page of its own (so it needs no script).
    static func confirmDelete(_ group: ContactGroup, context: WebContext) -> String {
        let strings = context.strings
        let body = """
            <div class="sheet-group"><h2 id="delete-group-title">\(HTML.escape(strings.deleteGroupQuestion(group.name)))</h2>
            <p id="delete-group-message">\(HTML.escape(strings.groupContactsStay))</p>
            <form method="post" action="\(HTML.escape(context.inBook("/groups/\(group.id)/delete")))">\(context.csrfField)<button type="submit" class="destructive" id="confirm-delete-group">\(HTML.escape(strings.deleteGroup))</button></form></div>
            <a class="cancel" href="\(HTML.escape(context.inBook("/groups/\(group.id)")))" role="button">\(HTML.escape(strings.cancel))</a>
            """
        let sheet = #"<div class="sheet sheet-page" role="dialog" aria-labelledby="delete-group-title" aria-describedby="delete-group-message">\#(body)</div>"#
        return Layout.page(title: strings.deleteGroup, bodyClass: "groups-page", bar: "", main: sheet, context: context)
    }

    /// The groups part of a contact's page: a checkbox for each of the book's groups and a field
    /// for a new one; the form names the groups it showed, so a save leaves any other alone.
    static func contactPanel(_ contact: Contact, groups: [ContactGroup], context: WebContext) -> String {
        let strings = context.strings
        let member = Set(contact.details.categories)
        guard context.canWriteContacts else {
            // A read-only share: the groups are shown, not changed.
            let names = groups.filter { member.contains($0.name) }.map { HTML.escape($0.name) }
            guard !names.isEmpty else { return "" }
            return #"<section class="groups-panel" aria-labelledby="groups-heading"><h2 class="section-header" id="groups-heading">\#(HTML.escape(strings.groups))</h2><p class="group-names">\#(names.joined(separator: " · "))</p></section>"#
        }
        let boxes = groups.map { group in
            """
            <label class="group-choice"><input type="checkbox" name="group" value="\(group.id)"\(member.contains(group.name) ? " checked" : "")>\
            <input type="hidden" name="shown" value="\(group.id)"> \(HTML.escape(group.name))</label>
            """
        }.joined()
        return """
            <section class="groups-panel" aria-labelledby="groups-heading"><h2 class="section-header" id="groups-heading">\(HTML.escape(strings.groups))</h2>
            <form method="post" action="/contacts/\(contact.id)/groups" id="groups-form">\(context.csrfField)
            <fieldset aria-labelledby="groups-heading">\(boxes)</fieldset>
            <input name="new_group" maxlength="\(2 * ContactDetails.maximumGroupNameLength)" autocomplete="off" aria-label="\(HTML.escape(strings.newGroup))" placeholder="\(HTML.escape(strings.newGroup))">
            <button type="submit" id="save-groups">\(HTML.escape(strings.saveGroups))</button></form></section>
            """
    }

    private static func errorLine(_ error: String?) -> String {
        error.map { #"<p class="form-error" role="alert" id="form-error">\#(HTML.escape($0))</p>"# } ?? ""
    }
}
