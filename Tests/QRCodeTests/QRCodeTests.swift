import Foundation
import Testing
import QRCode

@Suite struct QRCodeTests {
    @Test func findersSitInThreeCorners() throws {
        let code = try #require(QRCode("https://contacts.example.org/"))
        #expect(code.size >= 21 && (code.size - 17) % 4 == 0)
        // Each finder pattern: a dark 7×7 ring around a light ring around a dark 3×3 centre.
        for (top, left) in [(0, 0), (0, code.size - 7), (code.size - 7, 0)] {
            #expect(code.isDark(row: top, column: left))
            #expect(!code.isDark(row: top + 1, column: left + 1))
            #expect(code.isDark(row: top + 3, column: left + 3))
        }
        // The fourth corner has none.
        #expect(!(code.isDark(row: code.size - 7, column: code.size - 7) && code.isDark(row: code.size - 4, column: code.size - 4)
                  && !code.isDark(row: code.size - 6, column: code.size - 6)))
    }

    @Test func longerTextNeedsALargerCode() throws {
        let short = try #require(QRCode("a"))
        let long = try #require(QRCode(String(repeating: "otpauth://totp/", count: 20)))
        #expect(short.size == 21)
        #expect(long.size > short.size)
    }

    @Test func emptyAndOversizedTextHaveNoCode() {
        #expect(QRCode("") == nil)
        #expect(QRCode(String(repeating: "x", count: QRCode.maximumLength + 1)) == nil)
        #expect(QRCode(String(repeating: "x", count: QRCode.maximumLength)) != nil)
    }

    @Test func svgDrawsEachDarkModuleOnce() throws {
        let code = try #require(QRCode("WIFI:T:WPA;S:home;;"))
        let svg = code.svg(label: "A \"code\" <for> you & me")
        let darkCount = (0..<code.size).reduce(0) { sum, row in
            sum + (0..<code.size).filter { code.isDark(row: row, column: $0) }.count
        }
        #expect(svg.components(separatedBy: "h1v1h-1z").count - 1 == darkCount)
        #expect(svg.contains(#"aria-label="A &quot;code&quot; &lt;for> you &amp; me""#))
        #expect(svg.contains(#"viewBox="0 0 \#(code.size + 8) \#(code.size + 8)""#))
    }
}
