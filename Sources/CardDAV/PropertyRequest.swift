import ContactsStore
import Wording

/// What a PROPFIND or REPORT asks for (RFC 4918 §9.1, §14.20): every live property (and those
/// an `include` names besides), only the names, or named properties.
enum PropertyRequest {
    case allIncluding([XMLName])
    case names
    case some([XMLName])

    /// From a `<d:propfind>` body, or the `<d:prop>` of a REPORT; an empty PROPFIND body means allprop.
    /// RFC 4918 §14.20: `propname | (allprop, include?) | prop`, so a body with two of them, two
    /// of one, or an include without allprop is 400. Elements of other namespaces are ignored
    /// (RFC 4918 §17); a propfind with none of the three reads as allprop, as an empty body does.
    init(propfind body: XMLNode?) throws {
        guard let body else {
            self = .all
            return
        }
        guard body.name == .dav("propfind") else { throw DAVError(400, davWording.bodyMustBe("PROPFIND", "DAV:propfind")) }
        let propnames = body.children(.dav("propname")), allprops = body.children(.dav("allprop")), props = body.children(.dav("prop"))
        guard propnames.count + allprops.count + props.count <= 1 else {
            throw DAVError(400, davWording.propfindHoldsOne)
        }
        let includes = body.children(.dav("include"))
        guard includes.isEmpty || (allprops.count == 1 && includes.count == 1) else {
            throw DAVError(400, davWording.includeWithAllprop)
        }
        if !propnames.isEmpty {
            self = .names
        } else if let prop = props.first {
            self = .some(prop.children.map(\.name))
        } else {
            self = .allIncluding(includes.first?.children.map(\.name) ?? [])
        }
    }

    /// The `<d:prop>` child of a REPORT body; allprop when there is none. A report holds at
    /// most one (RFC 3744 §9.2, RFC 6352 §8.6–§8.7, RFC 6578 §6.1): two are 400.
    init(report body: XMLNode) throws {
        let props = body.children(.dav("prop"))
        guard props.count <= 1 else { throw DAVError(400, davWording.atMostOneProp(body.name.local)) }
        self = props.first.map { .some($0.children.map(\.name)) } ?? .all
    }

    /// allprop without include.
    static let all = PropertyRequest.allIncluding([])

    /// Whether a property's value is wanted (so that costly ones are computed only then).
    func wants(_ name: XMLName) -> Bool {
        if case .some(let names) = self { return names.contains(name) }
        return false
    }
}

/// The properties of one resource and how they are reported in a `<d:response>`.
struct PropertySet {
    /// A property's name and its value as XML content (empty for an empty element).
    struct Property {
        let name: XMLName
        let content: String
        /// The attributes of the property element (a dead property's, RFC 4918 §4.3).
        var attributes: [DeadProperty.Attribute] = []
        /// Whether allprop reports it: the properties RFC 3253, RFC 3744, RFC 5397, RFC 6352
        /// and RFC 6578 define are given only when asked for by name.
        var inAllprop = true
    }

    /// The live properties allprop leaves out (they are costly or only for those who ask).
    static let askedForOnly: Set<XMLName> = [
        .dav("owner"), .dav("current-user-privilege-set"), .dav("supported-privilege-set"), .dav("acl"), .dav("acl-restrictions"),
        .dav("inherited-acl-set"), .dav("principal-collection-set"), .dav("alternate-URI-set"), .dav("group-member-set"),
        .dav("group-membership"), .dav("supported-report-set"), .dav("sync-token"), .dav("current-user-principal"),
        .cardDAV("supported-address-data"), .cardDAV("max-resource-size"), .cardDAV("supported-collation-set"),
        .cardDAV("addressbook-home-set"),
    ]

    /// The values, in a stable order.
    private(set) var values: [Property] = []
    /// Which values are computed: a value not asked for is not worked out at all.
    private let computed: PropertyRequest

    /// A set that works out the values `computed` asks for (all of them by default).
    init(computing computed: PropertyRequest = .all) {
        self.computed = computed
    }

    mutating func set(_ name: XMLName, _ content: @autoclosure () -> String = "") {
        switch computed {
        case .allIncluding where Self.askedForOnly.contains(name): values.append(Property(name: name, content: content(), inAllprop: false))
        case .allIncluding: values.append(Property(name: name, content: content()))
        case .names: values.append(Property(name: name, content: ""))
        case .some: if computed.wants(name) { values.append(Property(name: name, content: content())) }
        }
    }

    /// A dead property: its content (XML, or text escaped here) and its attributes.
    mutating func set(_ property: DeadProperty) {
        let name = XMLName(property.namespace, property.name)
        switch computed {
        case .names: values.append(Property(name: name, content: ""))
        case .some where !computed.wants(name): break
        default:
            values.append(Property(name: name, content: property.contentXML ?? XMLOutput.escape(property.value), attributes: property.attributes))
        }
    }

    mutating func setText(_ name: XMLName, _ text: @autoclosure () -> String) {
        set(name, XMLOutput.escape(text()))
    }

    /// Writes the `<d:response>` for `href`: one propstat of what was found (200) and, for named
    /// properties, one of what was not (404), as RFC 4918 §9.1 and §14.22 lay out.
    func write(href: String, for request: PropertyRequest, into xml: inout XMLBuffer) {
        xml += XMLOutput.responseTags.open
        XMLOutput.writeHref(href, into: &xml)
        writePropstats(for: request, into: &xml)
        xml += XMLOutput.responseTags.close
    }

    /// The propstats of `write`: what follows the href.
    func writePropstats(for request: PropertyRequest, into xml: inout XMLBuffer) {
        switch request {
        case .allIncluding(let included):
            Self.writePropstat(values.filter { $0.inAllprop || included.contains($0.name) }, 200, into: &xml)
        case .names:
            Self.writePropstat(values.map { Property(name: $0.name, content: "") }, 200, into: &xml)
        case .some(let names) where names.isEmpty:
            // An empty <d:prop/>: still one propstat, so the response says the resource is there.
            xml += "<d:propstat><d:prop/>" + XMLOutput.status(200) + "</d:propstat>"
        case .some(let names):
            Self.writePropstat(values.filter { names.contains($0.name) }, 200, into: &xml)
            let missing = names.filter { name in !values.contains { $0.name == name } }
            Self.writePropstat(missing.map { Property(name: $0, content: "") }, 404, into: &xml)
        }
    }

    private static func writePropstat(_ properties: [Property], _ status: Int, into xml: inout XMLBuffer) {
        guard !properties.isEmpty else { return }
        xml += XMLOutput.propstatTags.open
        xml += XMLOutput.propTags.open
        for property in properties { XMLOutput.write(property.name, property.content, attributes: property.attributes, into: &xml) }
        xml += XMLOutput.propTags.close
        if status == 200 { xml += XMLOutput.okStatusBytes } else { xml += XMLOutput.status(status) }
        xml += XMLOutput.propstatTags.close
    }
}
