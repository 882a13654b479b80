/// 中文：两步验证的设置页、登录的第二步和运维命令。
extension ChineseCatalogue {
    var twoStepVerification: String { "两步验证" }
    func twoStepStatus(_ on: Bool) -> String { on ? "已开启" : "已关闭" }
    var twoStepExplanation: String {
        "登录时，先输入密码，再输入手机上验证器应用显示的验证码。即使别人知道了你的密码，也无法登录。"
    }
    var twoStepSyncNote: String {
        "开启后，同步通讯录的手机和电脑需改用在“设备”中创建的应用密码登录，账号密码将不能再用于同步。"
    }
    var enterPasswordToContinue: String { "请输入密码以继续。" }
    var wrongPassword: String { "密码错误" }
    var turnOnTwoStep: String { "开启两步验证" }
    var turnOffTwoStep: String { "关闭两步验证" }
    var turnOffTwoStepNote: String { "关闭后登录只需输入密码，现有的恢复码也将失效。" }
    var scanQRCode: String {
        "用验证器应用（如 Google 身份验证器、Microsoft Authenticator 或 1Password）扫描此二维码，或将设置链接或设置密钥复制到应用中。"
    }
    var authenticatorQRCode: String { "用于验证器应用的二维码" }
    var setupLink: String { "设置链接" }
    var setupKey: String { "设置密钥" }
    var copySetupLink: String { "复制链接" }
    var copySetupKey: String { "复制密钥" }
    var verificationCode: String { "验证码" }
    var enterCodeToConfirm: String { "然后输入应用显示的 6 位验证码。" }
    var verify: String { "验证" }
    var wrongCode: String { "验证码错误。请确认手机时间准确，并输入当前显示的验证码。" }
    var recoveryCodes: String { "恢复码" }
    var recoveryCodesNote: String {
        "请将这些恢复码保存在安全的地方。手机丢失时，每个恢复码可代替验证码登录一次。它们只显示这一次。"
    }
    func recoveryCodesLeft(_ count: Int) -> String { "剩余 \(count) 个" }
    var downloadRecoveryCodes: String { "下载（.txt）" }
    var copyRecoveryCodes: String { "复制恢复码" }
    var newRecoveryCodes: String { "生成新的恢复码" }
    var newRecoveryCodesNote: String { "将生成 10 个新的恢复码，现有的恢复码随即失效。" }
    func recoveryCodesFileHeading(account: String) -> String {
        "PersonalContacts 账号 \(account) 的恢复码\n每个恢复码可代替验证器应用的验证码登录一次。"
    }
    var secondStepPrompt: String { "请输入验证器应用中的 6 位验证码，或一个恢复码。" }
    var codeOrRecoveryCode: String { "验证码或恢复码" }
    func recoveryCodesLeftAtLogin(_ count: Int) -> String { "你还剩 \(count) 个恢复码。" }
    var secondStepExpired: String { "登录已超时，请重新输入密码。" }
    var useAppPasswordForSync: String {
        "此账号已开启两步验证，账号密码不能用于同步客户端登录。请在网页版的“设备”中创建应用密码，并用它登录。"
    }
    func twoStepTurnedOff(_ name: String) -> String {
        "已关闭 \(name) 的两步验证：其恢复码已删除，并已在所有设备上退出登录。通行密钥保留不变。"
    }
}
