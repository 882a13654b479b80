import ContactsCore
import SQLite

/// Why the store refused an operation; a language's `Catalogue` words it as one line a person can act on.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidUsername(String)
    case usernameTaken(String)
    case userNotFound(String)
    case invalidPassword(PasswordProblem)
    case contactNotFound(Int64)
    case notInTrash(Int64)
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

    /// The message in English, for logs and whatever prints the error as it is.
    public var description: String { Language.english.catalogue.message(for: self) }

    /// Why a password was refused.
    public enum PasswordProblem: Sendable, Equatable {
        case tooShort(minimum: Int)
        case tooLong(maximumBytes: Int)
    }
}
