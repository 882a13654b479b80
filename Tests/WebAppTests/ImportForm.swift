import Foundation

extension WebSession {
    /// Posts the import form with the file at `path` and follows its redirect to the summary page
    /// (only that one); a reply that is no such redirect is returned as it is.
    func importFile(_ path: String, onConflict policy: String = "update") throws -> Reply {
        let posted = try postMultipart("/contacts/import", [("on_conflict", policy)], files: [("file", path)])
        guard posted.status == 303, let location = posted.header("Location"), location.hasPrefix("/contacts/import/result?") else {
            return posted
        }
        return try get(location)
    }
}

extension WebSession.Reply {
    /// The four counts of an import summary page: imported, updated, skipped, failed.
    var importCounts: [Int?] {
        ["imported", "updated", "skipped", "failed"].map { id in
            count(id)
        }
    }

    /// The summary page's count of cards the book already had.
    var alreadyThereCount: Int? { count("already-there") }

    private func count(_ id: String) -> Int? {
        body.range(of: #"id="\#(id)-count">"#).flatMap { Int(body[$0.upperBound...].prefix { $0.isNumber }) }
    }
}
