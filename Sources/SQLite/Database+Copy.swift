import CSQLite

extension Database {
    /// Copies this whole database, as one consistent snapshot, over the database of `destination`,
    /// through SQLite's online backup: other connections keep reading and writing this one while
    /// it runs, and the destination changes in one transaction, all of it or none.
    ///
    /// - Parameters:
    ///   - pagesPerStep: how many pages each step copies before `progress` is called.
    ///   - progress: called after each step with the pages copied so far and the total.
    public func copy(over destination: Database, pagesPerStep: Int32 = 1024,
                     progress: (_ copiedPages: Int, _ totalPages: Int) -> Void = { _, _ in }) throws(DatabaseError) {
        // One read transaction around every step (the caller's, when it began one): they all see
        // the same snapshot, and a write by another connection meanwhile neither shows up in the
        // copy nor restarts it.
        let ownTransaction = sqlite3_get_autocommit(handle) != 0
        if ownTransaction { try execute("BEGIN DEFERRED") }
        defer { if ownTransaction { try? execute("COMMIT") } }
        try execute("SELECT count(*) FROM sqlite_schema")

        guard let backup = sqlite3_backup_init(destination.handle, "main", handle, "main") else {
            throw destination.error(sqlite3_errcode(destination.handle), sql: nil)
        }
        var busyRetries = 0
        var code: Int32
        repeat {
            code = sqlite3_backup_step(backup, pagesPerStep)
            let total = Int(sqlite3_backup_pagecount(backup))
            progress(total - Int(sqlite3_backup_remaining(backup)), total)
            if code == SQLITE_BUSY || code == SQLITE_LOCKED {
                // Another connection is writing the destination: wait as its busy timeout would.
                busyRetries += 1
                guard busyRetries <= 200 else { break }
                sqlite3_sleep(50)
                code = SQLITE_OK
            }
        } while code == SQLITE_OK
        let finished = sqlite3_backup_finish(backup)
        guard code == SQLITE_DONE else {
            throw DatabaseError(code: code, message: String(cString: sqlite3_errstr(code)))
        }
        guard finished == SQLITE_OK else { throw destination.error(finished, sql: nil) }
    }

    /// The first problems `PRAGMA integrity_check` finds, or an empty list when the file is sound.
    public func integrityProblems() throws -> [String] {
        let rows = try statement("PRAGMA integrity_check(10)").rows { $0.text(0) }
        return rows == ["ok"] ? [] : rows
    }
}
