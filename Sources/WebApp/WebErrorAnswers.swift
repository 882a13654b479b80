import ContactsStore
import HTTP

/// How the web app answers an error a route (or the context it runs in) threw: its own pages,
/// in the user's language.
struct WebErrorAnswers: Sendable {
    /// Where unexpected errors are reported, with their detail; the page never shows it.
    let log: @Sendable (String) -> Void

    /// The page for `error`: an error that renders itself does so; a store error gets its page
    /// (see `status(for:)`); anything else is logged and answered with a generic 500 page.
    func response(for error: any Error, request: Request, context: WebContext) -> Response {
        if let error = error as? any HTTPResponseConvertibleError { return error.response(for: request) }
        guard let error = error as? StoreError, let status = Self.status(for: error) else {
            log(LogText.failure(of: request, String(describing: error)))
            return ErrorPage.response(status: 500, message: context.strings.serverError, context: context)
        }
        switch error {
        case .busy:
            var response = ErrorPage.response(status: 503, message: context.strings.busy, context: context)
            response.headers["Retry-After"] = String(StoreError.busyRetrySeconds)
            return response
        default:
            let message = status == 404 ? context.strings.notFoundMessage : context.strings.message(for: error)
            return ErrorPage.response(status: status, message: message, context: context)
        }
    }

    /// The status a store error is answered with on the web; nil for the server's own failures
    /// (the data directory, backups, the database itself), which are answered 500.
    static func status(for error: StoreError) -> Int? {
        switch error {
        case .contactNotFound, .notInTrash, .cardNotFound, .addressBookNotFound, .groupNotFound, .noGroupNamed, .userNotFound,
             .appPasswordNotFound, .nothingToUndo, .notSharedWith, .versionNotFound: 404
        case .busy: 503
        case .addressBookReadOnly, .onlyOwnerManagesBook, .limitReached: 403
        case .invalid: 422
        case .invalidUsername, .invalidPassword, .invalidAddressBookName, .invalidGroupName, .invalidHref, .invalidUID, .invalidDeviceName,
             .mergeNeedsTwoContacts, .notAmongMerged, .cannotShareWithOwner, .sameAddressBook, .rewindOutOfReach: 400
        case .usernameTaken, .addressBookNameTaken, .addressBookDisplayNameTaken, .groupNameTaken, .appPasswordExists, .uidConflict, .cannotDeleteDefaultAddressBook,
             .alreadyInAddressBook,
             .changedSinceRead: 409
        case .preconditionFailed: 412
        case .cannotCreateDataDirectory, .dataDirectoryIsAFile, .backupExists, .cannotWriteBackup, .backupDamaged, .notABackup, .needsSQLite,
             .targetNotEmpty, .schemasDiffer, .storageFailed: nil
        }
    }
}
