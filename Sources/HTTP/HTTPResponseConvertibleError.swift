/// An error that renders itself as a response instead of becoming a generic 500.
public protocol HTTPResponseConvertibleError: Error {
    /// The response to send for this error.
    func response(for request: Request) -> Response
}
