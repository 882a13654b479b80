import ContactsStore

extension StoreError: CustomStringConvertible {
    /// The message in English, for logs and whatever prints the error as it is.
    public var description: String { Language.english.catalogue.message(for: self) }
}
