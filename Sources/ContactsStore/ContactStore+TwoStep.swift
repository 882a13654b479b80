import Accounts
import Foundation

extension ContactStore {
    /// The account's two-step verification (`AccountStore.twoStep(of:)`).
    public func twoStep(of user: User) throws -> TwoStepState {
        try withAccounts { try $0.twoStep(of: user) }
    }

    /// Whether the account called `username` has two-step verification on.
    public func twoStepIsOn(username: String) throws -> Bool {
        try withAccounts { try $0.twoStepIsOn(username: username) }
    }

    /// Begins setting up two-step verification (`AccountStore.beginTwoStepSetup`).
    public func beginTwoStepSetup(for user: User) throws -> [UInt8]? {
        try withAccounts { try $0.beginTwoStepSetup(for: user) }
    }

    /// Turns two-step verification on with a current code (`AccountStore.confirmTwoStep`).
    public func confirmTwoStep(for user: User, code: String) throws -> [String]? {
        try withAccounts { try $0.confirmTwoStep(for: user, code: code) }
    }

    /// New recovery codes in place of the others (`AccountStore.newRecoveryCodes`).
    public func newRecoveryCodes(for user: User) throws -> [String]? {
        try withAccounts { try $0.newRecoveryCodes(for: user) }
    }

    /// Turns two-step verification off (`AccountStore.turnOffTwoStep`).
    public func turnOffTwoStep(username: String, endingSessions: Bool) throws {
        try withAccounts { try $0.turnOffTwoStep(username: username, endingSessions: endingSessions) }
    }

    /// Checks a code typed at the second step (`AccountStore.verifySecondStep`).
    public func verifySecondStep(for user: User, code: String) throws -> SecondStepOutcome {
        try withAccounts { try $0.verifySecondStep(for: user, code: code) }
    }

    /// Keeps a login waiting for its second step (`AccountStore.startPendingLogin`).
    public func startPendingLogin(_ login: PendingLogin) throws -> String {
        try withAccounts { try $0.startPendingLogin(login) }
    }

    /// The login waiting under `token`, if it still waits.
    public func pendingLogin(_ token: String) throws -> PendingLogin? {
        try withAccounts { try $0.pendingLogin(token) }
    }

    /// Ends the login waiting under `token`; false when it had already ended.
    @discardableResult
    public func endPendingLogin(_ token: String) throws -> Bool {
        try withAccounts { try $0.endPendingLogin(token) }
    }
}
