/// A CBOR data item (RFC 8949) of the kinds WebAuthn uses: no floats, tags or undefined.
public indirect enum CBOR: Hashable, Sendable {
    /// Major type 0: an unsigned integer.
    case unsigned(UInt64)
    /// Major type 1: the integer −1 − n, kept as n so that no value overflows.
    case negative(UInt64)
    /// Major type 2: a byte string.
    case bytes([UInt8])
    /// Major type 3: a text string, valid UTF-8.
    case text(String)
    /// Major type 4: an array.
    case array([CBOR])
    /// Major type 5: a map, its entries in the order read, every key different.
    case map([Entry])
    /// Simple values 20 and 21.
    case bool(Bool)
    /// Simple value 22.
    case null

    /// One key and value of a map.
    public struct Entry: Hashable, Sendable {
        public let key: CBOR
        public let value: CBOR

        public init(_ key: CBOR, _ value: CBOR) {
            self.key = key
            self.value = value
        }
    }

    /// The integer this item holds, when it is one that fits an `Int`.
    public var integer: Int? {
        switch self {
        case .unsigned(let n): n <= UInt64(Int.max) ? Int(n) : nil
        case .negative(let n): n <= UInt64(Int.max) ? -1 - Int(n) : nil
        default: nil
        }
    }

    /// The value under `key` in this map; nil when this is no map or has no such key.
    public subscript(key: CBOR) -> CBOR? {
        guard case .map(let entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }

    /// The value under the integer `key` in this map (COSE keys are integers).
    public subscript(key: Int) -> CBOR? {
        self[key >= 0 ? .unsigned(UInt64(key)) : .negative(UInt64(-1 - key))]
    }

    /// The value under the text `key` in this map.
    public subscript(key: String) -> CBOR? { self[.text(key)] }
}

/// Why bytes are not one CBOR item the strict reader takes.
public enum CBORError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes end inside an item.
    case truncated
    /// An item's declared length or count is more than the bytes left could hold.
    case lengthBeyondInput
    /// An indefinite length (additional information 31): refused.
    case indefiniteLength
    /// Additional information 28–30, which RFC 8949 reserves.
    case reservedAdditionalInfo
    /// Nesting deeper than `CBORReader.maxDepth`.
    case tooDeep
    /// A map with a key twice.
    case duplicateKey
    /// Bytes after the item.
    case trailingBytes
    /// A text string that is not UTF-8.
    case invalidUTF8
    /// A tag, a float, undefined or another simple value: none is read here.
    case unsupported(String)

    public var description: String {
        switch self {
        case .truncated: "the CBOR ends inside an item"
        case .lengthBeyondInput: "a CBOR length is longer than the bytes left"
        case .indefiniteLength: "CBOR of indefinite length is not accepted"
        case .reservedAdditionalInfo: "a CBOR item uses reserved additional information"
        case .tooDeep: "the CBOR is nested too deeply"
        case .duplicateKey: "a CBOR map has a key twice"
        case .trailingBytes: "bytes follow the CBOR item"
        case .invalidUTF8: "a CBOR text string is not UTF-8"
        case .unsupported(let what): "CBOR \(what) is not accepted"
        }
    }
}
