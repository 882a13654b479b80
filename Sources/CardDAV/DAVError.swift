import ContactsStore
import HTTP

/// The wording of error bodies: English, since DAV clients show them as they come.
let wording = Language.english.catalogue

/// A WebDAV error: a status and, for a failed precondition (RFC 4918 §16, RFC 6352 §6.3.2.1,
/// RFC 6578 §3.2), the element a `DAV:error` body names; otherwise a plain-text reason.
struct DAVError: Error, HTTPResponseConvertibleError {
    let status: Int
    let message: String
    let precondition: XMLName?
    /// XML inside the precondition element (the href of a conflicting resource).
    var extra = ""
    var headers = HTTPHeaders()

    init(_ status: Int, _ message: String, precondition: XMLName? = nil) {
        self.status = status
        self.message = message
        self.precondition = precondition
    }

    func response(for request: Request) -> Response {
        var response: Response
        if let precondition {
            let body = XMLOutput.document(root: .dav("error"), XMLOutput.element(precondition, extra)
                + XMLOutput.text(XMLName("http://personal-contacts.invalid/ns", "message"), message))
            response = Response(status: status, headers: ["Content-Type": "application/xml; charset=utf-8"], body: Array(body.utf8))
        } else {
            response = .text(message + "\n", status: status)
        }
        for (name, value) in headers { response.headers[name] = value }
        response.headers["Cache-Control"] = "no-store"
        return response
    }
}
