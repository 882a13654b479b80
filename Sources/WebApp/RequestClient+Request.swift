import Accounts
import HTTP

extension RequestClient {
    /// The browser making `request`: its User-Agent, and its address as the trusted proxies
    /// tell it (`Request.clientAddress`).
    init(_ request: Request) {
        self.init(userAgent: request.headers["User-Agent"], address: request.clientAddress)
    }
}
