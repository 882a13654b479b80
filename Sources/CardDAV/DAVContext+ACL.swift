import ContactsStore
import Foundation
import HTTP
import Wording

/// WebDAV access control (RFC 3744), as RFC 6352 §7 asks of a CardDAV server: every resource
/// has one protected ACE granting the user asking what they may do — everything but write-acl
/// in their own books, what the owner shared a book for in a book shared with them — readable
/// through the ACL properties and reports, and the ACL method cannot add others.
extension DAVContext {
    /// The reports on principals (RFC 3744 §9), answered on any resource a user can see.
    static let principalReports: [XMLName] = [
        .dav("acl-principal-prop-set"), .dav("principal-match"), .dav("principal-property-search"), .dav("principal-search-property-set"),
    ]

    /// The privileges held with this access: the owner's everything but write-acl on
    /// collections and cards (`readOnly` is what anyone holds on a principal); a read-write share
    /// changes cards (write-content, bind, unbind) but not the book's properties.
    static func privileges(_ access: BookAccess) -> [String] {
        let read = ["read", "read-acl", "read-current-user-privilege-set"]
        return switch access {
        case .owner: read + ["write", "write-properties", "write-content", "bind", "unbind"]
        case .readWrite: read + ["write-content", "bind", "unbind"]
        case .readOnly: read
        }
    }

    private static func privilegeElements(_ names: [String]) -> String {
        names.map { XMLOutput.element(.dav("privilege"), XMLOutput.element(.dav($0))) }.joined()
    }

