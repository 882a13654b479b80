#if !SEALED_FUZZ
@testable import Accounts
#endif

/// What must hold for any text a browser sends back where the server expects a sealed value
/// (the devices page's `pc_device_setup` cookie), checked by the libFuzzer harness
/// (`scripts/fuzz.sh sealed`, which compiles this file with Sources/Accounts/SecretToken*.swift)
/// and by the regression tests: it never opens unless the server sealed it, whatever its bytes
/// and however long; and the same text, sealed, opens back to itself under its key alone, and
/// not once any byte of it changes or it is cut.
enum SealedFuzzOracle {
    static let key = Array("a key the fuzzer's values are never sealed under".utf8)

    /// The invariants broken by `bytes` read as a cookie's value; empty when all hold.
    static func problems(in bytes: [UInt8]) -> [String] {
        var problems: [String] = []
        let text = String(decoding: bytes, as: UTF8.self)
        if SecretToken.open(text, key: key, maximumLength: .max) != nil { problems.append("a value the server never sealed opened") }
        let sealed = SecretToken.seal(text, key: key)
        if SecretToken.open(sealed, key: key, maximumLength: .max) != text { problems.append("sealed, it does not open back to itself") }
        if SecretToken.open(sealed, key: key + [0], maximumLength: .max) != nil { problems.append("it opened under another key") }
        if SecretToken.open(sealed, key: key, maximumLength: sealed.utf8.count - 1) != nil { problems.append("it opened over its length limit") }
        var characters = Array(sealed)
        let middle = characters.count / 2
        characters[middle] = characters[middle] == "A" ? "B" : "A"
        if SecretToken.open(String(characters), key: key, maximumLength: .max) != nil { problems.append("it opened with a character changed") }
        if SecretToken.open(String(sealed.dropLast()), key: key, maximumLength: .max) != nil { problems.append("it opened cut short") }
        return problems
    }
}
