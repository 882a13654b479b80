import Foundation
import SQLEngine

/// An account's two-step verification as its settings show it.
public struct TwoStepState: Sendable, Equatable {
    /// Whether a one-time code is asked for after the password.
    public let isOn: Bool
    /// The secret of a set-up begun and not yet confirmed with a code; nil otherwise.
    public let pendingSecret: [UInt8]?
    /// Recovery codes not yet used.
    public let recoveryCodesLeft: Int
}

/// What a code typed at the second step did.
public enum SecondStepOutcome: Sendable, Equatable {
    /// A current one-time code, not used before.
    case code
    /// One of the recovery codes, now spent; `left` are still unused.
    case recoveryCode(left: Int)
    /// Wrong, already used, or two-step verification is off.
    case refused
}

extension AccountStore {
    /// The account's two-step verification.
    public func twoStep(of user: User) throws -> TwoStepState {
        try database.readSingle { db in
            try db.statement("""
                SELECT t.secret, t.confirmed_at, (SELECT count(*) FROM recovery_codes r WHERE r.user_id = ?)
                FROM users u LEFT JOIN two_step t ON t.user_id = u.id WHERE u.id = ?
                """).firstRow([user.id, user.id]) { row in
                let on = !row.isNull(1)
                return TwoStepState(isOn: on, pendingSecret: on || row.isNull(0) ? nil : row.blob(0), recoveryCodesLeft: row.int(2))
            }
        } ?? TwoStepState(isOn: false, pendingSecret: nil, recoveryCodesLeft: 0)
    }

    /// Whether the account called `username` has two-step verification on.
    /// - Throws: `AccountError.userNotFound`.
    public func twoStepIsOn(username: String) throws -> Bool {
        try database.read { db in
            try db.statement("SELECT 1 FROM two_step WHERE user_id = ? AND confirmed_at IS NOT NULL")
                .firstRow([try Self.userID(username, db: db)]) { _ in true } ?? false
        }
    }

    /// Begins setting up two-step verification with a new secret, kept until a code confirms it
    /// (`confirmTwoStep`), and returns it. Nil when it is already on.
    public func beginTwoStepSetup(for user: User) throws -> [UInt8]? {
        let secret = TOTP.makeSecret()
        let now = now()
        return try database.write(.account(user.id)) { db in
            try db.run("DELETE FROM two_step WHERE user_id = ? AND confirmed_at IS NULL", user.id)
            try db.run("INSERT INTO two_step (user_id, secret, created_at) VALUES (?, ?, ?) ON CONFLICT (user_id) DO NOTHING",
                       user.id, secret, now)
            return db.changes == 1 ? secret : nil
        }
    }

    /// Turns two-step verification on when `code` is a current code of the set-up's secret: the
    /// account's password no longer logs sync clients in (its credentials generation is renewed,
    /// so no server trusts a copy it verified before), and the recovery codes, made now, are
    /// returned, the only time they are seen. Nil for a wrong code or no set-up begun.
    public func confirmTwoStep(for user: User, code: String) throws -> [String]? {
        let now = now()
        let step = TOTP.step(at: clock())
        return try database.write(.account(user.id)) { db in
            guard let secret = try db.statement("SELECT secret FROM two_step WHERE user_id = ? AND confirmed_at IS NULL")
                .firstRow([user.id], { $0.blob(0) }),
                  let typed = Self.typedCode(code), let matched = TOTP.matchingStep(of: typed, secret: secret, around: step)
            else { return nil }
            try db.run("UPDATE two_step SET confirmed_at = ?, last_step = ? WHERE user_id = ?", now, matched, user.id)
            try Self.renewCredentialsGeneration(ofUser: user.id, db: db)
            return try Self.replaceRecoveryCodes(ofUser: user.id, db: db)
        }
    }

    /// A new set of recovery codes in place of the account's others, which stop working; nil
    /// when two-step verification is off.
    public func newRecoveryCodes(for user: User) throws -> [String]? {
        try database.write(.account(user.id)) { db in
            guard try db.statement("SELECT 1 FROM two_step WHERE user_id = ? AND confirmed_at IS NOT NULL")
                .firstRow([user.id], { _ in true }) != nil else { return nil }
            return try Self.replaceRecoveryCodes(ofUser: user.id, db: db)
        }
    }

    /// Turns two-step verification off for the account called `username` and deletes its
    /// recovery codes and any second step waiting; its password logs sync clients in again.
    /// - Parameter endingSessions: whether every session and remember token of the account ends
    ///   too (the operator's way back in for someone who lost their phone).
    /// - Throws: `AccountError.userNotFound`.
    public func turnOffTwoStep(username: String, endingSessions: Bool) throws {
        let now = now()
        try writingAccount(username) { id, db in
            for table in ["two_step", "recovery_codes", "pending_logins"] {
                try db.run("DELETE FROM \(table) WHERE user_id = ?", id)
            }
            if endingSessions {
                try db.run("UPDATE sessions SET revoked_at = ? WHERE revoked_at IS NULL AND user_id = ?", now, id)
            }
            try Self.renewCredentialsGeneration(ofUser: id, db: db)
        }
    }

    /// Checks a code typed at the second step: a one-time code is accepted once, and only if its
    /// time step is later than the last one accepted (on any server: the step is moved in one
    /// conditional UPDATE); a recovery code is spent by its deletion.
    public func verifySecondStep(for user: User, code: String) throws -> SecondStepOutcome {
        if let typed = Self.typedCode(code) {
            let step = TOTP.step(at: clock())
            return try database.write(.rows) { db in
                guard let secret = try db.statement("SELECT secret FROM two_step WHERE user_id = ? AND confirmed_at IS NOT NULL")
                    .firstRow([user.id], { $0.blob(0) }),
                      let matched = TOTP.matchingStep(of: typed, secret: secret, around: step) else { return .refused }
                try db.run("UPDATE two_step SET last_step = ? WHERE user_id = ? AND last_step < ?", matched, user.id, matched)
                return db.changes == 1 ? .code : .refused
            }
        }
        guard let typed = RecoveryCode.normalized(code) else { return .refused }
        return try database.write(.rows) { db in
            try db.run("""
                DELETE FROM recovery_codes WHERE user_id = ? AND code_hash = ?
                AND EXISTS (SELECT 1 FROM two_step WHERE user_id = ? AND confirmed_at IS NOT NULL)
                """, user.id, SecretToken.hash(typed), user.id)
            guard db.changes == 1 else { return .refused }
            let left = try db.statement("SELECT count(*) FROM recovery_codes WHERE user_id = ?").firstRow([user.id]) { $0.int(0) } ?? 0
            return .recoveryCode(left: left)
        }
    }

    /// A typed one-time code without spaces, or nil when it is not `TOTP.digits` ASCII digits.
    private static func typedCode(_ typed: String) -> String? {
        let digits = typed.filter { $0 != " " }
        guard digits.utf8.count == TOTP.digits, digits.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return digits
    }

    /// Deletes the account's recovery codes and makes `RecoveryCode.count` new ones, returned grouped.
    private static func replaceRecoveryCodes(ofUser id: Int64, db: any SQLConnection) throws -> [String] {
        try db.run("DELETE FROM recovery_codes WHERE user_id = ?", id)
        var codes: [String] = []
        while codes.count < RecoveryCode.count {
            let code = RecoveryCode.make()
            guard let typed = RecoveryCode.normalized(code), !codes.contains(code) else { continue }
            try db.run("INSERT INTO recovery_codes (user_id, code_hash) VALUES (?, ?)", id, SecretToken.hash(typed))
            codes.append(code)
        }
        return codes
    }
}
