import Blanks

/// An HTTP request as handed to responders.
public struct Request: Sendable {
    /// The method, uppercased: "GET", "PROPFIND".
    public var method: String
    /// The percent-decoded path, without the query.
    public var path: String
    /// The path as received, still percent-encoded, without the query.
    public var rawPath: String
    /// The decoded query parameters; the last of repeated names wins.
    public var query: [String: String]
    /// The request headers in the order received.
    public var headers: HTTPHeaders
    /// The request body.
    public var body: [UInt8]
    /// The peer's IP address as text.
    public var clientAddress: String
    /// Whether the request came over TLS.
    public var isSecure: Bool
    /// Typed storage for middleware.
    public var attributes = RequestAttributes()

    /// Creates a request from its parts; `rawPath` defaults to `path`.
    public init(method: String = "GET", path: String, rawPath: String? = nil, query: [String: String] = [:],
                headers: HTTPHeaders = .init(), body: [UInt8] = [], clientAddress: String = "127.0.0.1",
                isSecure: Bool = false) {
        self.method = method.uppercased()
        self.path = path
        self.rawPath = rawPath ?? path
        self.query = query
        self.headers = headers
        self.body = body
        self.clientAddress = clientAddress
        self.isSecure = isSecure
    }

    /// Creates a request from a request target as received, such as `/a%20b?x=1`.
    public init(method: String, target: String, headers: HTTPHeaders = .init(), body: [UInt8] = [],
                clientAddress: String = "127.0.0.1", isSecure: Bool = false) {
        // Split at the first `?`, found as a byte: ASCII, so the index is a character boundary.
        let question = target.utf8.firstIndex(of: UInt8(ascii: "?"))
        let rawPath = question.map { String(target[..<$0]) } ?? target
        self.init(method: method, path: URLEncoding.decode(rawPath), rawPath: rawPath,
                  query: question.map { URLEncoding.decodeForm(target[target.index(after: $0)...]) } ?? [:],
                  headers: headers, body: body, clientAddress: clientAddress, isSecure: isSecure)
    }

    /// The cookies of the Cookie header; the first of repeated names wins.
    public var cookies: [String: String] {
        var cookies: [String: String] = [:]
        for header in headers.values("Cookie") {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(parts[0].trimmingBlanks())
                guard parts.count == 2, !name.isEmpty, cookies[name] == nil else { continue }
                var value = parts[1].trimmingBlanks()
                if value.count >= 2, value.first == "\"", value.last == "\"" { value = value.dropFirst().dropLast() }
                cookies[name] = String(value)
            }
        }
        return cookies
    }

    /// The fields of an `application/x-www-form-urlencoded` body; empty for any other content type.
    public func formFields() -> [String: String] {
        guard mediaType.token == "application/x-www-form-urlencoded" else { return [:] }
        return URLEncoding.decodeForm(String(decoding: body, as: UTF8.self)[...])
    }

    /// Every value of the urlencoded body's field `name` (checkboxes of one name), in order.
    public func formValues(_ name: String) -> [String] {
        guard mediaType.token == "application/x-www-form-urlencoded" else { return [] }
        return URLEncoding.decodeFormPairs(String(decoding: body, as: UTF8.self)[...]).filter { $0.name == name }.map(\.value)
    }

    /// The parts of a `multipart/form-data` body; throws HTTPError 400 if the body is not one.
    public func multipartParts() throws -> [MultipartPart] {
        let type = mediaType
        guard type.token == "multipart/form-data", let boundary = type["boundary"], !boundary.isEmpty else {
            throw HTTPError(400, "Expected a multipart/form-data body.")
        }
        return try MultipartParser(boundary: boundary).parts(of: body)
    }

    private var mediaType: HeaderParameters { HeaderParameters(headers["Content-Type"] ?? "") }
}
