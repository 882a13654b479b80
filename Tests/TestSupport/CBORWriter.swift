#if !CBOR_FUZZ
import WebAuthn
#endif

/// CBOR in its shortest form, for building the tests' inputs and for the fuzz oracle's round trip
/// (`scripts/fuzz.sh cbor` compiles this file alone with the WebAuthn module).
public enum CBORWriter {
    public static func encode(_ item: CBOR) -> [UInt8] {
        switch item {
        case .unsigned(let n): head(0, n)
        case .negative(let n): head(1, n)
        case .bytes(let bytes): head(2, UInt64(bytes.count)) + bytes
        case .text(let text): head(3, UInt64(text.utf8.count)) + Array(text.utf8)
        case .array(let items): head(4, UInt64(items.count)) + items.flatMap(encode)
        case .map(let entries): head(5, UInt64(entries.count)) + entries.flatMap { encode($0.key) + encode($0.value) }
        case .bool(let value): [value ? 0xF5 : 0xF4]
        case .null: [0xF6]
        }
    }

    /// The initial byte of `major` with the argument `n`, and the bytes that follow it.
    public static func head(_ major: UInt8, _ n: UInt64) -> [UInt8] {
        let top = major << 5
        switch n {
        case 0..<24: return [top | UInt8(n)]
        case 24...0xFF: return [top | 24, UInt8(n)]
        case 0x100...0xFFFF: return [top | 25] + bigEndian(n, 2)
        case 0x10000...0xFFFF_FFFF: return [top | 26] + bigEndian(n, 4)
        default: return [top | 27] + bigEndian(n, 8)
        }
    }

    public static func bigEndian(_ n: UInt64, _ count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(truncatingIfNeeded: n >> (8 * UInt64($0))) }
    }
}
