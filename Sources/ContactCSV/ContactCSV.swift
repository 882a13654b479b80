/// Contact CSV files as Google Contacts and Outlook export them: what they are, told by content.
public enum ContactCSV {
    /// The largest CSV file read: it is read whole, to find its encoding.
    public static let maximumBytes = 64 << 20
    /// How much of a file `looksLikeCSV` looks at.
    private static let sniffedBytes = 65_536

    /// True when the bytes start with a header row of a format read here (in any of the
    /// encodings read here); a vCard file, which starts with `BEGIN:VCARD`, never does.
    public static func looksLikeCSV(_ bytes: some Collection<UInt8>) -> Bool {
        let text = CSVText.prefix(of: Array(bytes.prefix(sniffedBytes)), limit: sniffedBytes)
        guard !text.drop(while: \.isWhitespace).uppercased().hasPrefix("BEGIN:VCARD") else { return false }
        var records = CSVRecords(text)
        guard case .success(let names)? = records.next() else { return false }
        return ContactCSVFormat(header: CSVHeader(names)) != nil
    }
}
