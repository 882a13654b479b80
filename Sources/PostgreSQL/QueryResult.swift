import CLibPQ

/// A successful `PGresult`, freed when the last reference goes.
final class QueryResult {
    let handle: OpaquePointer

    init(_ handle: OpaquePointer) { self.handle = handle }

    deinit { PQclear(handle) }

    /// Rows inserted, updated, deleted or merged; nil for any other command.
    var changedRows: Int? {
        let command = String(cString: PQcmdStatus(handle))
        guard ["INSERT", "UPDATE", "DELETE", "MERGE"].contains(where: { command.hasPrefix($0 + " ") }) else { return nil }
        return Int(String(cString: PQcmdTuples(handle)))
    }
}
