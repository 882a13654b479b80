import Testing
import HTTP

@Suite struct MultipartParserTests {
    private func request(_ body: String, contentType: String = "multipart/form-data; boundary=\"XyZ\"") -> Request {
        Request(method: "POST", path: "/upload", headers: ["Content-Type": contentType], body: Array(body.utf8))
    }

    @Test func fieldsAndFilesAreSplitWithTheirMetadata() throws {
        let body = "preamble\r\n--XyZ\r\n"
            + "Content-Disposition: form-data; name=\"title\"\r\n\r\n"
            + "Hello\r\n--XyZ\r\n"
            + "Content-Disposition: form-data; name=\"card\"; filename=\"a;b.vcf\"\r\n"
            + "Content-Type: text/vcard\r\n\r\n"
            + "BEGIN:VCARD\r\n--XyZnot-a-boundary\r\nEND:VCARD\r\n--XyZ--\r\nepilogue"
        let parts = try request(body).multipartParts()
        #expect(parts.count == 2)
        #expect(parts[0].name == "title")
        #expect(parts[0].filename == nil)
        #expect(parts[0].contentType == nil)
        #expect(parts[0].text == "Hello")
        #expect(parts[1].name == "card")
        #expect(parts[1].filename == "a;b.vcf")
        #expect(parts[1].contentType == "text/vcard")
        #expect(parts[1].text == "BEGIN:VCARD\r\n--XyZnot-a-boundary\r\nEND:VCARD")
    }

    @Test func binaryContentIsKeptByteForByte() throws {
        let bytes: [UInt8] = [0, 255, 13, 10, 45, 45, 1]
        let body = Array("--b\r\nContent-Disposition: form-data; name=\"blob\"; filename=\"x.bin\"\r\n\r\n".utf8)
            + bytes + Array("\r\n--b--\r\n".utf8)
        let request = Request(method: "POST", path: "/", headers: ["Content-Type": "multipart/form-data; boundary=b"], body: body)
        #expect(try request.multipartParts().first?.data == bytes)
    }

    @Test func emptyFileFieldHasEmptyData() throws {
        let body = "--XyZ\r\nContent-Disposition: form-data; name=\"f\"; filename=\"\"\r\n"
            + "Content-Type: application/octet-stream\r\n\r\n\r\n--XyZ--"
        let part = try #require(try request(body).multipartParts().first)
        #expect(part.filename == "")
        #expect(part.data.isEmpty)
    }

    @Test func emptyFormHasNoParts() throws {
        #expect(try request("--XyZ--\r\n").multipartParts().isEmpty)
    }

    @Test func truncatedBodyIsA400() {
        #expect(throws: HTTPError(400, "Malformed multipart/form-data body.")) {
            try request("--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nno end").multipartParts()
        }
    }

    @Test func partWithoutNameIsA400() {
        #expect(throws: HTTPError(400, "Malformed multipart/form-data body.")) {
            try request("--XyZ\r\nContent-Type: text/plain\r\n\r\nx\r\n--XyZ--").multipartParts()
        }
    }

    @Test func otherContentTypesAreA400() {
        #expect(throws: HTTPError(400, "Expected a multipart/form-data body.")) {
            try request("a=1", contentType: "application/x-www-form-urlencoded").multipartParts()
        }
    }
}
