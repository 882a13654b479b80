import ContactsCore
import ContactsStore

/// The groups screens: every group of the book with its count (each opens the list filtered to
/// it), a form to make one, and per group a page to rename it or delete it. Plain forms: no script.
enum GroupsPage {
    static func render(_ groups: [ContactGroup], error: String? = nil, context: WebContext) -> String {
        let strings = context.strings
        let bar = #"<a class="bar-left" href="\#(HTML.escape(context.inBook("/contacts")))" id="back-button" role="button">\#(HTML.escape(strings.back))</a>\#(Layout.title(strings.groups))<div class="bar-right"></div>"#
        let rows = groups.isEmpty
            ? [#"<li class="inset-row"><span class="inset-empty" id="no-groups">\#(HTML.escape(strings.noGroupsYet))</span></li>"#]
            : groups.map { group in
                let edit = !context.canWriteContacts ? ""
                    : #"<a class="inset-action group-edit" href="\#(HTML.escape(context.inBook("/groups/\(group.id)")))" aria-label="\#(HTML.escape(strings.rename)) \#(HTML.escape(group.name))">\#(HTML.escape(strings.edit))</a>"#
                return """
                    <li class="inset-row group-row"><a class="inset-link" href="\(HTML.escape(context.inBook("/contacts?group=\(group.id)")))" aria-label="\(HTML.escape(strings.groupLink(group.name, members: group.memberCount)))">\
                    <span class="inset-text"><span class="inset-title">\(HTML.escape(group.name))</span></span><span class="inset-value">\(HTML.escape(strings.count(group.memberCount)))</span>\
                    \(edit.isEmpty ? #"<span class="chevron" aria-hidden="true"></span>"# : "")</a>\(edit)</li>
                    """
            }
        // A book shared read-only shows its groups; making, renaming and deleting them is not offered.
        let form = !context.canWriteContacts ? "" : """
            <form class="group-form inset-form" method="post" action="\(HTML.escape(context.inBook("/groups")))" aria-labelledby="new-group-heading">\(context.csrfField)
            <h2 class="group-label" id="new-group-heading">\(HTML.escape(strings.newGroup))</h2>
            \(Layout.formError(error))
            <div class="field-group"><div class="field"><input id="new-group" name="name" maxlength="\(2 * ContactDetails.maximumGroupNameLength)" autocomplete="off" required aria-label="\(HTML.escape(strings.newGroup))" placeholder="\(HTML.escape(strings.groupName))"></div></div>
            <button type="submit" class="wide primary-text" id="add-group">\(HTML.escape(strings.addGroup))</button></form>
            """
        let list = """
            <section aria-labelledby="groups-heading"><h2 class="group-label" id="groups-heading">\(HTML.escape(strings.groups))</h2>
            <ul class="inset-list group-list" id="group-list">\(rows.joined())</ul></section>
            """
        return Layout.page(title: strings.groups, bodyClass: "groups-page", bar: bar, main: form + list, context: context)
    }

    /// One group's page: rename it, or go on to delete it.
    static func edit(_ group: ContactGroup, error: String? = nil, context: WebContext) -> String {
        let strings = context.strings
        let bar = #"<a class="bar-left" href="\#(HTML.escape(context.inBook("/groups")))" id="back-button" role="button">\#(HTML.escape(strings.groups))</a>\#(Layout.title(group.name))<div class="bar-right"></div>"#
        let main = """
            <form class="group-form inset-form" method="post" action="\(HTML.escape(context.inBook("/groups/\(group.id)")))">\(context.csrfField)
            \(Layout.formError(error))
            <div class="field-group"><div class="field"><label class="field-label" for="group-name">\(HTML.escape(strings.groupName))</label>\
            <input id="group-name" name="name" maxlength="\(2 * ContactDetails.maximumGroupNameLength)" autocomplete="off" required value="\(HTML.escape(group.name))"></div></div>
            <button type="submit" class="wide primary-text" id="rename-group">\(HTML.escape(strings.rename))</button></form>
            <ul class="inset-list"><li class="inset-row"><a class="inset-link" href="\(HTML.escape(context.inBook("/contacts?group=\(group.id)")))" id="group-contacts"><span class="inset-title">\(HTML.escape(strings.count(group.memberCount)))</span><span class="chevron" aria-hidden="true"></span></a></li></ul>
            <a class="destructive wide" href="\(HTML.escape(context.inBook("/groups/\(group.id)/delete")))" id="delete-group" role="button">\(HTML.escape(strings.deleteGroup))</a>
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
}
