import ContactsStore
import Foundation
import StoreOpening

/// Where the data lives: `--data DIR`, else `$CONTACTS_DATA`, else
/// `$XDG_DATA_HOME/personal-contacts`, else `~/.local/share/personal-contacts`.
enum DataDirectory {
    static func resolve(option: String?, environment: [String: String]) -> String {
        if let option, !option.isEmpty { return option }
        if let explicit = environment["CONTACTS_DATA"], !explicit.isEmpty { return explicit }
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            return (xdg as NSString).appendingPathComponent("personal-contacts")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return (home as NSString).appendingPathComponent(".local/share/personal-contacts")
    }

    /// Where the store lives: the PostgreSQL database of `--database URL`; else the data
    /// directory of `--data DIR`; else the database of `$CONTACTS_DATABASE`; else the data
    /// directory `resolve` finds.
    /// - Throws: a usage error for both options at once, or a database that is not a
    ///   `postgresql://` or `postgres://` URL.
    static func location(dataOption: String?, databaseOption: String?, environment: [String: String]) throws(UsageError) -> StoreLocation {
        if dataOption != nil && databaseOption != nil { throw UsageError { $0.notBoth("--data", "--database") } }
        if let databaseOption { return try database(databaseOption, from: "--database") }
        if dataOption == nil, let url = environment["CONTACTS_DATABASE"], !url.isEmpty { return try database(url, from: "$CONTACTS_DATABASE") }
        return .directory(resolve(option: dataOption, environment: environment))
    }

    private static func database(_ url: String, from source: String) throws(UsageError) -> StoreLocation {
        let location = StoreLocation(url)
        guard case .postgresql = location else {
            throw UsageError { $0.notADatabaseURL(source, given: StoreLocation.redactingPassword(url)) }
        }
        return location
    }
}
