import Accounts
import ContactsStore

/// The list's warning when one client deleted many contacts: "Your iPhone deleted 312 contacts
/// at 10:04.", with Undo (the Undo changes preview of the moment before, so the person sees what
/// it does first) and a button that dismisses it in this browser until the next such burst.
enum MassDeletionBanner {
    static func render(_ burst: MassDeletion, context: WebContext) -> String {
        let strings = context.strings
        let who = burst.client.map { ChangeClientNames.name(of: $0, strings: strings) } ?? (text: strings.theServer, isDevice: false)
        let message = LocalTime.message({ strings.massDeletion(by: who.text, isDevice: who.isDevice, count: burst.count, at: $0) },
                                                 burst.last, timeOnly: true, context: context)
        let undo = context.inBook("/contacts/undo/preview?to=\(StoredTime.milliseconds(burst.undoTo))")
        return """
            <div class="deletion-banner" id="deletion-banner" role="alert"><p class="deletion-message">\(message)</p>\
            <a href="\(HTML.escape(undo))" id="undo-deletions" class="deletion-undo">\(HTML.escape(strings.undo))</a>\
            <form method="post" action="\(HTML.escape(context.inBook("/contacts/deletions/dismiss")))">\(context.csrfField)\
            <input type="hidden" name="last" value="\(StoredTime.milliseconds(burst.last))">\
            <button type="submit" class="deletion-dismiss" id="dismiss-deletions" aria-label="\(HTML.escape(strings.dismiss))">×</button></form></div>
            """
    }
}
