import ContactsStore
import HTTP
import Wording

/// The wording of error bodies: English, since DAV clients show them as they come.
let wording = Language.english.catalogue
/// CardDAV's own refusals, in English only.
let davWording = DAVWording()

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

extension DAVError {
    /// The DAV answer to a store error a method handler did not answer more precisely; nil for
    /// the server's own failures (the data directory, backups, the database itself), which are
    /// logged and answered 500.
    init?(_ error: StoreError) {
        switch error {
        case .contactNotFound, .notInTrash, .cardNotFound, .addressBookNotFound, .groupNotFound, .noGroupNamed, .userNotFound,
             .appPasswordNotFound, .nothingToUndo, .notSharedWith, .versionNotFound:
            self.init(404, wording.notFound)
        case .busy:
            self.init(503, wording.busy)
            headers["Retry-After"] = String(StoreError.busyRetrySeconds)
        case .invalid, .invalidUID:
            self.init(403, wording.message(for: error), precondition: .cardDAV("valid-address-data"))
        case .invalidUsername, .invalidPassword, .invalidAddressBookName, .invalidGroupName, .invalidHref, .invalidDeviceName, .mergeNeedsTwoContacts,
             .notAmongMerged, .sameAddressBook, .rewindOutOfReach:
            self.init(400, wording.message(for: error))
        case .cannotDeleteDefaultAddressBook, .cannotShareWithOwner, .limitReached:
            self.init(403, wording.message(for: error))
        case .addressBookReadOnly, .onlyOwnerManagesBook:
            // RFC 3744 §7.1.1; the handlers name the resource and privilege before the store is asked.
            self.init(403, wording.message(for: error), precondition: .dav("need-privileges"))
        case .usernameTaken, .addressBookNameTaken, .addressBookDisplayNameTaken, .groupNameTaken, .appPasswordExists, .uidConflict, .alreadyInAddressBook:
            self.init(409, wording.message(for: error))
        case .preconditionFailed, .changedSinceRead:
            self.init(412, wording.message(for: error))
        case .cannotCreateDataDirectory, .dataDirectoryIsAFile, .backupExists, .cannotWriteBackup, .backupDamaged, .notABackup, .needsSQLite,
             .targetNotEmpty, .schemasDiffer, .storageFailed:
            return nil
        }
    }

    /// The answer to a failure of the server's own: a generic body, the detail only in the log.
    static let internalError = DAVError(500, wording.serverError)
}
