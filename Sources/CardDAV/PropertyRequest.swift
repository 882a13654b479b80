/// What a PROPFIND or REPORT asks for (RFC 4918 §9.1, §14.20): every live property, only the
/// names, or named properties.
enum PropertyRequest {
    case all
    case names
    case some([XMLName])

    /// From a `<d:propfind>` body, or the `<d:prop>` of a REPORT; an empty PROPFIND body means allprop.
    init(propfind body: XMLNode?) throws {
        guard let body else {
            self = .all
            return
        }
        guard body.name == .dav("propfind") else { throw DAVError(400, "A PROPFIND body must be a DAV:propfind element.") }
        if body.child(.dav("propname")) != nil {
            self = .names
        } else if let prop = body.child(.dav("prop")) {
            self = .some(prop.children.map(\.name))
        } else {
            self = .all
        }
    }

    /// The `<d:prop>` child of a REPORT body; allprop when there is none.
    init(report body: XMLNode) {
        self = body.child(.dav("prop")).map { .some($0.children.map(\.name)) } ?? .all
    }

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
    }

    /// The values, in a stable order.
    private(set) var values: [Property] = []

    mutating func set(_ name: XMLName, _ content: String = "") {
        values.append(Property(name: name, content: content))
    }

    mutating func setText(_ name: XMLName, _ text: String) {
        set(name, XMLOutput.escape(text))
    }

    /// A `<d:response>` for `href`: one propstat of what was found (200) and, for named
    /// properties, one of what was not (404), as RFC 4918 §9.1 and §14.22 lay out.
    func response(href: String, for request: PropertyRequest) -> String {
        var propstats = ""
        switch request {
        case .all:
            propstats = Self.propstat(values.map { XMLOutput.element($0.name, $0.content) }, 200)
        case .names:
            propstats = Self.propstat(values.map { XMLOutput.element($0.name) }, 200)
        case .some(let names):
            let found = names.compactMap { name in values.first { $0.name == name } }
            let missing = names.filter { name in !values.contains { $0.name == name } }
            propstats = Self.propstat(found.map { XMLOutput.element($0.name, $0.content) }, 200)
                + Self.propstat(missing.map { XMLOutput.element($0) }, 404)
        }
        return XMLOutput.element(.dav("response"), XMLOutput.href(href) + propstats)
    }

    private static func propstat(_ properties: [String], _ status: Int) -> String {
        guard !properties.isEmpty else { return "" }
        return XMLOutput.element(.dav("propstat"), XMLOutput.element(.dav("prop"), properties.joined()) + XMLOutput.status(status))
    }
}
