/// Two responders behind one: requests `owns` accepts go to `mounted`, all others to `fallback`.
/// A request the server refuses goes to the refusal of the responder that owns it.
public struct Mount: Responder {
    private let mounted: any Responder
    private let owns: @Sendable (Request) -> Bool
    private let fallback: any Responder

    /// Sends the requests `owns` accepts to `mounted` and the rest to `fallback`.
    public init(_ mounted: any Responder, where owns: @escaping @Sendable (Request) -> Bool, otherwise fallback: any Responder) {
        self.mounted = mounted
        self.owns = owns
        self.fallback = fallback
    }

    private func owner(of request: Request) -> any Responder {
        owns(request) ? mounted : fallback
    }

    /// Answers through the owner.
    public func respond(to request: Request) throws -> Response {
        try owner(of: request).respond(to: request)
    }

    /// The owner's refusal.
    public func refusal(of request: Request, status: Int) -> Response? {
        owner(of: request).refusal(of: request, status: status)
    }
}
