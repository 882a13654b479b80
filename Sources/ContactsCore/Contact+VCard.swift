import VCard

extension Contact {
    /// The contact as a card with its UID (see `ContactDetails.vCard(uid:version:)`).
    public func vCard(version: VCardWriter.Version) -> VCard {
        details.vCard(uid: uid, version: version)
    }
}
