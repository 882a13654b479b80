import Accounts
import Blanks
import ContactsCore
import ContactsStore
import Foundation
import HTTP
import Wording

/// One authenticated request on its way through a method handler.
struct DAVContext {
    let server: CardDAVServer
    let request: Request
    let user: User
    let path: DAVPath
    /// The form the client is served its cards in.
    let representation: CardRepresentation
    /// Credentials verified earlier, still to be confirmed by what the request reads.
    let credentials: PendingCredentials

    var store: ContactStore { server.store }

    /// Another user's principal, home, address book or card is not found, never shown.
    func checkOwner() throws {
        guard let owner = path.user else { return }
        guard let key = AccountName.key(owner), key == AccountName.key(user.username) else { throw DAVError(404, wording.notFound) }
    }

    /// The address book the path names; 404 when the user has none by that name. Read with the
    /// account's credentials generation and the login failures that hold an account password
    /// back, which confirm credentials verified earlier.
    func addressBook(named name: String) throws -> AddressBook {
        let found = try store.addressBookWithCredentials(named: name, for: user, checking: credentials.check)
        try credentials.confirm(found?.credentialsGeneration, failures: found?.failures)
        guard let book = found?.book else { throw DAVError(404, wording.noAddressBook(name)) }
        return book
    }

    /// The request body parsed, or nil when it is empty. Only UTF-8 is taken: a Content-Type
    /// charset or a body in another encoding gets 415 (see `XMLNode.parse`).
    func body() throws -> XMLNode? {
        guard !request.body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else { return nil }
        try XMLNode.requireUTF8(contentType: request.headers["Content-Type"])
        return try XMLNode.parse(request.body)
    }

    /// The Depth header (RFC 4918 §10.2): 0 or 1; infinity is treated as 1, since no
    /// collection here holds collections that hold more.
    var depth: Int {
        depthHeader == "0" ? 0 : 1
    }

    /// The Depth header as sent, trimmed; nil when there is none.
    var depthHeader: String? {
        request.headers["Depth"].map { String($0.trimmingBlanks()) }
    }

    /// Reports defined for Depth 0 only (RFC 6578 §3.2, RFC 3744 §9) refuse any other with 400;
    /// no header counts as 0.
    func requireDepthZero(for report: XMLName) throws {
        guard (depthHeader ?? "0") == "0" else { throw DAVError(400, davWording.runWithDepthZero(report.local)) }
    }

    /// A 207 Multi-Status holding `content` (`<d:response>` elements).
    static func multistatus(_ content: String) -> Response {
        var body = Multistatus()
        body.append(xml: content)
        return body.response()
    }

    /// The paths of the user's principal and home.
    var principalPath: String { DAVPath.principal(user: user.username).path }
    var homePath: String { DAVPath.home(user: user.username).path }
}
