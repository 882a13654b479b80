import Accounts
import ContactsStore

/// Credentials a request came with that were verified a few minutes ago: they hold while the
/// account's credentials generation is still the one they were verified under. A request that
/// only reads confirms that with the statement reading its address book or card; whatever it
/// did not confirm that way is confirmed by a statement of its own before the answer goes out.
final class PendingCredentials {
    private var generation: Int64?

    /// - Parameter generation: the generation to confirm; nil when there is nothing to confirm.
    init(generation: Int64?) {
        self.generation = generation
    }

    /// Confirms the credentials with the account's generation as just read (nil: the account is
    /// gone).
    /// - Throws: `CredentialsChanged` when it is not the one they were verified under.
    func confirm(_ current: Int64?) throws {
        guard let expected = generation else { return }
        guard current == expected else { throw CredentialsChanged() }
        generation = nil
    }

    /// Confirms the credentials with a read of the generation, unless already confirmed.
    func confirmIfPending(with store: ContactStore, user: User) throws {
        guard generation != nil else { return }
        let current: Int64?
        do {
            current = try store.credentialsGeneration(of: user)
        } catch StoreError.userNotFound {
            current = nil
        }
        try confirm(current)
    }
}

/// Credentials verified earlier no longer hold: the request is answered again once they are
/// verified anew (or refused).
struct CredentialsChanged: Error {}
