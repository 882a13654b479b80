import Foundation
import StoreOpening
import Testing

/// `contacts backup` and `contacts backup restore`, run as a person would.
@Suite final class BackupCommandTests {
    let cli = CLIRunner()
    /// Where the backups go.
    let backups = NSTemporaryDirectory() + "contacts-backups-" + UUID().uuidString

    init() throws {
        try cli.addUser("alice")
        try cli.run(["add", "--user", "alice", "--name", "张三", "--phone", "13800138000"])
        try FileManager.default.createDirectory(atPath: backups, withIntermediateDirectories: true)
    }

    deinit {
        cli.removeData()
        try? FileManager.default.removeItem(atPath: backups)
    }

    private func names(_ runner: CLIRunner) throws -> [String] {
        try runner.list("alice").compactMap { $0["name"] as? String }
    }

    @Test func aBackupIntoADirectoryGetsADatedNameAndRestoresIntoANewDataDirectory() throws {
        let result = try cli.run(["backup", backups])
        #expect(result.status == 0, "\(result.error)")
        let made = try FileManager.default.contentsOfDirectory(atPath: backups)
        #expect(made.count == 1 && made[0].wholeMatch(of: /contacts-\d{4}-\d{2}-\d{2}-\d{6}\.sqlite3/) != nil, "\(made)")
        #expect(result.output.hasPrefix("Backed up 1 user and 1 contact to \(backups)/\(made[0]) ("), "\(result.output)")

        let other = CLIRunner()
        defer { other.removeData() }
        let restore = try other.run(["backup", "restore", backups + "/" + made[0]])
        #expect(restore.status == 0, "\(restore.error)")
        #expect(restore.output.hasPrefix("Restored 1 user and 1 contact from "), "\(restore.output)")
        #expect(try names(other) == ["张三"])
    }

    @Test func restoringKeepsTheDataItReplaces() throws {
        let backup = backups + "/one.sqlite3"
        #expect(try cli.run(["backup", backup]).status == 0)
        try cli.run(["add", "--user", "alice", "--name", "李四", "--phone", "13900139000"])
        #expect(try names(cli) == ["李四", "张三"])

        let restore = try cli.run(["backup", "restore", backup])
        #expect(restore.status == 0, "\(restore.error)")
        #expect(try names(cli) == ["张三"])
        let kept = try #require(try FileManager.default.contentsOfDirectory(atPath: cli.dataDirectory)
            .first { $0.hasPrefix("before-restore-") })
        #expect(restore.output.contains("Kept the data it replaces in \(cli.dataDirectory)/\(kept)."), "\(restore.output)")

        // The kept file is itself a backup: restoring it brings 李四 back.
        #expect(try cli.run(["backup", "restore", cli.dataDirectory + "/" + kept]).status == 0)
        #expect(try names(cli) == ["李四", "张三"])
    }

    @Test func failuresExitWithOneAndAReason() throws {
        let taken = backups + "/taken.sqlite3"
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: taken))
        let refused = try cli.run(["backup", taken])
        #expect(refused.status == 1 && refused.error == "contacts: \(taken) already exists; choose a new name or a directory\n")
        #expect(try String(contentsOfFile: taken, encoding: .utf8) == "keep me")

        let notABackup = try cli.run(["backup", "restore", taken])
        #expect(notABackup.status == 1 && notABackup.error.hasPrefix("contacts: cannot restore from \(taken): "), "\(notABackup.error)")
        #expect(try names(cli) == ["张三"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.dataDirectory) == ["contacts.sqlite3"], "nothing kept, nothing left")

        #expect(try cli.run(["backup"]).status == 2)
        #expect(try cli.run(["backup", "restore"]).status == 2)
    }

    @Test func restoreRefusesWhileAServerRunsOnTheData() throws {
        let backup = backups + "/one.sqlite3"
        #expect(try cli.run(["backup", backup]).status == 0)
        let server = try cli.startServer()
        defer { server.terminate(); server.waitUntilExit() }

        let refused = try cli.run(["backup", "restore", backup])
        #expect(refused.status == 1 && refused.error == "contacts: a server is running on \(cli.dataDirectory); stop it first\n",
                "\(refused.error)")
        #expect(try cli.run(["backup", backups + "/while-serving.sqlite3"]).status == 0, "a backup needs no stop")
    }
}
