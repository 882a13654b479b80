import ContactsStore
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// RFC 4918, RFC 3744, RFC 5689 and RFC 6352 requirements on properties, request bodies and
/// stored cards, each test naming the section it checks.
extension ConformanceTests {
    private static let example = "urn:example"

    // MARK: Dead properties (RFC 4918 §4.3)

    /// RFC 4918 §4.3: a dead property's value is its content and its attributes (`xml:lang`
    /// among them), and PROPFIND gives both back as they were set: child elements and mixed
    /// content keep their order, attribute values are escaped, namespaced attributes declared.
    @Test func deadPropertiesKeepTheirAttributesAndChildElements() throws {
        let patched = try alice.send("PROPPATCH", Self.book, body: "\u{FEFF}" + #"<?xml version="1.0" encoding="utf-8"?>"# + """
            <d:propertyupdate xmlns:d="DAV:" xmlns:x="urn:example" xmlns:o="urn:other"><d:set><d:prop>
            <x:details xml:lang="en">My Name</x:details>
            <x:quoted o:kind="a &amp; &quot;b&quot; &lt;c&gt;" x:own="1" plain="yes">Q &amp; A</x:quoted>
            <x:rich>one <x:b xml:lang="de">two</x:b> three<![CDATA[ <four> ]]><o:e/></x:rich>
            <x:flag x:on="true"/>
            </d:prop></d:set></d:propertyupdate>
            """)
        #expect(patched.status == 207 && !patched.body.contains("HTTP/1.1 424"))
        for request in [#"<x:details xmlns:x="urn:example"/><x:quoted xmlns:x="urn:example"/><x:rich xmlns:x="urn:example"/><x:flag xmlns:x="urn:example"/>"#,
                        nil] {
            let reply = if let request {
                try alice.propfind(Self.book, depth: 0, request)
            } else {
                try alice.send("PROPFIND", Self.book, body: #"<d:propfind xmlns:d="DAV:"><d:allprop/></d:propfind>"#, headers: ["Depth": "0"])
            }
            #expect(reply.status == 207)
            #expect(reply.body.contains(#"<x:details xmlns:x="urn:example" xml:lang="en">My Name</x:details>"#), "\(reply.body)")
            let elements = try parsedElements(reply.body)
            let details = try #require(elements.first { $0.namespace == Self.example && $0.local == "details" })
            #expect(details.attributes == ["xml:lang": "en"] && details.text == "My Name")
            let quoted = try #require(elements.first { $0.namespace == Self.example && $0.local == "quoted" })
            #expect(quoted.text == "Q & A")
            #expect(quoted.attributes.count == 3 && quoted.attributes["plain"] == "yes")
            #expect(quoted.resolvedAttributes["urn:other kind"] == #"a & "b" <c>"#)
            #expect(quoted.resolvedAttributes["urn:example own"] == "1")
            let rich = try #require(elements.first { $0.namespace == Self.example && $0.local == "rich" })
            #expect(rich.text == "one  three <four> ")
            let bold = try #require(elements.first { $0.namespace == Self.example && $0.local == "b" })
            #expect(bold.text == "two" && bold.attributes == ["xml:lang": "de"])
            #expect(elements.contains { $0.namespace == "urn:other" && $0.local == "e" })
            #expect(reply.body.contains("one <") && reply.body.contains("two</") && reply.body.contains("> three"), "mixed content keeps its order")
            let flag = try #require(elements.first { $0.namespace == Self.example && $0.local == "flag" })
            #expect(flag.resolvedAttributes == ["urn:example on": "true"])
        }
        // Setting it again without attributes leaves none behind.
        _ = try alice.send("PROPPATCH", Self.book, body: """
            <d:propertyupdate xmlns:d="DAV:" xmlns:x="urn:example"><d:set><d:prop><x:details>Plain</x:details></d:prop></d:set></d:propertyupdate>
            """)
        let plain = try alice.propfind(Self.book, depth: 0, #"<x:details xmlns:x="urn:example"/>"#)
        #expect(plain.body.contains(#"<x:details xmlns:x="urn:example">Plain</x:details>"#))
    }

    /// Dead properties stored before attributes were kept (text only) still come back as
    /// their text, escaped.
    @Test func deadPropertiesStoredAsTextStillRender() throws {
        let book = try #require(try server.store.addressBook(named: "contacts", for: server.alice))
        try server.store.setDeadProperty(namespace: Self.example, name: "old", value: "a < b & c", of: book.scope)
        let reply = try alice.propfind(Self.book, depth: 0, #"<x:old xmlns:x="urn:example"/>"#)
        #expect(reply.body.contains(#"<x:old xmlns:x="urn:example">a &lt; b &amp; c</x:old>"#))
        #expect(XMLParser(data: Data(reply.body.utf8)).parse())
    }

    // MARK: OPTIONS (RFC 5689 §3.1)

    /// RFC 5689 §3.1: where extended MKCOL is used (the home, an address book's URI), OPTIONS
    /// lists `extended-mkcol` in DAV.
    @Test func optionsAdvertisesExtendedMkcolWhereBooksAreMade() throws {
        for path in ["/dav/addressbooks/alice/", Self.book, "/dav/addressbooks/alice/new-one/"] {
            let reply = try alice.send("OPTIONS", path, authenticated: false)
            #expect(reply.status == 200)
            let classes = (reply.header("DAV") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(classes.contains("extended-mkcol") && classes.contains("addressbook"), "\(path): \(classes)")
        }
    }

    // MARK: Stored cards (RFC 6350 §3.3, RFC 6352 §6.2.2, §6.3.2.1)

    /// RFC 6350 §3.3 and RFC 6352 §6.3.2.1: a card holding characters the vCard grammar
    /// forbids (C0 controls but tab, CR and LF; DEL) is refused with valid-address-data and a
    /// message naming the property and the character, not stored with them dropped.
    @Test(arguments: [("NOTE:ring\u{07}bell", "NOTE", "U+0007"), ("X-CODE:a\u{7F}b", "X-CODE", "U+007F"),
                      ("item1.EMAIL;TYPE=x\u{01}:a@example.com", "EMAIL", "U+0001"), ("TEL:\u{1B}123", "TEL", "U+001B")])
    func aCardWithForbiddenCharactersIsRefusedNotRepaired(line: String, property: String, character: String) throws {
        let reply = try alice.put(Self.book + "bel.vcf", vcard("UID:bel", "FN:Bell", line))
        #expect(reply.status == 403)
        #expect(reply.body.contains("<card:valid-address-data/>"))
        #expect(reply.body.contains(property) && reply.body.contains(character), "\(reply.body)")
        #expect(try alice.send("GET", Self.book + "bel.vcf").status == 404)
        // Tabs, and line breaks as the line ends and folding they are, are allowed.
        let fine = try alice.put(Self.book + "tab.vcf", vcard("UID:tab", "FN:Tab", "NOTE:a\tb\\nc", " folded"))
        #expect(fine.status == 201 && fine.header("ETag") != nil)
    }

    /// U+FFFE and U+FFFF, which the vCard grammar allows but XML 1.0 cannot hold, are still
    /// stored, and served in XML answers as U+FFFD, so that those stay well-formed.
    @Test func aCardWithNoncharactersIsStoredAndGivesWellFormedAnswers() throws {
        #expect(try alice.put(Self.book + "nc.vcf", vcard("UID:nc", "FN:Bell\u{FFFF}", "X-CODE:a\u{FFFE}b")).status == 201)
        let multiget = try alice.report(Self.book, """
            <card:addressbook-multiget xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav">
            <d:prop><card:address-data/></d:prop><d:href>\(Self.book)nc.vcf</d:href></card:addressbook-multiget>
            """)
        #expect(multiget.status == 207 && XMLParser(data: Data(multiget.body.utf8)).parse())
        #expect(multiget.body.contains("FN:Bell\u{FFFD}") && multiget.body.contains("X-CODE:a\u{FFFD}b"))
    }

    /// RFC 6352 §6.2.2: supported-address-data lists what may be stored, vCard 2.1 included
    /// (it is stored as the 3.0/4.0 card it maps to, and the PUT answer has no ETag); address-data
    /// asking for 2.1 is refused with supported-address-data-conversion and says what is served.
    @Test func vCard21IsAcceptedForStorageAsAdvertisedAndServedAs30Or40() throws {
        let supported = try alice.propfind(Self.book, depth: 0, "<card:supported-address-data/>").body
        for version in ["2.1", "3.0", "4.0"] {
            #expect(supported.contains(#"<card:address-data-type content-type="text/vcard" version="\#(version)"/>"#))
        }
        let old = "BEGIN:VCARD\r\nVERSION:2.1\r\nUID:old\r\nN:Old;Phone\r\nFN:Old Phone\r\nTEL;CELL:+1 555 0100\r\nEND:VCARD\r\n"
        let put = try alice.put(Self.book + "old.vcf", old)
        #expect(put.status == 201 && put.header("ETag") == nil)
        #expect(try alice.send("GET", Self.book + "old.vcf").body.contains("VERSION:3.0"))
        let asked = try alice.report(Self.book, """
            <card:addressbook-multiget xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav">
            <d:prop><card:address-data content-type="text/vcard" version="2.1"/></d:prop><d:href>\(Self.book)old.vcf</d:href></card:addressbook-multiget>
            """)
        #expect(asked.status == 403)
        #expect(asked.body.contains("<card:supported-address-data-conversion/>") && asked.body.contains("3.0") && asked.body.contains("4.0"))
    }

    // MARK: Malformed bodies (RFC 4918 §14.20, RFC 3744 §9.2)

    /// RFC 4918 §14.20 (`propname | (allprop, include?) | prop`) and RFC 3744 §9.2 (at most one
    /// DAV:prop): bodies outside the grammar are 400, not read as one of their parts.
    @Test(arguments: [
        ("PROPFIND", #"<d:propfind xmlns:d="DAV:"><d:allprop/><d:propname/></d:propfind>"#),
        ("PROPFIND", #"<d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop><d:propname/></d:propfind>"#),
        ("PROPFIND", #"<d:propfind xmlns:d="DAV:"><d:allprop/><d:prop><d:getetag/></d:prop></d:propfind>"#),
        ("PROPFIND", #"<d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop><d:prop><d:displayname/></d:prop></d:propfind>"#),
        ("PROPFIND", #"<d:propfind xmlns:d="DAV:"><d:propname/><d:include><d:acl/></d:include></d:propfind>"#),
        ("REPORT", #"<d:acl-principal-prop-set xmlns:d="DAV:"><d:prop><d:displayname/></d:prop><d:prop><d:getetag/></d:prop></d:acl-principal-prop-set>"#),
        ("REPORT", #"<card:addressbook-multiget xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/></d:prop><d:prop/><d:href>/x</d:href></card:addressbook-multiget>"#),
    ])
    func bodiesOutsideTheGrammarAreRefused(method: String, body: String) throws {
        let reply = try alice.send(method, Self.book, body: body, headers: ["Depth": "0"])
        #expect(reply.status == 400, "\(reply.body)")
    }

    /// The forms the grammar allows still work: allprop with include, an unknown element
    /// beside prop (RFC 4918 §17: ignored), one DAV:prop in acl-principal-prop-set.
    @Test func bodiesInsideTheGrammarAreAnswered() throws {
        for (method, body) in [
            ("PROPFIND", #"<d:propfind xmlns:d="DAV:"><d:allprop/><d:include><d:sync-token/></d:include></d:propfind>"#),
            ("PROPFIND", #"<d:propfind xmlns:d="DAV:" xmlns:x="urn:example"><x:hint/><d:prop><d:getetag/></d:prop></d:propfind>"#),
            ("PROPFIND", #"<d:propfind xmlns:d="DAV:"><d:propname/></d:propfind>"#),
            ("REPORT", #"<d:acl-principal-prop-set xmlns:d="DAV:"><d:prop><d:displayname/></d:prop></d:acl-principal-prop-set>"#),
        ] {
            #expect(try alice.send(method, Self.book, body: body, headers: ["Depth": "0"]).status == 207, "\(body)")
        }
    }

    /// RFC 4918 §9.1: allprop with include also gives the properties include names, which
    /// allprop alone leaves out.
    @Test func allpropWithIncludeGivesTheIncludedProperties() throws {
        let plain = try alice.send("PROPFIND", Self.book, body: #"<d:propfind xmlns:d="DAV:"><d:allprop/></d:propfind>"#, headers: ["Depth": "0"])
        #expect(plain.status == 207 && plain.body.contains("<d:displayname>") && !plain.body.contains("<d:sync-token>"))
        let included = try alice.send("PROPFIND", Self.book, body: """
            <d:propfind xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:allprop/><d:include><d:sync-token/><card:max-resource-size/></d:include></d:propfind>
            """, headers: ["Depth": "0"])
        #expect(included.status == 207 && included.body.contains("<d:displayname>"))
        #expect(included.body.contains("<d:sync-token>") && included.body.contains("<card:max-resource-size>"))
        #expect(!included.body.contains("<d:acl>"))
    }

    // MARK: Reports on the home (RFC 3253 §3.1.5)

    /// RFC 3253 §3.1.5: the address book home lists the reports it answers, and each of them
    /// is answered there.
    @Test func theHomeListsTheReportsItAnswers() throws {
        let home = "/dav/addressbooks/alice/"
        let reply = try alice.propfind(home, depth: 0, "<d:supported-report-set/>")
        #expect(reply.status == 207)
        #expect(!reply.body.contains("404"))
        let reports = ["expand-property", "acl-principal-prop-set", "principal-match", "principal-property-search"]
        for report in reports {
            #expect(reply.body.contains("<d:report><d:\(report)/></d:report>"), "\(report)")
        }
        #expect(!reply.body.contains("addressbook-query") && !reply.body.contains("sync-collection"))
        let bodies = [
            #"<d:expand-property xmlns:d="DAV:"><d:property name="displayname"/></d:expand-property>"#,
            #"<d:acl-principal-prop-set xmlns:d="DAV:"><d:prop><d:displayname/></d:prop></d:acl-principal-prop-set>"#,
            #"<d:principal-match xmlns:d="DAV:"><d:principal-property><d:owner/></d:principal-property></d:principal-match>"#,
            #"<d:principal-property-search xmlns:d="DAV:"><d:property-search><d:prop><d:displayname/></d:prop><d:match>ali</d:match></d:property-search></d:principal-property-search>"#,
        ]
        for body in bodies {
            #expect(try alice.report(home, body).status == 207, "\(body)")
        }
    }
}

/// An element of a response, with its attributes as written (qualified names) and resolved
/// (`namespace local`), and its own text.
private struct ParsedElement {
    var namespace: String
    var local: String
    var attributes: [String: String]
    var resolvedAttributes: [String: String] = [:]
    var text = ""
}

/// Every element of an XML document, in document order; throws when it is not well-formed.
private func parsedElements(_ xml: String) throws -> [ParsedElement] {
    final class Collector: NSObject, XMLParserDelegate {
        var done: [ParsedElement] = []
        var stack: [ParsedElement] = []
        var scopes: [[String: String]] = [["xml": "http://www.w3.org/XML/1998/namespace"]]
        var pending: [String: String] = [:]

        func parser(_ parser: XMLParser, didStartMappingPrefix prefix: String, toURI namespaceURI: String) {
            pending[prefix] = namespaceURI
        }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            scopes.append(scopes.last!.merging(pending) { $1 })
            pending = [:]
            let own = attributes.filter { !$0.key.hasPrefix("xmlns") }
            var element = ParsedElement(namespace: namespaceURI ?? "", local: elementName, attributes: own)
            for (name, value) in own {
                let parts = name.split(separator: ":", maxSplits: 1).map(String.init)
                let key = parts.count == 2 ? "\(scopes.last![parts[0]] ?? "?") \(parts[1])" : " \(name)"
                element.resolvedAttributes[key] = value
            }
            stack.append(element)
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if !stack.isEmpty { stack[stack.count - 1].text += string }
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            if !stack.isEmpty { stack[stack.count - 1].text += String(decoding: CDATABlock, as: UTF8.self) }
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            scopes.removeLast()
            if let element = stack.popLast() { done.append(element) }
        }
    }
    let collector = Collector()
    let parser = XMLParser(data: Data(xml.utf8))
    parser.shouldProcessNamespaces = true
    parser.shouldReportNamespacePrefixes = true
    parser.delegate = collector
    guard parser.parse() else { throw CocoaError(.propertyListReadCorrupt) }
    return collector.done
}
