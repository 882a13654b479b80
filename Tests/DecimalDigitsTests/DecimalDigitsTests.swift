import DecimalDigits
import Testing

@Suite struct DecimalDigitsTests {
    @Test(arguments: [UInt64(0), 7, 9, 10, 99, 100, 12_345, 1_000_000, UInt64(Int64.max), UInt64.max])
    func digitsAreTheNumbersDescription(_ value: UInt64) {
        var bytes: [UInt8] = Array("x".utf8)
        DecimalDigits.append(value, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "x" + String(value))
        #expect(DecimalDigits.count(value) == String(value).count)
    }

    @Test func aWidthPadsWithZerosAndNeverCuts() {
        func padded(_ value: UInt64, _ width: Int) -> String {
            var bytes: [UInt8] = []
            DecimalDigits.append(value, width: width, to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        #expect(padded(5, 2) == "05")
        #expect(padded(0, 3) == "000")
        #expect(padded(2026, 4) == "2026")
        #expect(padded(12_026, 4) == "12026")
        #expect(padded(42, 1) == "42")
    }

    @Test func writingFillsTheBufferFromItsStartAndSaysHowMuch() {
        var buffer = [UInt8](repeating: UInt8(ascii: "#"), count: 8)
        let count = buffer.withUnsafeMutableBufferPointer { DecimalDigits.write(305, width: 5, into: $0) }
        #expect(count == 5)
        #expect(String(decoding: buffer, as: UTF8.self) == "00305###")
    }
}
