import VCard

extension ContactDetails {
    /// The details with Apple's X-PHONETIC-LAST-NAME and X-PHONETIC-FIRST-NAME added from the
    /// name's pinyin (surnames read as surnames: 单 → Shan, 欧阳 → Ouyang; traditional characters
    /// as simplified: 歐陽 → Ouyang), so that a phone set to English files a Chinese name under its
    /// letter instead of `#`. Nil when the name has no Chinese characters or the card already
    /// gives a reading (phonetic names, SORT-AS, SORT-STRING).
    public func addingPhoneticName() -> ContactDetails? {
        guard phoneticName.isEmpty, name.contains(where: LatinReading.isHan) else { return nil }
        let originals = originalProperties
        guard CardReading.phoneticReading(of: originals) == nil,
              let (lastName, firstName) = Self.phoneticName(of: name, properties: originals) else { return nil }
        let writer = VCardWriter(version: .v4_0)
        var details = self
        details.phoneticName = PhoneticName(given: firstName, family: lastName)
        if !lastName.isEmpty { details.extraProperties.append(writer.contentLine(for: VCardProperty(name: "X-PHONETIC-LAST-NAME", text: lastName))) }
        if !firstName.isEmpty { details.extraProperties.append(writer.contentLine(for: VCardProperty(name: "X-PHONETIC-FIRST-NAME", text: firstName))) }
        return details
    }

    /// The phonetic last and first names of `name`: the readings of N's family and given
    /// components when the card's N spells the name in Chinese characters (FN may carry
    /// decorations, "张伟 (Zhang Wei)", that must not be read); else the name's first run of
    /// Chinese characters split after its surname, when the name starts with it. Nil when
    /// there is nothing to read.
    static func phoneticName(of name: String, properties: [VCardProperty]) -> (last: String, first: String)? {
        if CardReading.spelledName(of: properties) == name,
           let components = properties.first(where: { $0.name == "N" })?.structuredValue {
            func part(_ index: Int) -> String {
                index < components.count ? components[index].map(\.trimmed).joined() : ""
            }
            let (family, given) = (part(0), part(1))
            if (family + given).contains(where: LatinReading.isHan) {
                let reading = (reading(of: family, asSurname: true), reading(of: given, asSurname: false))
                return reading.0.isEmpty && reading.1.isEmpty ? nil : reading
            }
        }
        // Without N: the name's own Chinese characters, when they are what it is filed by.
        guard let start = name.firstIndex(where: { !LatinReading.reading(of: $0).isEmpty }),
              LatinReading.isHan(name[start]) else { return nil }
        let han = Array(name[start...].prefix(while: LatinReading.isHan))
        // One character alone is a given name, as `CardName.components(of:)` has it.
        let length = han.count > 1 ? SurnameReadings.match(han)?.length ?? 1 : 0
        let reading = (reading(of: String(han[..<length]), asSurname: true), reading(of: String(han[length...]), asSurname: false))
        return reading.0.isEmpty && reading.1.isEmpty ? nil : reading
    }

    /// One part of a name as one capitalized word of pinyin ("欧阳" → "Ouyang", "田芳" → "Tianfang").
    private static func reading(of part: String, asSurname: Bool) -> String {
        let joined = NameCollation.syllables(of: Array(part), startingWithSurname: asSurname).joined()
        return joined.prefix(1).uppercased() + joined.dropFirst()
    }
}
