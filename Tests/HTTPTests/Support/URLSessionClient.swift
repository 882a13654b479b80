import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A response received through URLSession.
struct FetchedResponse {
    let status: Int
    let headers: [AnyHashable: Any]
    let data: Data

    var body: String { String(decoding: data, as: UTF8.self) }
}

/// Ordinary requests through URLSession, with no cookie storage or caching in the way.
enum URLSessionClient {
    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: configuration)
    }()

    /// Sends a request and returns the response.
    static func fetch(_ url: URL, method: String = "GET", headers: [String: String] = [:], body: Data? = nil)
        async throws -> FetchedResponse {
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = body
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        let http = response as! HTTPURLResponse
        return FetchedResponse(status: http.statusCode, headers: http.allHeaderFields, data: data)
    }
}
