/// CardDAV's logins and refusals, in English only: sync clients show them as they come, and the
/// rest tell a client's developer what to change.
public struct DAVWording: Sendable {
    public init() {}

    /// What a sync client without credentials is asked for.
    public var syncLogIn: String { "Log in with your account name and password (or an app password)." }
    /// A throttled sync login, in seconds as Retry-After has it.
    public func tooManyLogins(seconds: Int) -> String { "Too many failed logins; try again in \(seconds) seconds." }
    public var putOutsideAddressBook: String { "PUT a vCard to a resource inside an address book." }
    public var sendVCard: String { "Send a vCard (text/vcard)." }
    public var noVCardInBody: String { "The body holds no vCard." }
    public var oneVCardPerResource: String { "Send one vCard per resource." }
    public func cardTooLarge(maximumBytes: Int) -> String { "A card may be at most \(maximumBytes) bytes." }
    /// A card that cannot be read or whose details are refused; `problem` says why.
    public func notAValidVCard(_ problem: String) -> String { "Not a valid vCard: \(problem)." }
    /// A control character (`U+0001`) in a card, in a property when it has a name.
    public func controlCharacter(_ character: String, property: String?, line: Int) -> String {
        (property.map { "\($0) (line \(line))" } ?? "Line \(line)")
            + " holds \(character), a control character, which vCard does not allow (RFC 6350 §3.3). "
            + "Remove it; a line break in a value is written \\n."
    }
    public var cardChangedOrExists: String { "The card has changed since (If-Match) or already exists (If-None-Match)." }
    public func cardHasAnotherUID(_ name: String) -> String { "The card \(name) has another UID; a PUT cannot change it." }
    public func uidTaken(_ uid: String) -> String { "UID \(uid) is already used by another card." }
    public func uidCannotNameCard(_ uid: String) -> String { "UID \(uid) cannot name a card (1–255 bytes, no control characters)." }
    public func nameCannotNameCard(_ name: String) -> String { "\(name) cannot name a card." }

    public var onlyAddressBookPropertiesChange: String { "Only address book properties can be changed." }
    /// A request body whose root is not the element the method takes ("A PROPFIND body must be a DAV:propfind element.").
    public func bodyMustBe(_ method: String, _ element: String) -> String {
        (method.first.map("AEIOU".contains) == true ? "An " : "A ") + "\(method) body must be a \(element) element."
    }
    public var notWellFormedXML: String { "The request body is not well-formed XML." }
    /// A request body nested deeper than the server reads.
    public func nestedTooDeep(maximumDepth: Int) -> String { "The request body nests elements more than \(maximumDepth) levels deep." }
    public var queryNeedsFilter: String { "addressbook-query needs a filter." }
    public var reportNeedsBody: String { "A REPORT needs a body." }
    public func noCard(_ name: String) -> String { "No card \(name)." }
    public func nothingAt(_ path: String) -> String { "Nothing is at \(path)." }
    public var reportOnAddressBook: String { "This report is run on an address book." }
    public func unsupportedReport(_ name: String) -> String { "Unsupported report \(name)." }
    public func notAnXMLName(_ name: String) -> String { "\(name) is not an XML name." }
    public var expandPropertyOnCard: String { "expand-property is answered for collections and the principal." }
    public var propfindHoldsOne: String { "A PROPFIND body holds one of propname, allprop (with an include) or prop." }
    public var includeWithAllprop: String { "include goes with allprop only, once." }
    public func atMostOneProp(_ report: String) -> String { "\(report) holds at most one DAV:prop." }
    public var syncLevel: String { "sync-level must be 1 or infinite." }
    public var invalidSyncToken: String { "The sync token is not valid here; sync again from scratch." }
    public var booksHoldCardsOnly: String { "Address books are made in the address book home; they hold cards only." }
    public func methodNotSupported(_ method: String) -> String { "\(method) is not supported here." }
    public var servedAsVCardOnly: String { "Cards are served as text/vcard only." }
    public var vCard21NotServed: String { "vCard 2.1 cards are accepted and stored as vCard 3.0/4.0; cards are served as vCard 3.0 or 4.0 only." }
    public var onlyVCard3And4Served: String { "Only vCard 3.0 and 4.0 are served." }
    public var servedAsVCard: String { "Cards are served as text/vcard (3.0, or 4.0 when asked for)." }
    public func unsupportedCollation(_ name: String) -> String { "Unsupported collation \(name)." }
    public func unknownMatchType(_ type: String) -> String { "Unknown match-type \(type)." }
    /// A prop-filter or param-filter without its name attribute.
    public func filterNeedsName(_ element: String) -> String { "\(element) needs a name." }
    public var cardChangedSince: String { "The card has changed since (If-Match)." }
    public var onlyCardsAndBooksDeleted: String { "Only cards and address books can be deleted." }
    public var collectionsHaveNoContent: String { "Collections have no content to GET; use PROPFIND." }
    public var nresultsPositive: String { "nresults must be a positive number." }
    public func bodyTooLarge(maximumBytes: Int) -> String { "The request body is larger than \(maximumBytes / 1_048_576) MiB." }
    public var doctypeNotAllowed: String { "DOCTYPE is not allowed in a request body." }
    public var processingInstructionsNotAllowed: String {
        "Processing instructions are not allowed in a request body; only the XML declaration is."
    }
    /// A body that is not UTF-8: sent with another charset, found to be in another encoding, or
    /// declaring one.
    public func bodyNotUTF8(sentAs encoding: String) -> String { "Request bodies must be UTF-8; this one is sent as \(encoding)." }
    public func bodyNotUTF8(is encoding: String) -> String { "Request bodies must be UTF-8; this one is \(encoding)." }
    public func bodyNotUTF8(declared encoding: String) -> String { "Request bodies must be UTF-8; this one is declared \(encoding)." }
    public var nulByte: String { "The request body holds a NUL byte, which XML does not allow." }
    public var bodyNotUTF8: String { "The request body is not UTF-8." }
    public var malformedXMLDeclaration: String { #"The XML declaration is malformed; write it as <?xml version="1.0" encoding="UTF-8"?>."# }
    public var accessIsFixed: String { "Access is fixed: each user alone reaches their own address books." }
    public func runOn(_ path: String) -> String { "Run it on \(path)." }
    public var principalSearchNeedsSearch: String { "principal-property-search needs a property-search." }
    public var principalMatchNeedsTarget: String { "principal-match needs self or principal-property." }
    public var booksCreatedInHome: String { "Address books are created in the address book home." }
    public func alreadyExists(_ name: String) -> String { "\(name) already exists." }
    public var unsupportedMkcolBody: String { "Unsupported MKCOL body." }
    public var onlyBooksCreated: String { "Only address books can be created here." }
    public func runWithDepthZero(_ report: String) -> String { "\(report) is run with Depth: 0." }
}
