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
    case invalid(ContactValidationError)
    case cannotCreateDataDirectory(path: String, reason: String)

    public var description: String {
        switch self {
        case .invalidUsername(let name):
            "invalid username \"\(name)\": use 1–64 letters, digits or . _ - @"
        case .usernameTaken(let name): "a user named \"\(name)\" already exists"
        case .userNotFound(let name): "no user named \"\(name)\""
        case .invalidPassword(let reason): reason
        case .contactNotFound(let id): "no contact with id \(id)"
        case .notInTrash(let id): "no contact with id \(id) in the trash"
        case .invalid(let error): error.message(in: .english)
        case .cannotCreateDataDirectory(let path, let reason): "cannot create data directory \(path): \(reason)"
        }
    }
}
