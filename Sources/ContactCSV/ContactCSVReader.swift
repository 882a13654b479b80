import VCard

/// Reads a contact CSV file: finds its encoding and format, then yields each row as a card.
///
///     let reader = try ContactCSVReader(bytes: data)      // reader.format == .googleContacts
///     for (row, result) in reader {
///         switch result {
///         case .success(let card): ...
///         case .failure(let error): ...                   // row 17: 30 fields where the header has 31
///         }
///     }
///
/// Rows with no text in any field are skipped. A row that cannot be read yields its error and
/// reading goes on with the next; a quote that is never closed ends the file.
public struct ContactCSVReader: Sequence, IteratorProtocol {
    /// The format the header row names.
    public let format: ContactCSVFormat
    private let header: CSVHeader
    private let layout: any CSVLayout
    private var records: CSVRecords

    /// Decodes the bytes and reads the header row.
    /// - Throws: `.tooLarge` over `ContactCSV.maximumBytes`, `.undecodableText`, or
    ///   `.unknownHeader` when the first row names no column of the formats read here.
    public init(bytes: [UInt8]) throws(CSVError) {
        guard bytes.count <= ContactCSV.maximumBytes else { throw CSVError(.tooLarge(maximumBytes: ContactCSV.maximumBytes), row: 1) }
        guard let text = CSVText.decode(bytes) else { throw CSVError(.undecodableText, row: 1) }
        records = CSVRecords(text)
        guard case .success(let names)? = records.next(), case let header = CSVHeader(names),
              let format = ContactCSVFormat(header: header) else { throw CSVError(.unknownHeader, row: 1) }
        (self.header, self.format, layout) = (header, format, format.layout)
    }

    /// The next row with its number (the header being row 1) and the card it makes, or why it
    /// could not be read; nil after the last row.
    public mutating func next() -> (row: Int, card: Result<VCard, CSVError>)? {
        while let record = records.next() {
            let row = records.row
            let fields: [String]
            switch record {
            case .failure(let error): return (row, .failure(error))
            case .success(let read): fields = read
            }
            if fields.allSatisfy({ $0.allSatisfy(\.isWhitespace) }) { continue }
            guard fields.count == header.count else {
                return (row, .failure(CSVError(.fieldCount(expected: header.count, found: fields.count), row: row)))
            }
            return (row, .success(layout.fields(from: CSVRow(header: header, fields: fields)).card))
        }
        return nil
    }
}
