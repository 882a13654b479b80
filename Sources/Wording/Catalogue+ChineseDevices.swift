/// 中文：设备页、连接设备，以及命令行的应用密码。
extension ChineseCatalogue {
    var devices: String { "设备" }
    var devicesNote: String {
        "设备密码让手机、平板或电脑上的通讯录应用同步你的通讯录，而不必使用账号密码。每台设备各有自己的密码，撤销一个只会断开那一台设备。"
    }
    var noDevices: String { "没有设备" }
    var connectADevice: String { "连接设备" }
    func deviceMade(_ moment: String) -> String { "创建于 \(moment)" }
    func deviceLastUsed(_ moment: String) -> String { "最近使用：\(moment)" }
    var deviceNeverUsed: String { "尚未使用" }
    func deviceClient(_ name: String?, on system: String?) -> String {
        // A named app is worded as a browser is; one without a name is an app, not a browser.
        if name != nil { return browser(name, on: system) }
        return system.map { "\($0) 上的应用" } ?? "未知应用"
    }
    func deviceAddress(_ address: String) -> String { "来自 \(address)" }
    var revoke: String { "撤销" }
    func revokeDeviceQuestion(_ device: String) -> String { "撤销“\(device)”？" }
    func revokeDeviceMessage(_ device: String) -> String {
        "“\(device)”会立即停止同步。要重新连接，请为它生成新密码。"
    }
    var deviceName: String { "名称" }
    var deviceNameExample: String { "iPhone" }
    var deviceNameHelp: String { "用来在列表中认出这台设备的名称，例如“工作用 iPad”。" }
    var createPassword: String { "生成密码" }
    var invalidDeviceNameMessage: String { "请输入 1 到 64 个字符的名称，不能包含控制字符。" }
    func deviceNameTaken(_ device: String) -> String { "“\(device)”已连接。请换一个名称，或先撤销它。" }
    func connectDevice(_ device: String) -> String { "连接“\(device)”" }
    var passwordShownOnce: String {
        "此密码只显示这一次。请现在在设备上输入：你无需记住它，也可以随时在这里撤销。"
    }
    var serverAddress: String { "服务器" }
    var accountName: String { "用户名" }
    var devicePassword: String { "密码" }
    var appleDevices: String { "iPhone、iPad 和 Mac" }
    var downloadProfile: String { "下载描述文件" }
    var profileSteps: String {
        "在设备上打开描述文件并安装：iPhone 和 iPad 在“设置”→“通用”→“VPN 与设备管理”，Mac 在“系统设置”→“隐私与安全性”→“描述文件”。"
    }
    var appleManualSteps: String {
        "也可以手动设置：“设置”→“通讯录”→“账户”→“添加账户”→“其他”→“添加 CardDAV 账户”，然后填入上面的服务器、用户名和密码。"
    }
    var androidDevices: String { "Android（DAVx⁵）" }
    var openInDAVx5: String { "在 DAVx⁵ 中打开" }
    var androidQRCode: String { "服务器和用户名的二维码，供 DAVx⁵ 使用" }
    var androidSteps: String {
        "从 Google Play 或 F-Droid 安装 DAVx⁵。用手机相机扫描此二维码（或在手机上点按链接），DAVx⁵ 会打开并填好服务器和用户名，然后输入密码。"
    }
    var thunderbirdSteps: String {
        "Thunderbird：“通讯录”→“新建通讯录”→“添加 CardDAV 通讯录”。填入用户名和服务器，按提示输入密码。"
    }
    var evolutionSteps: String {
        "Evolution：“文件”→“新建”→“通讯录”，类型选 CardDAV。把服务器填作 URL 并填入用户名，然后点“查找通讯录”，按提示输入密码。"
    }
    var profilePasswordWrong: String {
        "这不是此账号某台设备的密码。请重新连接设备以获取新密码。"
    }
    func deviceConnection(address: String, account: String) -> String {
        "CardDAV 地址：\(address)\n用户名：\(account)"
    }
    func deviceConnectionWithoutAddress(account: String) -> String {
        "用户名：\(account)\nCardDAV 地址：请用 --public-url URL（或 $CONTACTS_PUBLIC_URL）设置服务器的公开地址，例如 https://contacts.example.org，这里就会显示。"
    }
}
