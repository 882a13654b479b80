#if !AGENT_FUZZ
@testable import HTTP
#endif

/// What must hold for any User-Agent, checked by the libFuzzer harness (`scripts/fuzz.sh agent`,
/// which compiles this file with Sources/HTTP/BrowserIdentity.swift) and by the regression tests:
/// the bytes, read as the server reads a header (invalid UTF-8 repaired), name a browser and a
/// system from BrowserIdentity's own lists or nothing, the same each time they are read; and
/// once a User-Agent is `readLength` characters long, nothing appended to it changes what it
/// names, whether it is that long itself or padded to that length in front, its last character
/// at the end of what is read.
enum UserAgentFuzzOracle {
    /// What is appended to a User-Agent as long as what is read, besides the input itself:
    /// marks that join the character before them, and tokens of every list.
    static let tails = ["\u{301}", "\u{200D}", "\u{FE0F}", "\u{1F3FB}", " Edg/1 (iPhone; Windows NT 10.0; CrOS) Firefox/2 Chrome/3"]

    /// The invariants broken by `bytes` read as a User-Agent; empty when all hold.
    static func problems(in bytes: [UInt8]) -> [String] {
        var problems: [String] = []
        let userAgent = String(decoding: bytes, as: UTF8.self)
        let identity = BrowserIdentity(userAgent: userAgent)
        if BrowserIdentity(userAgent: userAgent) != identity { problems.append("read twice, it names different things") }
        if let browser = identity.browser, !BrowserIdentity.browsers.contains(where: { $0.name == browser }) {
            problems.append("the browser \(browser.debugDescription) is none of the list's")
        }
        if let system = identity.system, !BrowserIdentity.systems.contains(where: { $0.name == system }) {
            problems.append("the system \(system.debugDescription) is none of the list's")
        }
        // Spaces in front until it is as long as what is read (again when the last space and a
        // mark the input starts with make one character).
        var long = userAgent
        while long.count < BrowserIdentity.readLength {
            long = String(repeating: " ", count: BrowserIdentity.readLength - long.count) + long
        }
        let named = BrowserIdentity(userAgent: long)
        for tail in tails + [userAgent] where !tail.isEmpty {
            let longer = BrowserIdentity(userAgent: long + tail)
            if longer != named {
                problems.append("\(tail.debugDescription) after \(long.count) characters named \(longer), not \(named)")
            }
        }
        return problems
    }
}
