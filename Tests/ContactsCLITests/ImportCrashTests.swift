import ContactsStore
import Foundation
import StoreOpening
import Testing

/// `contacts import` killed with SIGKILL part-way: what was committed is whole batches of whole
/// contacts in a sound database, and importing the file again finishes the job.
@Suite struct ImportCrashTests {
    static let cardCount = 30_000

    @Test(.timeLimit(.minutes(10)))
    func killedImportLeavesWholeBatchesAndResumes() throws {
        let cli = CLIRunner()
        defer { cli.removeData() }
        try cli.addUser("alice")
        let path = NSTemporaryDirectory() + "contacts-crash-" + UUID().uuidString + ".vcf"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(Self.cards(count: Self.cardCount).utf8).write(to: URL(fileURLWithPath: path))

        let store = try ContactStore(directory: cli.dataDirectory)
        let scope = try store.defaultAddressBook(for: try store.user(named: "alice"))

        let importer = Process()
        importer.executableURL = URL(fileURLWithPath: CLIRunner.binary)
        importer.arguments = ["--data", cli.dataDirectory, "import", "--user", "alice", path]
        var environment = ProcessInfo.processInfo.environment
        environment["CONTACTS_DATA"] = nil
        importer.environment = environment
        importer.standardInput = FileHandle.nullDevice
        importer.standardOutput = FileHandle.nullDevice
        importer.standardError = FileHandle.nullDevice
        try importer.run()

        // Wait for the first committed batch, then kill the import without warning.
        var seen = 0
        let deadline = Date().addingTimeInterval(300)
        while importer.isRunning, Date() < deadline {
            seen = try store.count(in: scope)
            if seen >= ContactStore.importBatchSize { break }
            usleep(2_000)
        }
        let killedWhileRunning = importer.isRunning
        if killedWhileRunning { kill(importer.processIdentifier, SIGKILL) }  // never a reaped (reusable) pid
        importer.waitUntilExit()
        try #require(killedWhileRunning, "the import finished (or timed out) before it could be killed; seen \(seen) contacts")
        #expect(importer.terminationReason == .uncaughtSignal)
        #expect(importer.terminationStatus == SIGKILL)
        #expect(seen >= ContactStore.importBatchSize)

        // A fresh connection, as the next process would open it. (Opening a second store in this
        // process once dropped the first one's file locks: see the end of the test.)
        let reopened = try ContactStore(directory: cli.dataDirectory)
        #expect(try reopened.integrityCheck() == "ok")
        let stored = try cli.list("alice")
        #expect(stored.count >= seen)
        #expect(stored.count < Self.cardCount, "killed part-way, so not every card is in")
        #expect(stored.count % ContactStore.importBatchSize == 0, "\(stored.count) contacts: a batch was half committed")
        var numbers: Set<Int> = []
        for contact in stored {
            let uid = try #require(contact["uid"] as? String)
            let number = try #require(uid.hasPrefix("crash-") ? Int(uid.dropFirst(6)) : nil, "unexpected UID \(uid)")
            numbers.insert(number)
            #expect(contact["name"] as? String == Self.name(number))
            #expect(contact["phones"] as? [String] == [Self.phone(number)])
            #expect(contact["emails"] as? [String] == ["person\(number)@example.com"])
            #expect(contact["note"] as? String == "Card \(number) of the crash test")
        }
        #expect(numbers.count == stored.count)
        // Batches are committed in file order: what is in is a prefix of the file.
        #expect(numbers == Set(0..<stored.count))

        // Importing the same file again completes the book: the cards stored are already there.
        let rerun = try cli.run(["import", "--user", "alice", "--on-conflict", "skip", path])
        #expect(rerun.status == 0, "\(rerun.error)")
        #expect(rerun.output == "Imported \(Self.cardCount - stored.count), updated 0, already there \(stored.count), skipped 0, failed 0.\n")
        // Both stores of this process still read a sound file after another process wrote and
        // closed it. (When opening `reopened` dropped `store`'s POSIX locks, the rerun took itself
        // for the last connection and deleted the WAL under them: "database disk image is malformed".)
        for connection in [store, reopened] {
            #expect(try connection.count(in: scope) == Self.cardCount)
            #expect(try connection.integrityCheck() == "ok")
        }
        let all = try cli.list("alice")
        #expect(Set(all.compactMap { $0["uid"] as? String }) == Set((0..<Self.cardCount).map { "crash-\($0)" }))
        #expect(all.allSatisfy { contact in
            (contact["uid"] as? String).flatMap { Int($0.dropFirst(6)) }.map { contact["name"] as? String == Self.name($0) } ?? false
        })
    }

    static func name(_ number: Int) -> String { "Crash Person \(number)" }
    static func phone(_ number: Int) -> String { "+86 138 \(String(format: "%08d", number))" }

    static func cards(count: Int) -> String {
        var text = ""
        text.reserveCapacity(count * 200)
        for number in 0..<count {
            text += "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:crash-\(number)\r\nFN:\(name(number))\r\nN:Person \(number);Crash;;;\r\n"
                + "TEL;TYPE=CELL:\(phone(number))\r\nEMAIL;TYPE=INTERNET:person\(number)@example.com\r\n"
                + "NOTE:Card \(number) of the crash test\r\nEND:VCARD\r\n"
        }
        return text
    }
}
