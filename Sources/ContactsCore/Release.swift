/// The release of PersonalContacts this build is: what `contacts --version` prints.
public enum Release {
    /// The version, in semantic-versioning form.
    public static let version = "0.9.0"
}
