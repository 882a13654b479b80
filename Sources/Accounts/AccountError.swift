/// Why an account operation was refused; the store hands it on as the `StoreError` of the same name.
public enum AccountError: Error, Sendable, Equatable {
    case invalidUsername(String)
    case usernameTaken(String)
    case userNotFound(String)
    case invalidPassword(PasswordProblem)
    case invalidDeviceName(String)
    case appPasswordExists(device: String)
    case appPasswordNotFound(device: String)

    /// Why a password was refused.
    public enum PasswordProblem: Sendable, Equatable {
        case tooShort(minimum: Int)
        case tooLong(maximumBytes: Int)
    }
}
