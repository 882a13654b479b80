import Foundation

/// The process's standard streams, as commands use them.
struct Console {
    var standardInput: FileHandle = .standardInput
    var standardOutput: FileHandle = .standardOutput
    var standardError: FileHandle = .standardError

    func print(_ text: String) {
        standardOutput.write(Data((text + "\n").utf8))
    }

    func printError(_ text: String) {
        standardError.write(Data((text + "\n").utf8))
    }

    /// Whether standard input is a terminal a person types at.
    var inputIsTerminal: Bool { isatty(standardInput.fileDescriptor) == 1 }

    /// The first line of standard input, without its line ending.
    func readLine() -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while read(standardInput.fileDescriptor, &byte, 1) == 1 {
            if byte == UInt8(ascii: "\n") { break }
            bytes.append(byte)
        }
        guard !bytes.isEmpty || byte == UInt8(ascii: "\n") else { return nil }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Asks on the terminal with echo turned off, so the password is not shown.
    func readSecret(prompt: String) -> String? {
        let descriptor = standardInput.fileDescriptor
        standardError.write(Data(prompt.utf8))
        var saved = termios()
        let canHide = tcgetattr(descriptor, &saved) == 0
        if canHide {
            var silent = saved
            silent.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(descriptor, TCSAFLUSH, &silent)
        }
        defer {
            if canHide { tcsetattr(descriptor, TCSAFLUSH, &saved) }
            standardError.write(Data("\n".utf8))
        }
        return readLine()
    }
}
