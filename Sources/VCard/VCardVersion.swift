import Blanks

/// The vCard versions this library reads.
public enum VCardVersion: String, Sendable, CaseIterable {
    /// The versit vCard 2.1 specification (1996).
    case v2_1 = "2.1"
    /// RFC 2425 and RFC 2426.
    case v3_0 = "3.0"
    /// RFC 6350.
    case v4_0 = "4.0"

    /// Reads a VERSION value leniently: surrounding whitespace is ignored and a bare major
    /// version (`VERSION:4`, as ical4j's samples write it) stands for its only minor version.
    public init?(versionValue: String) {
        switch versionValue.trimmingBlanks() {
        case "2.1", "2": self = .v2_1
        case "3.0", "3": self = .v3_0
        case "4.0", "4": self = .v4_0
        default: return nil
        }
    }
}
