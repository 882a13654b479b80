import Foundation
import SQLEngine

extension AccountStore {
    /// The longest device name of an app password.
    public static let maximumDeviceNameLength = 64

    /// Makes an app password for one of the user's devices (a CardDAV client) and returns it, in
    /// groups (`xxxxx-xxxxx-xxxxx-xxxxx-xxxxx-xxxxx`, 150 random bits). This is the only time it
    /// is shown: the store keeps its argon2id hash.
    /// - Parameter device: what the password is for: 1–64 characters without control
    ///   characters, not the device of another of the user's app passwords.
    public func addAppPassword(username: String, device: String) throws -> String {
        guard (1...Self.maximumDeviceNameLength).contains(device.count),
              !device.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw AccountError.invalidDeviceName(device)
        }
        let password = AppPassword.make()
        let hash = PasswordHasher.hash(password)
        let now = now()
        try writingAccount(username) { userID, db in
            guard try db.statement("SELECT 1 FROM app_passwords WHERE user_id = ? AND device = ?")
                .firstRow([userID, device], { _ in true }) == nil else { throw AccountError.appPasswordExists(device: device) }
            try db.run("INSERT INTO app_passwords (user_id, device, password_hash, lookup, created_at) VALUES (?, ?, ?, ?, ?)",
                       userID, device, hash, SecretToken.hash(password), now)
            try Self.renewCredentialsGeneration(ofUser: userID, db: db)
        }
        return AppPassword.grouped(password)
    }

    /// The user's app passwords by device (ignoring case): when each was made, and when, by which
    /// client and from which address it last logged in.
    public func appPasswords(username: String) throws -> [AppPasswordEntry] {
        try database.read { db in
            try db.statement("""
                SELECT device, created_at, last_used_at, last_user_agent, last_address FROM app_passwords WHERE user_id = ?
                ORDER BY lower(device), device
                """).rows([try Self.userID(username, db: db)]) { row in
                    AppPasswordEntry(device: row.text(0), createdAt: StoredTime.date(row.int64(1)),
                                     lastUsedAt: row.isNull(2) ? nil : StoredTime.date(row.int64(2)),
                                     lastClient: row.isNull(2) ? nil : RequestClient(userAgent: row.optionalText(3), address: row.optionalText(4)))
                }
        }
    }

    /// The device of the user's app password `password`, checked against its hash: nil when it is
    /// no app password of theirs (or is not shaped like one). Records no use: it is for the web
    /// app, which asks the password back before writing it into a device's set-up file.
    public func appPasswordDevice(username: String, password: String) throws -> String? {
        guard let typed = AppPassword.normalized(password) else { return nil }
        let found = try database.read { db in
            try db.statement("SELECT password_hash, device FROM app_passwords WHERE user_id = ? AND lookup = ?")
                .firstRow([try Self.userID(username, db: db), SecretToken.hash(typed)]) { (hash: $0.text(0), device: $0.text(1)) }
        }
        guard let found else {
            _ = PasswordHasher.verify(typed, against: Self.decoyHash)
            return nil
        }
        return PasswordHasher.verify(typed, against: found.hash) ? found.device : nil
    }

    /// Deletes the app password of one of the user's devices, which can then no longer log in.
    public func revokeAppPassword(username: String, device: String) throws {
        try writingAccount(username) { userID, db in
            try db.run("DELETE FROM app_passwords WHERE user_id = ? AND device = ?", userID, device)
            guard db.changes == 1 else { throw AccountError.appPasswordNotFound(device: device) }
            try Self.renewCredentialsGeneration(ofUser: userID, db: db)
        }
    }

    /// The user whose account password or app password this is (for CardDAV); nil when neither.
    /// An app password that logs in has its last use recorded, with `client`.
    ///
    /// A failure costs the same whether or not the account exists and however many app
    /// passwords it has: a password shaped like an app password gets one argon2id check against
    /// the app password its digest finds (a decoy hash when none), then one against the account
    /// password (a decoy when there is no account); any other password gets the second only.
    public func authenticateForSync(username: String, password: String, client: RequestClient? = nil) throws -> DeviceLogin? {
        let account = try account(named: username)
        if let typed = AppPassword.normalized(password),
           let login = try appPasswordUser(typed, account: account?.user, undigested: true, client: client) {
            return login
        }
        guard let (user, hash) = account else {
            _ = PasswordHasher.verify(password, against: Self.decoyHash)
            return nil
        }
        guard PasswordHasher.verify(password, against: hash) else { return nil }
        try rehashIfNeeded(password, verifiedAgainst: hash, in: .users, id: user.id)
        return DeviceLogin(user: user, appPassword: nil)
    }

    /// The user whose app password this is, found by its digest alone: nil, at the cost of one
    /// indexed read and no password check, for anything else (a wrong guess, the account
    /// password, an app password made before digests were kept, which `authenticateForSync`
    /// still finds). An app password has 150 random bits, so this runs before the login
    /// throttle: it cannot be guessed, and a device keeps syncing while its account is locked.
    public func authenticateAppPassword(username: String, password: String, client: RequestClient? = nil) throws -> DeviceLogin? {
        guard let typed = AppPassword.normalized(password), let account = try account(named: username) else { return nil }
        return try appPasswordUser(typed, account: account.user, undigested: false, client: client)
    }

    /// `user` when `typed` (a normalised app password) is one of theirs, recording its use by `client`.
    /// - Parameter undigested: whether app passwords made before digests were kept are tried too
    ///   (and a decoy hash checked when none is found, so that a failure costs the same).
    private func appPasswordUser(_ typed: String, account user: User?, undigested: Bool, client: RequestClient?) throws -> DeviceLogin? {
        let lookup = SecretToken.hash(typed)
        let candidates = try user.map { user in
            try database.read { db in
                // The one the digest finds, then any made before digests were kept.
                try db.statement("""
                    SELECT id, password_hash, device FROM app_passwords WHERE user_id = ? AND (lookup = ? OR (? = 1 AND lookup IS NULL))
                    ORDER BY lookup IS NULL
                    """).rows([user.id, lookup, undigested]) { (id: $0.int64(0), hash: $0.text(1), device: $0.text(2)) }
            }
        } ?? []
        guard let user, let match = candidates.first(where: { PasswordHasher.verify(typed, against: $0.hash) }) else {
            if candidates.isEmpty && undigested { _ = PasswordHasher.verify(typed, against: Self.decoyHash) }
            return nil
        }
        let now = now()
        let stillThere = try database.write(.rows) { db in
            try db.run("UPDATE app_passwords SET last_used_at = ?, lookup = ?, last_user_agent = ?, last_address = ? WHERE id = ?",
                       now, lookup, client?.userAgent, client?.address, match.id)
            return db.changes == 1
        }
        // Revoked while it was being verified: no longer good.
        guard stillThere else { return nil }
        try rehashIfNeeded(typed, verifiedAgainst: match.hash, in: .appPasswords, id: match.id)
        return DeviceLogin(user: user, appPassword: AppPasswordDevice(id: match.id, name: match.device))
    }

    /// A number that changes whenever the user's credentials do: a new account password, an app
    /// password added or revoked, two-step verification turned on or off. Never the same for two accounts, even one deleted and one made
    /// later with its name, so whatever caches verified credentials under it can trust a match.
    public func credentialsGeneration(of user: User) throws -> Int64 {
        let generation = try database.readSingle { db in
            try db.statement("SELECT credentials_generation FROM users WHERE id = ?").firstRow([user.id]) { $0.int64(0) }
        }
        guard let generation else { throw AccountError.userNotFound(user.username) }
        return generation
    }

    static func renewCredentialsGeneration(ofUser id: Int64, db: any SQLConnection) throws {
        try db.run("UPDATE users SET credentials_generation = ? WHERE id = ?", try Counter.credentialsGeneration.next(db: db), id)
    }
}

/// Who a sync client's password belongs to: the account, and the app password's device when it
/// was one (nil for the account password).
public struct DeviceLogin: Sendable, Equatable {
    public let user: User
    public let appPassword: AppPasswordDevice?
}

/// The device an app password was made for.
public struct AppPasswordDevice: Sendable, Hashable {
    /// The app password's id, the same for as long as it lasts.
    public let id: Int64
    /// The name it was made under ("iPhone").
    public let name: String
}
