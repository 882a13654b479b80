import Blanks

/// An in-memory file served with a strong ETag, conditional GET (304) and Cache-Control.
public struct StaticAsset: Responder {
    /// The Content-Type sent with the asset.
    public let contentType: String
    /// The asset's content.
    public let bytes: [UInt8]
    /// The Cache-Control header sent with the asset.
    public let cacheControl: String
    /// The strong entity tag, quoted, derived from the bytes.
    public let etag: String

    /// Creates an asset; the ETag is computed from the bytes.
    public init(contentType: String, bytes: [UInt8], cacheControl: String = "public, max-age=3600") {
        self.contentType = contentType
        self.bytes = bytes
        self.cacheControl = cacheControl
        etag = Self.entityTag(for: bytes)
    }

    /// Answers GET and HEAD with the asset, or 304 when If-None-Match names its ETag; other methods get 405.
    public func respond(to request: Request) throws -> Response {
        guard request.method == "GET" || request.method == "HEAD" else {
            throw HTTPError(405, headers: ["Allow": "GET, HEAD"])
        }
        var headers: HTTPHeaders = ["ETag": etag, "Cache-Control": cacheControl]
        if let condition = request.headers["If-None-Match"], matches(condition) {
            return Response(status: 304, headers: headers)
        }
        headers["Content-Type"] = contentType
        return Response(status: 200, headers: headers, body: bytes)
    }

    /// If-None-Match uses weak comparison: `W/` prefixes are ignored, `*` matches anything.
    private func matches(_ condition: String) -> Bool {
        condition.split(separator: ",").contains { candidate in
            let tag = candidate.trimmingBlanks()
            return tag == "*" || (tag.hasPrefix("W/") ? tag.dropFirst(2) : tag) == etag
        }
    }

    /// `"<64-bit FNV-1a hex>-<length hex>"`.
    private static func entityTag(for bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return "\"\(String(hash, radix: 16))-\(String(bytes.count, radix: 16))\""
    }
}
