import ContactsStore
import Wording

/// An option a command accepts.
struct OptionSpec: Sendable {
    let name: String
    /// Whether the option takes a value (`--user U`) or is a flag (`--json`).
    let takesValue: Bool
    /// Whether it may be given more than once (`--phone A --phone B`).
    let repeatable: Bool

    static func value(_ name: String, repeatable: Bool = false) -> OptionSpec {
        OptionSpec(name: name, takesValue: true, repeatable: repeatable)
    }

    static func flag(_ name: String) -> OptionSpec {
        OptionSpec(name: name, takesValue: false, repeatable: false)
    }
}

/// A command line that does not fit the command's grammar; exit status 2.
struct UsageError: Error {
    /// The message, in the language the command line speaks.
    let message: @Sendable (any Catalogue) -> String

    init(_ message: @escaping @Sendable (any Catalogue) -> String) {
        self.message = message
    }
}

/// The options and positional words of one command, checked against its specs.
struct Arguments {
    private var values: [String: [String]] = [:]
    private(set) var positionals: [String] = []

    /// Parses `words` (without the command's own name) against `specs`.
    init(_ words: [String], specs: [OptionSpec]) throws(UsageError) {
        var index = 0
        var onlyPositionals = false
        while index < words.count {
            let word = words[index]
            index += 1
            if onlyPositionals || !word.hasPrefix("--") || word == "-" {
                positionals.append(word)
                continue
            }
            if word == "--" {
                onlyPositionals = true
                continue
            }
            var name = word
            var inlineValue: String?
            if let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                inlineValue = String(word[word.index(after: equals)...])
            }
            guard let spec = specs.first(where: { $0.name == name }) else {
                throw UsageError { [name] in $0.unknownOption(name) }
            }
            guard spec.repeatable || values[name] == nil else {
                throw UsageError { [name] in $0.givenOnlyOnce(name) }
            }
            if spec.takesValue {
                if let inlineValue {
                    values[name, default: []].append(inlineValue)
                } else {
                    guard index < words.count else { throw UsageError { [name] in $0.needsValue(name) } }
                    values[name, default: []].append(words[index])
                    index += 1
                }
            } else {
                guard inlineValue == nil else { throw UsageError { [name] in $0.takesNoValue(name) } }
                values[name] = []
            }
        }
    }

    /// The value of a single-valued option, if given.
    func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of a repeatable option, in order.
    func all(_ name: String) -> [String] { values[name] ?? [] }

    /// Whether a flag or option was given.
    func has(_ name: String) -> Bool { values[name] != nil }

    /// The names of the options given, in no particular order.
    var givenOptions: Set<String> { Set(values.keys) }

    /// The value of a required option.
    func required(_ name: String) throws(UsageError) -> String {
        guard let value = value(name) else { throw UsageError { $0.isRequired(name) } }
        return value
    }

    /// A value as an error message shows it: control characters escaped (`\u{1B}`), so that none
    /// reaches the terminal, and at most 60 characters.
    static func shown(_ text: String) -> String {
        let escaped = text.unicodeScalars.map { $0.properties.generalCategory == .control ? $0.escaped(asASCII: true) : String($0) }.joined()
        return escaped.count > 60 ? escaped.prefix(60) + "…" : escaped
    }

    /// Exactly `count` positional words, named in the error when they are not there.
    func positionals(_ names: String...) throws(UsageError) -> [String] {
        guard positionals.count == names.count else {
            if positionals.count > names.count {
                throw UsageError { [word = positionals[names.count]] in $0.unexpectedArgument(word) }
            }
            throw UsageError { [name = names[positionals.count]] in $0.missingArgument(name) }
        }
        return positionals
    }
}
