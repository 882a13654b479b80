/// The passwords the store makes for a user's devices (CardDAV clients): 150 random bits as 30
/// characters of Crockford's base 32 (digits and lowercase letters without i, l, o and u), shown
/// in six groups of five, e.g. `k3v9q-…`.
///
/// A password is checked as typed loosely: case, spaces and dashes do not matter, and o, i and l
/// are read as 0, 1 and 1.
enum AppPassword {
    private static let alphabet = Array("0123456789abcdefghjkmnpqrstvwxyz")
    private static let length = 30
    private static let groupLength = 5

    /// A fresh password, without groups: the form `normalized` gives and the store hashes.
    static func make() -> String {
        String(SecretToken.randomBytes(length).map { alphabet[Int($0 & 31)] })
    }

    /// The password in groups of five, as it is shown.
    static func grouped(_ password: String) -> String {
        let characters = Array(password)
        return stride(from: 0, to: characters.count, by: groupLength)
            .map { String(characters[$0..<min($0 + groupLength, characters.count)]) }.joined(separator: "-")
    }

    /// The password as made and hashed, when `text` can be one: nil otherwise.
    static func normalized(_ text: String) -> String? {
        var characters: [Character] = []
        for character in text.lowercased() where character != "-" && !character.isWhitespace {
            let read: Character = switch character {
            case "o": "0"
            case "i", "l": "1"
            default: character
            }
            guard alphabet.contains(read), characters.count < length else { return nil }
            characters.append(read)
        }
        return characters.count == length ? String(characters) : nil
    }
}
