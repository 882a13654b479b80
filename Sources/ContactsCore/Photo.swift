/// A contact photo: image bytes in a format every browser and phone shows.
public struct Photo: Sendable, Equatable {
    /// The largest photo accepted, in bytes.
    public static let maximumSize = 1 << 20

    public let data: [UInt8]
    public let format: ImageFormat

    /// Recognises the image by its magic bytes; throws when it is not an image or too large.
    public init(data: [UInt8]) throws(ContactValidationError) {
        guard let format = ImageFormat(magicBytesOf: data) else { throw .unsupportedImage }
        guard data.count <= Self.maximumSize else { throw .photoTooLarge }
        self.data = data
        self.format = format
    }
}

/// The image formats a photo may have.
public enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg, png, gif, webp

    /// The format whose signature `data` starts with, if any.
    public init?(magicBytesOf data: [UInt8]) {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            data.count >= offset + prefix.count && Array(data[offset..<offset + prefix.count]) == prefix
        }
        if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
            self = .gif
        } else if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) {
            self = .webp
        } else {
            return nil
        }
    }

    /// The MIME type, e.g. "image/jpeg".
    public var mimeType: String { "image/" + rawValue }
}
