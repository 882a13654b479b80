import Testing
import HTTP

@Suite struct StaticAssetsTests {
    private let css = StaticAsset(contentType: "text/css", bytes: Array("body{color:red}".utf8))
    private var assets: StaticAssets { StaticAssets(["/static/app.css": css]) }

    @Test func servesBytesWithTypeStrongETagAndCacheControl() throws {
        let response = try assets.respond(to: Request(path: "/static/app.css"))
        #expect(response.status == 200)
        #expect(response.body == Array("body{color:red}".utf8))
        #expect(response.headers["Content-Type"] == "text/css")
        #expect(response.headers["Cache-Control"] == "public, max-age=3600")
        let etag = try #require(response.headers["ETag"])
        #expect(etag.hasPrefix("\"") && etag.hasSuffix("\"") && !etag.hasPrefix("W/"))
    }

    @Test func etagFollowsTheBytes() {
        let same = StaticAsset(contentType: "text/plain", bytes: Array("body{color:red}".utf8))
        let other = StaticAsset(contentType: "text/css", bytes: Array("body{color:blue}".utf8))
        #expect(same.etag == css.etag)
        #expect(other.etag != css.etag)
    }

    @Test func matchingIfNoneMatchIs304WithoutBody() throws {
        for condition in [css.etag, "\"nope\", \(css.etag)", "W/\(css.etag)", "*"] {
            let response = try assets.respond(to: Request(path: "/static/app.css", headers: ["If-None-Match": condition]))
            #expect(response.status == 304)
            #expect(response.body.isEmpty)
            #expect(response.headers["ETag"] == css.etag)
            #expect(response.headers["Cache-Control"] == "public, max-age=3600")
        }
        let stale = try assets.respond(to: Request(path: "/static/app.css", headers: ["If-None-Match": "\"old\""]))
        #expect(stale.status == 200)
    }

    @Test func cacheControlIsConfigurable() throws {
        let asset = StaticAsset(contentType: "image/png", bytes: [1, 2], cacheControl: "no-cache")
        #expect(try asset.respond(to: Request(path: "/x")).headers["Cache-Control"] == "no-cache")
    }

    @Test func headIsAnsweredLikeGet() throws {
        let response = try assets.respond(to: Request(method: "HEAD", path: "/static/app.css"))
        #expect(response.status == 200)
        #expect(response.headers["ETag"] == css.etag)
    }

    @Test func unknownPathIs404AndOtherMethodsAre405() {
        #expect(throws: HTTPError(404)) { try assets.respond(to: Request(path: "/static/missing.css")) }
        #expect(throws: HTTPError(405, headers: ["Allow": "GET, HEAD"])) {
            try assets.respond(to: Request(method: "POST", path: "/static/app.css"))
        }
    }

    @Test func assetsCanBeAddedByPath() throws {
        var assets = StaticAssets()
        assets["/favicon.ico"] = StaticAsset(contentType: "image/x-icon", bytes: [0])
        #expect(assets["/favicon.ico"]?.contentType == "image/x-icon")
        #expect(try assets.respond(to: Request(path: "/favicon.ico")).body == [0])
    }
}
