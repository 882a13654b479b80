/// A small, strict CBOR reader (RFC 8949): definite lengths only, nesting at most `maxDepth`
/// deep (the recursion stops there), every length checked against the bytes left before
/// anything is allocated, map keys unique, text valid UTF-8.
public struct CBORReader {
    /// The deepest nesting read: an item inside this many arrays or maps is refused.
    public static let maxDepth = 16

    private let bytes: [UInt8]
    /// Where the next item starts.
    public private(set) var offset: Int

    /// A reader of `bytes` from `offset`.
    public init(_ bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    /// The one item `bytes` hold, with nothing after it.
    public static func decode(_ bytes: [UInt8]) throws(CBORError) -> CBOR {
        var reader = CBORReader(bytes)
        let item = try reader.read()
        guard reader.offset == bytes.count else { throw .trailingBytes }
        return item
    }

    /// Reads the item at `offset` and moves past it.
    public mutating func read() throws(CBORError) -> CBOR {
        try read(depth: 0)
    }

    private var left: Int { bytes.count - offset }

    private mutating func read(depth: Int) throws(CBORError) -> CBOR {
        guard depth <= Self.maxDepth else { throw .tooDeep }
        let initial = try byte()
        let major = initial >> 5
        let info = initial & 0x1F
        if major == 7 { return try simple(info) }
        let argument = try self.argument(info)
        switch major {
        case 0: return .unsigned(argument)
        case 1: return .negative(argument)
        case 2: return .bytes(try take(argument))
        case 3:
            let text = try take(argument)
            guard let string = String(validating: text, as: UTF8.self) else { throw .invalidUTF8 }
            return .text(string)
        case 4:
            // Each item takes at least one byte.
            guard argument <= UInt64(left) else { throw .lengthBeyondInput }
            var items: [CBOR] = []
            items.reserveCapacity(Int(argument))
            for _ in 0..<argument { items.append(try read(depth: depth + 1)) }
            return .array(items)
        case 5:
            // Each entry takes at least two bytes.
            guard argument <= UInt64(left / 2) else { throw .lengthBeyondInput }
            var entries: [CBOR.Entry] = []
            entries.reserveCapacity(Int(argument))
            // Keys seen so far, found by hash: a map of thousands of keys costs no more than its bytes.
            var keys = Set<CBOR>(minimumCapacity: Int(argument))
            for _ in 0..<argument {
                let key = try read(depth: depth + 1)
                guard keys.insert(key).inserted else { throw .duplicateKey }
                entries.append(CBOR.Entry(key, try read(depth: depth + 1)))
            }
            return .map(entries)
        default:
            throw .unsupported("tags")
        }
    }

    private mutating func simple(_ info: UInt8) throws(CBORError) -> CBOR {
        switch info {
        case 20: return .bool(false)
        case 21: return .bool(true)
        case 22: return .null
        case 25, 26, 27: throw .unsupported("floats")
        case 28, 29, 30: throw .reservedAdditionalInfo
        case 31: throw .indefiniteLength
        default: throw .unsupported("simple value \(info)")
        }
    }

    /// The argument that follows the initial byte: the value itself below 24, else 1, 2, 4 or 8 bytes.
    private mutating func argument(_ info: UInt8) throws(CBORError) -> UInt64 {
        switch info {
        case 0..<24: return UInt64(info)
        case 24, 25, 26, 27:
            let count = 1 << Int(info - 24)
            var value: UInt64 = 0
            for byte in try take(UInt64(count), shortfall: .truncated) { value = value << 8 | UInt64(byte) }
            return value
        case 31: throw .indefiniteLength
        default: throw .reservedAdditionalInfo
        }
    }

    private mutating func byte() throws(CBORError) -> UInt8 {
        guard left > 0 else { throw .truncated }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// The next `count` bytes; `shortfall` when fewer are left.
    private mutating func take(_ count: UInt64, shortfall: CBORError = .lengthBeyondInput) throws(CBORError) -> [UInt8] {
        guard count <= UInt64(left) else { throw shortfall }
        let end = offset + Int(count)
        defer { offset = end }
        return Array(bytes[offset..<end])
    }
}
