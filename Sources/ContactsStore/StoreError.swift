import ContactsCore
import SQLite

/// Why the store refused an operation; `message` is one line a person can act on.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidUsername(String)
    case usernameTaken(String)
    case userNotFound(String)
    case invalidPassword(String)
    case contactNotFound(Int64)
    case notInTrash(Int64)
    /// The contact was changed (by another device or window) since the revision an edit started
    /// from; saving would silently replace that change.
    case changedSinceRead(Int64)
    case invalid(ContactValidationError)
    case cannotCreateDataDirectory(path: String, reason: String)
    case invalidAddressBookName(String)
    case addressBookNameTaken(String)
    /// The address book of a scope was deleted since the scope was handed out.
    case addressBookNotFound
    case cannotDeleteDefaultAddressBook
    /// No live card has this resource name in the address book.
    case cardNotFound(href: String)
    case invalidHref(String)
    case invalidUID(String)
    /// Another live card of the address book, named here, has the UID.
    case uidConflict(href: String)
    /// An If-Match or If-None-Match condition did not hold.
    case preconditionFailed
    case invalidDeviceName(String)
    case appPasswordExists(device: String)
    case appPasswordNotFound(device: String)
    /// A backup would replace this existing file.
    case backupExists(path: String)
    case cannotWriteBackup(path: String, reason: String)
    /// The file to restore from is not a sound PersonalContacts database.
    case notABackup(path: String, reason: String)
    /// Another connection held the database's lock past the busy timeout; trying again later may work.
    case busy
    /// The database failed in a way the caller cannot act on (I/O error, full disk, corruption);
    /// the detail is for the log, not for the person.
    case storageFailed(String)

    public var description: String {
        switch self {
        case .invalidUsername(let name):
            "invalid username \"\(name)\": use 1–64 letters, digits or . _ - @"
        case .usernameTaken(let name): "a user named \"\(name)\" already exists"
        case .userNotFound(let name): "no user named \"\(name)\""
        case .invalidPassword(let reason): reason
        case .contactNotFound(let id): "no contact with id \(id)"
        case .notInTrash(let id): "no contact with id \(id) in the trash"
        case .changedSinceRead(let id): "contact \(id) was changed elsewhere since it was read; read it again and repeat the change"
        case .invalid(let error): error.message(in: .english)
        case .cannotCreateDataDirectory(let path, let reason): "cannot create data directory \(path): \(reason)"
        case .invalidAddressBookName(let name):
            "invalid address book name \"\(name)\": use 1–255 bytes of UTF-8 without /, control or invisible formatting characters, "
                + "nor white space at either end (not . or ..)"
        case .addressBookNameTaken(let name): "an address book named \"\(name)\" already exists"
        case .addressBookNotFound: "the address book no longer exists"
        case .cannotDeleteDefaultAddressBook: "the default address book cannot be deleted"
        case .cardNotFound(let href): "no card named \"\(href)\""
        case .invalidHref(let href):
            "invalid card name \"\(href)\": use 1–255 characters without / or control characters (not . or ..)"
        case .invalidUID(let uid): "invalid UID \"\(uid)\": use 1–255 bytes without control characters"
        case .uidConflict(let href): "the card \"\(href)\" already has this UID"
        case .preconditionFailed: "the card has changed or already exists"
        case .invalidDeviceName(let device): "invalid device name \"\(device)\": use 1–64 characters without control characters"
        case .appPasswordExists(let device): "an app password for \"\(device)\" already exists; revoke it first"
        case .appPasswordNotFound(let device): "no app password for \"\(device)\""
        case .backupExists(let path): "\(path) already exists; choose a new name or a directory"
        case .cannotWriteBackup(let path, let reason): "cannot write the backup \(path): \(reason)"
        case .notABackup(let path, let reason): "cannot restore from \(path): \(reason)"
        case .busy: "the database is busy (another program is writing to it); try again in a moment"
        case .storageFailed(let detail): "the database failed: \(detail)"
        }
    }
}
