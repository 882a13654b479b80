/// 中文：设置页面和已登录的浏览器。
extension ChineseCatalogue {
    var settings: String { "设置" }
    var signInAndSecurity: String { "登录与安全" }
    var signedInBrowsers: String { "已登录的浏览器" }
    func browserTitle(_ name: String?, on system: String?) -> String { browser(name, on: system) }
    var thisBrowser: String { "此浏览器" }
    func lastActive(_ time: String) -> String { "上次活动：\(time)" }
    var signOut: String { "退出登录" }
    var signOutEverywhereElse: String { "退出其他所有浏览器" }
    var signedInBrowsersNote: String { "浏览器退出登录后，其上记住的密码随之失效，须输入密码重新登录。" }
}
