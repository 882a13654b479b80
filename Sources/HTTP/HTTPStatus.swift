/// Standard reason phrases for HTTP status codes.
public enum HTTPStatus {
    /// The reason phrase for a status, such as "Not Found" for 404; "Unknown" for codes not listed.
    public static func reasonPhrase(for status: Int) -> String {
        phrases[status] ?? "Unknown"
    }

    private static let phrases: [Int: String] = [
        100: "Continue", 101: "Switching Protocols",
        200: "OK", 201: "Created", 202: "Accepted", 204: "No Content", 206: "Partial Content", 207: "Multi-Status",
        301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
        307: "Temporary Redirect", 308: "Permanent Redirect",
        400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
        406: "Not Acceptable", 408: "Request Timeout", 409: "Conflict", 410: "Gone", 411: "Length Required",
        412: "Precondition Failed", 413: "Content Too Large", 414: "URI Too Long", 415: "Unsupported Media Type",
        422: "Unprocessable Content", 423: "Locked", 424: "Failed Dependency", 428: "Precondition Required",
        429: "Too Many Requests", 431: "Request Header Fields Too Large",
        500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable",
        504: "Gateway Timeout", 507: "Insufficient Storage",
    ]
}
