/// What a contact is found by besides its name, phones and emails.
extension ContactDetails {
    /// The texts a search finds the contact by as substrings: company, department, job title,
    /// nickname, phonetic name, handles and social profiles, websites, addresses and related names.
    public var searchableTexts: [String] {
        [organization, department, jobTitle, nickname, phoneticName.given, phoneticName.middle, phoneticName.family]
            + instantMessages.map(\.handle) + socialProfiles.map(\.handle) + urls.map(\.url)
            + addresses.flatMap(\.parts) + relatedNames.map(\.name)
    }

    /// The syllables of the texts besides the name that a pinyin search reads (company,
    /// department, nickname), one run per text: `tengxun` and `txu` find 腾讯.
    public var otherSyllables: [[String]] {
        [organization, department, nickname].filter { $0.contains(where: LatinReading.isHan) }
            .map { NameCollation.syllables(of: Array($0), startingWithSurname: false) }
    }
}
