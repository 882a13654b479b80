import SQLEngine

extension AccountStore {
    /// A 256-bit key kept in the database under `name`, created on first use: only then does
    /// it write, once an installation.
    public func secretKey(named name: String) throws -> [UInt8] {
        if let key = try database.readSingle({ db in try Self.storedSecretKey(named: name, db: db) }) { return key }
        return try database.write(.rows) { db in try Self.secretKey(named: name, db: db) }
    }

    /// The key kept under `name`, made in the caller's write transaction when there is none.
    public static func secretKey(named name: String, db: any SQLConnection) throws -> [UInt8] {
        if let key = try storedSecretKey(named: name, db: db) { return key }
        // Two writers making it at once: the first to commit keeps its key, and both return it.
        try db.run("INSERT INTO secrets (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING", name, Array(SecretToken.make().utf8))
        guard let key = try storedSecretKey(named: name, db: db) else {
            preconditionFailure("secret \(name) neither found nor made")
        }
        return key
    }

    private static func storedSecretKey(named name: String, db: any SQLConnection) throws -> [UInt8]? {
        try db.statement("SELECT value FROM secrets WHERE name = ?").firstRow([name]) { $0.blob(0) }
    }
}
