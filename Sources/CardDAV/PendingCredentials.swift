import Accounts
import ContactsStore

/// Credentials a request came with that were verified a few minutes ago: they hold while the
/// account's credentials generation is still the one they were verified under and, for the
/// account password, while the login throttle does not hold it back. A request that only reads
/// confirms that with the statement reading its address book or card; whatever it did not
/// confirm that way is confirmed by a statement of its own before the answer goes out.
final class PendingCredentials {
    private var generation: Int64?
    private var failures: LoginFailureCheck?

    /// - Parameter login: what its credentials left to confirm.
    init(_ login: BasicAuthenticator.Login) {
        generation = login.unconfirmedGeneration
        failures = login.unreadFailures
    }

    /// The login failures to read with the generation; nil when there are none to read.
    var check: LoginFailureCheck? { failures }

    /// Confirms the credentials with the account's generation as just read (nil: the account is
    /// gone) and the login failures read with it.
    /// - Throws: `CredentialsChanged` when it is not the one they were verified under; 429
    ///   while the throttle holds the account password back.
    func confirm(_ current: Int64?, failures counted: CountedFailures?) throws {
        if let expected = generation {
            guard current == expected else { throw CredentialsChanged() }
            generation = nil
        }
        guard failures != nil, let counted else { return }
        failures = nil
        if let wait = counted.retryAfter { throw BasicAuthenticator.tooManyLogins(seconds: wait) }
    }

    /// Confirms the credentials with a read of the generation, unless already confirmed.
    func confirmIfPending(with store: ContactStore, user: User) throws {
        guard generation != nil || failures != nil else { return }
        let current: (generation: Int64, failures: CountedFailures?)?
        do {
            if let failures {
                current = try store.credentialsGeneration(of: user, checking: failures).map { ($0.generation, $0.failures) }
            } else {
                current = (try store.credentialsGeneration(of: user), nil)
            }
        } catch StoreError.userNotFound {
            current = nil
        }
        try confirm(current?.generation, failures: current?.failures)
    }
}

/// Credentials verified earlier no longer hold: the request is answered again once they are
/// verified anew (or refused).
struct CredentialsChanged: Error {}