    /// The privileges this server knows, as a tree (RFC 3744 §5.3).
    private static let supportedPrivileges: String = {
        func privilege(_ name: String, _ description: String, abstract: Bool = false, _ children: String = "") -> String {
            XMLOutput.element(.dav("supported-privilege"), privilegeElements([name]) + (abstract ? XMLOutput.element(.dav("abstract")) : "")
                + #"<d:description xml:lang="en">\#(XMLOutput.escape(description))</d:description>"# + children)
        }
        let write = ["write-properties": "Change properties", "write-content": "Change a card", "bind": "Add a card or address book",
                     "unbind": "Remove a card or address book"].sorted { $0.key < $1.key }.map { privilege($0.key, $0.value) }.joined()
        return privilege("all", "Everything", abstract: true, privilege("read", "Read") + privilege("read-acl", "Read the access list")
            + privilege("read-current-user-privilege-set", "Read one's own privileges") + privilege("write", "Write", write))
    }()

    /// RFC 3744 §5: owner (the user asking, or the owner of a book shared with them), the
    /// privileges of the one asking, the ACL with its restrictions, and where principals are.
    func accessControlProperties(_ set: inout PropertySet, access: BookAccess, sharedBy owner: String? = nil) {
        // Each value is worked out only when it is asked for (a multiget asks for none of them).
        set.set(.dav("owner"), XMLOutput.href(owner.map { DAVPath.principal(user: $0).path } ?? principalPath))
        set.set(.dav("current-user-privilege-set"), Self.privilegeElements(Self.privileges(access)))
        set.set(.dav("supported-privilege-set"), Self.supportedPrivileges)
        set.set(.dav("acl"), XMLOutput.element(.dav("ace"), XMLOutput.element(.dav("principal"), XMLOutput.href(principalPath))
            + XMLOutput.element(.dav("grant"), Self.privilegeElements(Self.privileges(access))) + XMLOutput.element(.dav("protected"))))
        set.set(.dav("acl-restrictions"), XMLOutput.element(.dav("grant-only")) + XMLOutput.element(.dav("no-invert")))
        set.set(.dav("inherited-acl-set"))
        set.set(.dav("principal-collection-set"), XMLOutput.href(DAVPath.principals.path))
    }

    /// RFC 3744 §4: a principal's other addresses and groups (none here).
    func principalMembership(_ set: inout PropertySet) {
        set.set(.dav("alternate-URI-set"))
        set.set(.dav("group-member-set"))
        set.set(.dav("group-membership"))
    }

    /// The principal collection (RFC 3744 §5.8): it lists only the user's own principal.
    func principalCollectionProperties() -> PropertySet {
        var set = PropertySet()
        set.set(.dav("resourcetype"), XMLOutput.element(.dav("collection")))
        set.setText(.dav("displayname"), "Principals")
        set.set(.dav("supported-report-set"), Self.supportedReports(Self.principalReports + [.dav("expand-property")]))
        set.set(.dav("current-user-principal"), XMLOutput.href(principalPath))
        accessControlProperties(&set, access: .readOnly)
        return set
    }

    /// ACL (RFC 3744 §8.1): the owner's ACE is protected and no other may be added, so only
    /// a request that sets no ACE (and so changes nothing) succeeds.
    func acl() throws -> Response {
        guard let body = try body(), body.name == .dav("acl") else { throw DAVError(400, davWording.bodyMustBe("ACL", "DAV:acl")) }
        guard body.children(.dav("ace")).isEmpty else {
            throw DAVError(403, davWording.accessIsFixed, precondition: .dav("limited-number-of-aces"))
        }
        return Response(status: 200)
    }

    /// The RFC 3744 §9 reports, all with Depth 0.
    func principalReport(_ body: XMLNode) throws -> Response {
        try requireDepthZero(for: body.name)
        let wanted = try PropertyRequest(report: body)
        var responses = Multistatus()
        switch body.name {
        case .dav("principal-search-property-set"):
            guard path == .principals else { throw DAVError(403, davWording.runOn(DAVPath.principals.path), precondition: .dav("supported-report")) }
            let search = XMLOutput.element(.dav("principal-search-property"), XMLOutput.element(.dav("prop"), XMLOutput.element(.dav("displayname")))
                + #"<d:description xml:lang="en">Name</d:description>"#)
            return Response(status: 200, headers: ["Content-Type": "application/xml; charset=utf-8"],
                            body: Array(XMLOutput.document(root: .dav("principal-search-property-set"), search).utf8))
        case .dav("principal-property-search"):
            // Caseless substring matches on the displayname (the user name); all must hold unless test="anyof".
            let searches = body.children(.dav("property-search"))
            guard !searches.isEmpty else { throw DAVError(400, davWording.principalSearchNeedsSearch) }
            let results = searches.map { search in
                let names = search.child(.dav("prop"))?.children.map(\.name) ?? []
                let match = search.child(.dav("match"))?.text ?? ""
                return names.contains(.dav("displayname")) && (match.isEmpty || user.username.range(of: match, options: .caseInsensitive) != nil)
            }
            if body.attributes["test"] == "anyof" ? results.contains(true) : results.allSatisfy({ $0 }) {
                responses.append(principalProperties(), href: principalPath, for: wanted)
            }
        case .dav("principal-match"):
            if body.child(.dav("self")) != nil {
                if path == .principals || path == .principal(user: user.username) {
                    responses.append(principalProperties(), href: principalPath, for: wanted)
                }
            } else if let property = body.child(.dav("principal-property"))?.children.first?.name {
                for (href, properties) in try members() where properties.values.contains(where: {
                    $0.name == property && $0.content.contains(XMLOutput.href(principalPath))
                }) {
                    responses.append(properties, href: href, for: wanted)
                }
            } else {
                throw DAVError(400, davWording.principalMatchNeedsTarget)
            }
        default:  // acl-principal-prop-set: the principals the ACL names, which is the owner alone.
            responses.append(principalProperties(), href: principalPath, for: wanted)
        }
        return responses.response()
    }

    /// The resources in the collection the request names, with their properties.
    private func members() throws -> [(href: String, properties: PropertySet)] {
        switch path {
        case .principals: return [(principalPath, principalProperties())]
        case .home: return try store.addressBooks(for: user).map { (bookPath($0), try bookProperties($0)) }
        default: return []
        }
    }
}
