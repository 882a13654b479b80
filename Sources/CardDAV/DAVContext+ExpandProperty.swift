import HTTP
import Wording

/// expand-property (RFC 3253 §3.8) on the root, the principal or the home: the properties asked
/// for, with each href-valued one that has nested `<d:property>` requests replaced by the
/// response of the resource it points to (clients ask this of the principal's home set and
/// current-user-principal).
extension DAVContext {
    func expandProperty(_ body: XMLNode) throws -> Response {
        Self.multistatus(try expanded(path, body.children(.dav("property")), depth: 0))
    }

    private func expanded(_ target: DAVPath, _ requests: [XMLNode], depth: Int) throws -> String {
        let values = try properties(of: target).values
        var found = ""
        var missing = ""
        for request in requests {
            let name = XMLName(request.attributes["namespace"] ?? Namespace.dav, request.attributes["name"] ?? "")
            // The name becomes an element of the answer: it must be one.
            guard XMLName.isValidLocalName(name.local) else {
                throw DAVError(400, davWording.notAnXMLName(name.local))
            }
            guard let value = values.first(where: { $0.name == name }) else {
                missing += XMLOutput.element(name)
                continue
            }
            let nested = request.children(.dav("property"))
            let hrefs = Self.hrefs(in: value.content)
            if nested.isEmpty || hrefs.isEmpty || depth >= 2 {
                found += XMLOutput.element(name, value.content)
            } else {
                let inner = try hrefs.compactMap(DAVPath.init).filter { $0.user == nil || $0.user == user.username }
                    .map { try expanded($0, nested, depth: depth + 1) }.joined()
                found += XMLOutput.element(name, inner)
            }
        }
        var propstats = ""
        if !found.isEmpty { propstats += XMLOutput.element(.dav("propstat"), XMLOutput.element(.dav("prop"), found) + XMLOutput.status(200)) }
        if !missing.isEmpty { propstats += XMLOutput.element(.dav("propstat"), XMLOutput.element(.dav("prop"), missing) + XMLOutput.status(404)) }
        return XMLOutput.element(.dav("response"), XMLOutput.href(target.path) + propstats)
    }

    /// The live properties of a resource the principal's properties point to.
    private func properties(of target: DAVPath) throws -> PropertySet {
        switch target {
        case .root: rootProperties()
        case .principals: principalCollectionProperties()
        case .principal: principalProperties()
        case .home: homeProperties()
        case .addressBook(_, let name): try bookProperties(try addressBook(named: name))
        case .card: throw DAVError(403, davWording.expandPropertyOnCard)
        }
    }

    /// The paths of the `<d:href>` elements in a property's XML content.
    private static func hrefs(in content: String) -> [String] {
        content.components(separatedBy: "<d:href>").dropFirst().compactMap { part in
            part.components(separatedBy: "</d:href>").first?.removingPercentEncoding
        }
    }
}
