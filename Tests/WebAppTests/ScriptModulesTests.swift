import Foundation
import Testing

/// The page's script is ES modules importing one another by relative URL: each must be served.
@Suite struct ScriptModulesTests {
    let app: RunningApp

    init() throws {
        app = try RunningApp()
    }

    @Test func everyModuleTheEntryImportsIsServedAsJavaScript() throws {
        let session = app.session()
        let page = try session.get("/login")
        let entry = try #require(page.body.firstMatch(of: #/<script type="module" src="([^"]+)"></script>/#)?.output.1)
        let stylesheetPath = try #require(page.body.firstMatch(of: #/<link rel="stylesheet" href="([^"]+)">/#)?.output.1)
        let stylesheet = try session.get(String(stylesheetPath))
        #expect(stylesheet.status == 200)
        #expect(stylesheet.header("Cache-Control") == "public, max-age=31536000, immutable")
        var served: [String] = []
        var pending = [String(entry)]
        while let path = pending.popLast() {
            guard !served.contains(path) else { continue }
            served.append(path)
            let module = try session.get(path)
            #expect(module.status == 200, "\(path)")
            #expect(module.header("Content-Type") == "text/javascript; charset=utf-8", "\(path)")
            #expect(module.header("ETag") != nil, "\(path)")
            #expect(module.header("Cache-Control") == stylesheet.header("Cache-Control"), "\(path)")
            for specifier in Self.imports(in: module.body) {
                #expect(specifier.hasPrefix("./") || specifier.hasPrefix("../"), "\(path) imports \(specifier)")
                pending.append(try Self.resolve(specifier, from: path))
            }
        }
        #expect(served.count > 1)
        // The page preloads exactly the modules the entry imports, no more, no fewer.
        let preloaded = page.body.matches(of: #/<link rel="modulepreload" href="([^"]+)">/#).map { String($0.output.1) }
        #expect(Set(preloaded) == Set(served.dropFirst()))
    }

    @Test func everyFileIsServedFromOneDirectoryNamedAfterTheirContent() throws {
        let session = app.session()
        let page = try session.get("/login")
        let directory = try #require(page.body.firstMatch(of: #/src="(/static/[0-9a-f]+-[0-9a-f]+/)script/app\.js"/#)?.output.1)
        #expect(page.body.contains(#"<link rel="stylesheet" href="\#(directory)app.css">"#))
        #expect(page.body.contains(#"<link rel="icon" href="\#(directory)icon.svg""#))
        // The stylesheet names the icon relative to itself, so in the same version.
        let stylesheet = try session.get(directory + "app.css").body
        #expect(stylesheet.contains(#"url("icon.svg")"#) && !stylesheet.contains("/static/"))
        #expect(try session.get(directory + "icon.svg").status == 200)
        for old in ["/static/app.js", "/static/app.css", "/static/icon.svg", "/static/0-0/app.css"] {
            #expect(try session.get(old).status == 404, "\(old)")
        }
    }

    /// The specifiers of a module's static `import … from "…"`, `import "…"` and `export … from "…"`.
    static func imports(in source: String) -> [String] {
        source.matches(of: #/(?m)^\s*(?:import|export)\s(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/#).map { String($0.output.1) }
    }

    /// A relative specifier as a path, resolved against the importing module's path.
    static func resolve(_ specifier: String, from path: String) throws -> String {
        let base = try #require(URL(string: "http://localhost" + path))
        return try #require(URL(string: specifier, relativeTo: base)).path
    }
}
