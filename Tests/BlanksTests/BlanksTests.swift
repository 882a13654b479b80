import Blanks
import Testing

@Suite struct BlanksTests {
    @Test func spacesAndTabsAreTrimmedFromBothEnds() {
        #expect(" \t value with  inner blanks \t ".trimmingBlanks() == "value with  inner blanks")
        #expect("plain".trimmingBlanks() == "plain")
        #expect(" \t ".trimmingBlanks() == "")
        #expect("".trimmingBlanks() == "")
    }

    @Test func onlySpacesAndTabsAreBlanks() {
        // Line breaks, a no-break space and an ideographic space are text here, not HTTP or vCard white space.
        #expect("\r\nx\n".trimmingBlanks() == "\r\nx\n")
        #expect("\u{A0}x\u{3000}".trimmingBlanks() == "\u{A0}x\u{3000}")
        #expect(" 张三 ".trimmingBlanks() == "张三")
    }

    @Test func byteRangesAreTrimmedAsTextIs() {
        let bytes = Array("  BEGIN:VCARD\t ".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            #expect(Blanks.trimmed(buffer, 0..<buffer.count) == 2..<13)
            #expect(Blanks.trimmed(buffer, 0..<2) == 2..<2)
            #expect(Blanks.trimmed(buffer, 7..<9) == 7..<9)
        }
    }
}
