import ContactsStore
import Foundation
import Wording

/// A one-line progress bar on standard error (`[=====>    ] 45,000/100,000 cards  21,345/s`),
/// drawn only when standard error is a terminal; elsewhere it stays silent.
struct ProgressBar {
    /// The expected number of items, when known; without it the line shows the count and rate.
    var total: Int?
    /// What the items are, in the plural: "cards", "pages".
    let unit: String
    private let output: FileHandle
    private let isTerminal: Bool
    private let start = Date()
    private var drawn = false
    /// How counts are written (12,345).
    private let catalogue: any Catalogue

    init(total: Int?, unit: String, catalogue: any Catalogue, output: FileHandle) {
        self.total = total
        self.unit = unit
        self.catalogue = catalogue
        self.output = output
        isTerminal = isatty(output.fileDescriptor) == 1
    }

    /// Redraws the line for `done` items.
    mutating func update(done: Int) {
        guard isTerminal else { return }
        drawn = true
        let elapsed = max(Date().timeIntervalSince(start), 0.001)
        let rate = catalogue.grouped(Int(Double(done) / elapsed))
        var line: String
        if let total, total > 0 {
            let width = 30
            let filled = min(width, done * width / total)
            let bar = String(repeating: "=", count: filled) + (filled < width ? ">" : "") + String(repeating: " ", count: max(0, width - filled - 1))
            line = "[\(bar)] \(catalogue.grouped(done))/\(catalogue.grouped(total)) \(unit)  \(rate)/s"
        } else {
            line = "\(catalogue.grouped(done)) \(unit)  \(rate)/s"
        }
        line = "\r" + line + "\u{1B}[K"
        output.write(Data(line.utf8))
    }

    /// Ends the bar's line so that what follows starts on a fresh one.
    mutating func finish() {
        guard drawn else { return }
        output.write(Data("\n".utf8))
        drawn = false
    }
}

extension ProgressBar {
    /// Runs `body` with a callback that draws the `unit` done so far of a total on the context's
    /// terminal, and ends the bar's line when it returns.
    static func showing<T>(_ unit: String, _ context: CommandContext, _ body: (_ progress: (_ done: Int, _ total: Int) -> Void) throws -> T) rethrows -> T {
        var bar = ProgressBar(total: nil, unit: unit, catalogue: context.catalogue, output: context.console.standardError)
        defer { bar.finish() }
        return try body { done, total in
            bar.total = total
            bar.update(done: done)
        }
    }
}
