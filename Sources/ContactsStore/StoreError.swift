import Accounts
import ContactsCore
import Foundation
import SQLEngine

/// Why the store refused an operation; a language's `Catalogue` (in Wording) words it as one line a person can act on.
public enum StoreError: Error, Sendable, Equatable {
    case invalidUsername(String)
    case usernameTaken(String)
    case userNotFound(String)
    case invalidPassword(PasswordProblem)
    case contactNotFound(Int64)
    case notInTrash(Int64)
    /// The contact was changed (by another device or window) since the revision an edit started
    /// from; saving would silently replace that change.
    case changedSinceRead(Int64)
    /// A merge names fewer than two different contacts.
    case mergeNeedsTwoContacts
    /// The contact to take the name or photo from is not one of those merged.
    case notAmongMerged(Int64)
    /// No merge into this contact is on record to take back.
    case nothingToUndo(Int64)
    /// The book keeps no such version of the contact.
    case versionNotFound(contact: Int64, version: Int64)
    /// A rewind to before the history's start (`earliest`), or to the future.
    case rewindOutOfReach(earliest: Date)
    case invalid(ContactValidationError)
    /// The system's reason (`strerror`) the data directory could not be made.
    case cannotCreateDataDirectory(path: String, reason: String)
    /// A file, not a directory, is where the data directory goes.
    case dataDirectoryIsAFile(path: String)
    case invalidAddressBookName(String)
    case addressBookNameTaken(String)
    /// Another of the account's live books is shown by this name (compared trimmed, in any case).
    case addressBookDisplayNameTaken(String)
    /// The address book of a scope was deleted since the scope was handed out.
    case addressBookNotFound
    /// A group name that is empty, too long or holds control characters.
    case invalidGroupName(String)
    case groupNameTaken(String)
    case groupNotFound
    case noGroupNamed(String)
    case cannotDeleteDefaultAddressBook
    /// The book is shared with the acting account read-only.
    case addressBookReadOnly
    /// Renaming, deleting or sharing a book, or setting its properties, is for its owner.
    case onlyOwnerManagesBook
    /// A book is not shared with its own owner.
    case cannotShareWithOwner
    /// The book is not shared with this account.
    case notSharedWith(String)
    /// A move into an address book that already holds a live contact with this UID.
    case alreadyInAddressBook(uid: String)
    /// A move or copy of contacts into the address book they are in.
    case sameAddressBook
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
    /// The system's reason (`strerror`) the backup could not be written.
    case cannotWriteBackup(path: String, reason: String)
    /// The copy failed its integrity check, with SQLite's findings.
    case backupDamaged(path: String, problems: [String])
    /// The file to restore from is not a sound PersonalContacts database.
    case notABackup(path: String, reason: BackupProblem)
    /// Another connection held the database's lock past the busy timeout, or the database is
    /// restarting or out of reach; trying again later may work.
    case busy
    /// The operation works on a SQLite file (backup, restore), and the store is on PostgreSQL.
    case needsSQLite
    /// A copy of a whole store was refused: the target already has users or contacts.
    case targetNotEmpty
    /// A copy of a whole store was refused: the target's tables or columns are not the
    /// source's, each difference named (see `ContactStore.copyEverything(to:progress:)`).
    case schemasDiffer([String])
    /// A book already has as many groups as it may, or an account as many address books.
    case limitReached(StoreLimit)
    /// The database failed in a way the caller cannot act on (I/O error, full disk, corruption);
    /// the detail is for the log, not for the person.
    case storageFailed(String)

    /// Seconds to suggest waiting (Retry-After) before trying again after `busy`.
    public static let busyRetrySeconds = 5

    /// Why a file is not a backup to restore from.
    public enum BackupProblem: Sendable, Equatable {
        /// It is the live database of the data directory being restored.
        case isTheDataDirectory
        case noSuchFile
        case unreadable
        /// It is an SQLite database without PersonalContacts's tables.
        case otherDatabase
        /// SQLite could not open it; its message.
        case notADatabase(String)
        /// It failed its integrity check, with SQLite's findings.
        case damaged([String])
    }

    /// What one account may keep at most, so that no account can make every other one wait.
    public enum StoreLimit: Sendable, Equatable {
        /// Address books per account, those in the trash included.
        case addressBooks
        /// Groups per address book.
        case groups

        /// The number it may not pass.
        public var maximum: Int {
            switch self {
            case .addressBooks: 100
            case .groups: 1_000
            }
        }
    }

    /// Why a password was refused.
    public typealias PasswordProblem = AccountError.PasswordProblem

    /// The store's error for an account's: the case of the same name.
    init(_ error: AccountError) {
        self = switch error {
        case .invalidUsername(let name): .invalidUsername(name)
        case .usernameTaken(let name): .usernameTaken(name)
        case .userNotFound(let name): .userNotFound(name)
        case .invalidPassword(let problem): .invalidPassword(problem)
        case .invalidDeviceName(let device): .invalidDeviceName(device)
        case .appPasswordExists(let device): .appPasswordExists(device: device)
        case .appPasswordNotFound(let device): .appPasswordNotFound(device: device)
        }
    }
}
