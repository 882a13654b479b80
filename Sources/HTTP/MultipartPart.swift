/// One part of a `multipart/form-data` body.
public struct MultipartPart: Sendable {
    /// The form field name from Content-Disposition.
    public var name: String
    /// The uploaded file's name, when the part is a file.
    public var filename: String?
    /// The part's Content-Type, when given.
    public var contentType: String?
    /// All of the part's headers.
    public var headers: HTTPHeaders
    /// The part's content.
    public var data: [UInt8]

    /// Creates a part.
    public init(name: String, filename: String? = nil, contentType: String? = nil, headers: HTTPHeaders = .init(), data: [UInt8]) {
        self.name = name
        self.filename = filename
        self.contentType = contentType
        self.headers = headers
        self.data = data
    }

    /// The content decoded as UTF-8.
    public var text: String { String(decoding: data, as: UTF8.self) }
}
