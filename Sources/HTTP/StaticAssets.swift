/// A set of in-memory files keyed by request path, such as `/static/app.css`.
public struct StaticAssets: Responder {
    private var assets: [String: StaticAsset]

    /// Creates the set from path → asset.
    public init(_ assets: [String: StaticAsset] = [:]) {
        self.assets = assets
    }

    /// The asset served at a path.
    public subscript(path: String) -> StaticAsset? {
        get { assets[path] }
        set { assets[path] = newValue }
    }

    /// Serves the asset at the request's path, or throws HTTPError 404.
    public func respond(to request: Request) throws -> Response {
        guard let asset = assets[request.path] else { throw HTTPError(404) }
        return try asset.respond(to: request)
    }
}
