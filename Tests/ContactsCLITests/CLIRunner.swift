import Foundation
import StoreOpening
import Testing

/// Runs the built `contacts` binary as a separate process, the way a person would.
struct CLIRunner {
    /// Where SwiftPM put the binary: beside the test bundle.
    static let binary: String = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("contacts").path),
              directory.path != "/" {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("contacts").path
    }()

    let dataDirectory: String

    init() {
        dataDirectory = NSTemporaryDirectory() + "contacts-cli-" + UUID().uuidString
    }

    struct Result {
        let status: Int32
        let output: String
        let error: String
    }

    /// Runs `contacts --data DIR ARGS…` with `input` on stdin.
    @discardableResult
    func run(_ arguments: [String], input: String = "", environment: [String: String] = [:], passData: Bool = true) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = (passData ? ["--data", dataDirectory] : []) + arguments
        var env = ProcessInfo.processInfo.environment
        (env["CONTACTS_DATA"], env["CONTACTS_DATABASE"], env["CONTACTS_USER"]) = (nil, nil, nil)
        // English whatever the machine's locale, unless a test asks for another.
        (env["LC_ALL"], env["LC_MESSAGES"], env["LANG"]) = (nil, nil, "C.UTF-8")
        env.merge(environment) { $1 }
        process.environment = env
        // Output goes to files, read once the process has exited: a pipe read can be cut short by
        // a signal (EINTR) on a loaded machine, which Foundation's FileHandle does not retry.
        let capture = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("cli-\(UUID().uuidString)")
        let (outputFile, errorFile) = (capture.appendingPathExtension("out"), capture.appendingPathExtension("err"))
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: outputFile); try? FileManager.default.removeItem(at: errorFile) }
        let stdin = Pipe()
        process.standardInput = stdin
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: try Data(contentsOf: outputFile), as: UTF8.self),
                      error: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self))
    }

    /// Runs a command that must succeed (an issue is recorded where it is called when it does
    /// not); its output.
    @discardableResult
    func succeed(_ arguments: [String], environment: [String: String] = [:],
                 sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try run(arguments, environment: environment)
        #expect(result.status == 0, "\(arguments): \(result.error)", sourceLocation: sourceLocation)
        return result.output
    }

    /// Creates a user with a password given on stdin.
    func addUser(_ name: String, password: String = "password1") throws {
        let result = try run(["user", "add", name, "--password-stdin"], input: password + "\n")
        precondition(result.status == 0, result.error)
    }

    /// The user's contacts as parsed `list --json` objects.
    func list(_ user: String, _ command: [String] = ["list"]) throws -> [[String: Any]] {
        let result = try run(command + ["--user", user, "--json"])
        precondition(result.status == 0, result.error)
        return try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]] ?? []
    }

    /// Starts `contacts serve` on this data directory, returned once it holds the directory's
    /// lock and listens (it prints its address then); the caller terminates it.
    func startServer() throws -> Process {
        let server = Process()
        server.executableURL = URL(fileURLWithPath: Self.binary)
        server.arguments = ["--data", dataDirectory, "serve", "--port", "0"]
        let output = Pipe()
        server.standardOutput = output
        server.standardError = FileHandle.nullDevice
        try server.run()
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        guard line.hasPrefix("Listening on ") else {
            server.terminate()
            server.waitUntilExit()
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "contacts serve printed \(line)"])
        }
        return server
    }

    func removeData() {
        try? FileManager.default.removeItem(atPath: dataDirectory)
    }
}
