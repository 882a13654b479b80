import ContactsCore
import VCard

/// The tally of an import, as the CLI and the web app report it.
public struct ImportSummary: Sendable, Equatable {
    public var imported = 0
    public var updated = 0
    /// Cards left out because their UID was taken (with `--on-conflict skip`).
    public var skipped = 0
    public var failures: [ImportFailure] = []

    public init() {}

    /// Every card read so far, the failed ones included.
    public var cardsRead: Int { imported + updated + skipped + failures.count }
}

/// A card that was not imported, with where it is in the input and why.
public struct ImportFailure: Sendable, Equatable {
    /// Why a card was not imported.
    public enum Reason: Sendable, Equatable {
        /// The card could not be read (the vCard module's error, with its line).
        case unreadable(VCardError.Kind)
        /// The card was read but its details were refused.
        case invalid(ContactValidationError)
    }

    /// The 1-based number of the card in its input.
    public var card: Int
    /// The line of the problem, or of the card's BEGIN:VCARD when the whole card is refused.
    public var line: Int
    public var reason: Reason

    /// "vCard 3, line 41: content line has no colon", in the given language.
    public func message(in language: Language) -> String {
        let what = switch reason {
        case .unreadable(let kind) where language == .chinese: Self.chineseReason(kind)
        case .unreadable(let kind): VCardError(kind, card: card, line: line).reason
        case .invalid(let error): error.message(in: language)
        }
        return switch language {
        case .english: "vCard \(card), line \(line): \(what)"
        case .chinese: "第 \(card) 张名片，第 \(line) 行：\(what)"
        }
    }

    /// The vCard module's reasons (English there) in Chinese.
    private static func chineseReason(_ kind: VCardError.Kind) -> String {
        switch kind {
        case .missingEnd: "这张名片缺少 END:VCARD"
        case .endWithoutBegin: "END:VCARD 前没有 BEGIN:VCARD"
        case .missingColon: "这一行没有冒号"
        case .invalidName(let name): "名称“\(name)”无效"
        case .unterminatedQuote: "参数值的双引号没有闭合"
        case .invalidBase64(let property): "\(property) 的值不是有效的 base64"
        case .unknownCharset(let charset): "不认识的字符集“\(charset)”"
        case .undecodableText(let charset): "内容不是有效的 \(charset) 文本"
        case .nestingTooDeep: "名片嵌套太深"
        case .noCard: "没有找到 BEGIN:VCARD"
        }
    }
}
