import Base64URL
#if !CBOR_FUZZ
import TestSupport
@testable import WebAuthn
#endif

/// What must hold for any bytes, checked by the libFuzzer harness (`scripts/fuzz.sh cbor`, which
/// compiles this file and Tests/TestSupport/CBORWriter.swift with Sources/WebAuthn) and by the regression tests:
/// reading never crashes and gives the same answer twice; what is read, written in the shortest
/// form, reads back the same and is never longer; authenticator data, a COSE key or client data
/// read from the same bytes fails with an error, never a crash; and the bytes read as base64url,
/// when they are, write back to text that reads as the same bytes.
enum CBORFuzzOracle {
    static func problems(in bytes: [UInt8]) -> [String] {
        var problems: [String] = []
        let first = Result<CBOR, CBORError> { () throws(CBORError) in try CBORReader.decode(bytes) }
        let second = Result<CBOR, CBORError> { () throws(CBORError) in try CBORReader.decode(bytes) }
        switch (first, second) {
        case (.success(let item), .success(let again)):
            if item != again { problems.append("read twice, the bytes gave two items") }
            let written = CBORWriter.encode(item)
            if written.count > bytes.count { problems.append("the shortest form is longer than what was read") }
            if (try? CBORReader.decode(written)) != item { problems.append("the shortest form reads back differently") }
            _ = try? COSEKey(item)
        case (.failure(let error), .failure(let again)):
            if error != again { problems.append("read twice, the bytes failed differently") }
        default:
            problems.append("read twice, the bytes were read once")
        }
        _ = try? ClientData(bytes)
        if let decoded = Base64URL.decode(String(decoding: bytes, as: UTF8.self)), Base64URL.decode(Base64URL.encode(decoded)) != decoded {
            problems.append("base64url of the decoded bytes reads back differently")
        }
        _ = try? AuthenticatorData(bytes)
        _ = try? AuthenticatorData(Array(repeating: 0, count: 32) + [0xC5, 0, 0, 0, 1] + Array(repeating: 0, count: 16)
                                   + [0, 1, 7] + bytes)
        return problems
    }
}
