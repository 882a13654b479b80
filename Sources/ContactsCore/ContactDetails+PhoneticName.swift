import VCard

extension ContactDetails {
    /// The details with Apple's X-PHONETIC-LAST-NAME and X-PHONETIC-FIRST-NAME added from the
    /// name's pinyin (surnames read as surnames: 单 → Shan, 欧阳 → Ouyang), so that a phone set to
    /// English files a Chinese name under its letter instead of `#`. Nil when the name has no
    /// Chinese characters or the card already gives a reading (phonetic names, SORT-AS, SORT-STRING).
    public func addingPhoneticName() -> ContactDetails? {
        guard name.contains(where: LatinReading.isHan), CardReading.phoneticReading(of: originalProperties) == nil else { return nil }
        let components = CardName.components(of: name)
        let family = components[0].joined()
        let syllables = NameCollation.key(for: name).syllables
        // A Chinese surname has one syllable per character (欧阳 → ou yang).
        let familyCount = min(syllables.count, family.count)
        func reading(_ part: ArraySlice<String>) -> String {
            let joined = part.joined()
            return joined.prefix(1).uppercased() + joined.dropFirst()
        }
        let writer = VCardWriter(version: .v4_0)
        var details = self
        let lastName = reading(syllables[..<familyCount])
        let firstName = reading(syllables[familyCount...])
        if !lastName.isEmpty { details.extraProperties.append(writer.contentLine(for: VCardProperty(name: "X-PHONETIC-LAST-NAME", text: lastName))) }
        if !firstName.isEmpty { details.extraProperties.append(writer.contentLine(for: VCardProperty(name: "X-PHONETIC-FIRST-NAME", text: firstName))) }
        return details
    }
}
