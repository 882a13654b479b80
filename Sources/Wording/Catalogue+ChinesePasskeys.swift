/// 中文：设置 → 通行密钥，以及登录页的“使用通行密钥登录”。
extension ChineseCatalogue {
    var passkeys: String { "通行密钥" }
    var passkeysBackToSettings: String { "设置" }
    var passkeysIntro: String { "用面容、指纹或屏幕锁登录，无需输入密码。通行密钥保存在你的设备或密码管理器中，只能用于本网站。" }
    var noPasskeys: String { "还没有通行密钥" }
    func passkeyCreated(_ time: String) -> String { "创建于 \(time)" }
    func passkeyLastUsed(_ time: String?) -> String { time.map { "上次使用：\($0)" } ?? "从未使用" }
    var addPasskey: String { "添加通行密钥" }
    var passkeyName: String { "名称" }
    var passkeyNamePlaceholder: String { "例如 iPhone 或 YubiKey" }
    var removePasskey: String { "移除" }
    func removePasskeyQuestion(_ name: String) -> String { "要移除通行密钥“\(name)”吗？" }
    var removePasskeyMessage: String { "移除后将无法再用它登录。也请从你的设备或密码管理器中删除它。" }
    var signInWithPasskey: String { "使用通行密钥登录" }
    var passkeysUnsupported: String { "此浏览器不支持通行密钥。" }
    var passkeyCancelled: String { "通行密钥请求已取消。" }
    var passkeyNameInvalid: String { "请为通行密钥取一个 1 到 64 个字符的名称。" }
    var passkeyAlreadyAdded: String { "此通行密钥已添加过。" }
    var passkeyNeedsVerification: String { "此通行密钥没有验证你的身份（没有 PIN 码、指纹或面容）。请换一个能验证的。" }
    var passkeyNotAdded: String { "无法添加通行密钥，请重试。" }
    var passkeySignInFailed: String { "此通行密钥无法使用。请重试，或用密码登录。" }
    var passkeyRequestInvalid: String { "无法识别此通行密钥请求。" }
}
