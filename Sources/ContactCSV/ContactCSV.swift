/// Contact CSV files as Google Contacts and Outlook export them: what they are, told by content.
public enum ContactCSV {
    /// The largest CSV file read: it is read whole, to find its encoding.
    public static let maximumBytes = 64 << 20
    /// How much of a file `looksLikeCSV` looks at.
    private static let sniffedBytes = 65_536

    /// True when the bytes start with a header row of a format read here (in any of the
    /// encodings read here); a vCard file, which starts with `BEGIN:VCARD`, never does.
    public static func looksLikeCSV(_ bytes: some Collection<UInt8>) -> Bool {
        guard !looksLikeVCard(bytes) else { return false }
        var records = CSVRecords(CSVText.head(Array(bytes.prefix(sniffedBytes))))
        guard case .success(let names)? = records.next() else { return false }
        return ContactCSVFormat(header: CSVHeader(names)) != nil
    }

    /// True when the bytes start with `BEGIN:VCARD` (any case), after a byte order mark and white space.
    public static func looksLikeVCard(_ bytes: some Collection<UInt8>) -> Bool {
        CSVText.head(Array(bytes.prefix(256))).drop { $0.isWhitespace || $0 == "\u{FEFF}" }
            .uppercased().hasPrefix("BEGIN:VCARD")
    }
}
