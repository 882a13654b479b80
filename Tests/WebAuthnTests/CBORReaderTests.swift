import Foundation
import Testing
import TestSupport
@testable import WebAuthn

@Suite struct CBORReaderTests {
    /// One item of each kind, nested, in a map.
    static let sample = CBOR.map([
        CBOR.Entry(.unsigned(0), .unsigned(23)), CBOR.Entry(.unsigned(1), .unsigned(24)),
        CBOR.Entry(.unsigned(2), .unsigned(UInt64.max)), CBOR.Entry(.negative(0), .negative(UInt64.max)),
        CBOR.Entry(.text("b"), .bytes([0, 1, 2, 255])), CBOR.Entry(.text("t"), .text("通行密钥 ✓")),
        CBOR.Entry(.text("a"), .array([.bool(true), .bool(false), .null, .array([])])), CBOR.Entry(.text("m"), .map([])),
        CBOR.Entry(.unsigned(300), .unsigned(70_000)),
    ])

    @Test func readsEveryKind() throws {
        #expect(try CBORReader.decode(CBORWriter.encode(Self.sample)) == Self.sample)
        #expect(try CBORReader.decode([0x20]) == .negative(0))
        #expect(CBOR.negative(0).integer == -1)
        #expect(CBOR.negative(UInt64.max).integer == nil)
        #expect(try CBORReader.decode([0x1B, 0, 0, 0, 0, 0, 0, 1, 0]) == .unsigned(256))
        #expect(try CBORReader.decode([0x63, 0x61, 0x62, 0x63]) == .text("abc"))
    }

    @Test func refusesTruncationAtEveryByte() {
        let bytes = CBORWriter.encode(Self.sample)
        for length in 0..<bytes.count {
            #expect(throws: CBORError.self) { try CBORReader.decode(Array(bytes[..<length])) }
        }
    }

    @Test func refusesTrailingBytes() {
        #expect(throws: CBORError.trailingBytes) { try CBORReader.decode([0x01, 0x00]) }
        #expect(throws: CBORError.trailingBytes) { try CBORReader.decode(CBORWriter.encode(Self.sample) + [0xF6]) }
    }

    @Test func boundsNesting() throws {
        let allowed = [UInt8](repeating: 0x81, count: CBORReader.maxDepth) + [0x00]
        #expect(try CBORReader.decode(allowed) != .null)
        #expect(throws: CBORError.tooDeep) { try CBORReader.decode([UInt8](repeating: 0x81, count: CBORReader.maxDepth + 1) + [0x00]) }
        // A million levels fail at the bound, not on the stack.
        #expect(throws: CBORError.tooDeep) { try CBORReader.decode([UInt8](repeating: 0x81, count: 1_000_000)) }
        #expect(throws: CBORError.tooDeep) { try CBORReader.decode([UInt8](repeating: 0xA1, count: 100_000)) }
    }

    @Test func refusesHugeDeclaredLengthsBeforeAllocating() {
        for head: [UInt8] in [[0x5B, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], [0x7B, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
                              [0x9B, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], [0xBB, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
                              [0x9A, 0xFF, 0xFF, 0xFF, 0xFF], [0xB9, 0x00, 0x03, 0x01, 0x02, 0x03, 0x04]] {
            #expect(throws: CBORError.lengthBeyondInput) { try CBORReader.decode(head + [0x00]) }
        }
    }

    @Test func refusesIndefiniteLengthsAndReservedValues() {
        for bytes: [UInt8] in [[0x5F, 0x41, 0x00, 0xFF], [0x7F, 0xFF], [0x9F, 0xFF], [0xBF, 0xFF], [0xFF]] {
            #expect(throws: CBORError.indefiniteLength) { try CBORReader.decode(bytes) }
        }
        for bytes: [UInt8] in [[0x1C], [0x3D], [0x5E], [0xFC]] {
            #expect(throws: CBORError.reservedAdditionalInfo) { try CBORReader.decode(bytes) }
        }
        for bytes: [UInt8] in [[0xC2, 0x41, 0x01], [0xF9, 0x3C, 0x00], [0xFB, 0, 0, 0, 0, 0, 0, 0, 0], [0xF7], [0xE0], [0xF8, 0x20]] {
            #expect(throws: CBORError.self) { try CBORReader.decode(bytes) }
        }
    }

    @Test func refusesDuplicateKeys() {
        #expect(throws: CBORError.duplicateKey) { try CBORReader.decode([0xA2, 0x01, 0x00, 0x01, 0x01]) }
        #expect(throws: CBORError.duplicateKey) { try CBORReader.decode([0xA2, 0x61, 0x61, 0x00, 0x61, 0x61, 0x01]) }
        // The same number written in a longer form is the same key.
        #expect(throws: CBORError.duplicateKey) { try CBORReader.decode([0xA2, 0x01, 0x00, 0x18, 0x01, 0x01]) }
    }

    /// A map as large as a request may carry: every key different reads whole, and the same
    /// map with its last key a repeat of its first is refused.
    @Test func readsAndChecksAMapOfThousandsOfKeys() throws {
        let count: UInt64 = 6_000
        let null: [UInt8] = [0xF6]
        let entries = (0..<count).flatMap { CBORWriter.head(0, $0) + null }
        guard case .map(let read) = try CBORReader.decode(CBORWriter.head(5, count) + entries) else {
            Issue.record("not a map"); return
        }
        #expect(read.count == Int(count) && read.last?.key == .unsigned(count - 1))
        let repeated = (0..<count - 1).flatMap { CBORWriter.head(0, $0) + null } + CBORWriter.head(0, 0) + null
        #expect(throws: CBORError.duplicateKey) { try CBORReader.decode(CBORWriter.head(5, count) + repeated) }
    }

    @Test func refusesInvalidUTF8() throws {
        for text: [UInt8] in [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0x61, 0x80]] {
            #expect(throws: CBORError.invalidUTF8) { try CBORReader.decode(CBORWriter.head(3, UInt64(text.count)) + text) }
        }
        #expect(try CBORReader.decode([0x62, 0x61, 0x00]) == .text("a\u{0}"))
    }

    /// Every input the fuzzer kept, and the regressions among them, still holds the oracle's invariants.
    @Test func replaysTheFuzzCorpus() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fuzz/cbor-corpus")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(names.contains { $0.hasPrefix("regression-") })
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: directory.appendingPathComponent(name)))
            #expect(CBORFuzzOracle.problems(in: bytes).isEmpty, "\(name)")
        }
    }
}
