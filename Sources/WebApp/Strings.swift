import ContactsCore
import ContactsStore

/// Every string the web app shows, in English and Chinese (SCREENS.md); the English ones double as
/// the accessible names outside tests look controls up by.
struct Strings: Sendable {
    let language: Language

    private func pick(_ english: String, _ chinese: String) -> String {
        language == .english ? english : chinese
    }

    var appTitle: String { pick("Personal Contacts", "私人通讯录") }
    var account: String { pick("Account", "账号") }
    var accountPlaceholder: String { pick("Enter your account", "请输入账号") }
    var password: String { pick("Password", "密码") }
    var passwordPlaceholder: String { pick("Enter your password", "请输入密码") }
    var passwordRemembered: String { pick("Password remembered", "已记住密码") }
    var rememberPassword: String { pick("Remember password", "记住密码") }
    var autoLogin: String { pick("Auto login", "自动登录") }
    var logIn: String { pick("Log in", "登录") }
    var loggingIn: String { pick("Logging in...", "正在登录...") }
    var wrongLogin: String { pick("Wrong account or password", "账号或密码错误") }
    func tooManyAttempts(minutes: Int) -> String {
        pick("Too many failed attempts. Try again in \(minutes) min.", "尝试次数过多，请 \(minutes) 分钟后再试")
    }
    var busy: String { pick("The server is busy. Try again in a moment.", "服务器繁忙，请稍后再试") }
    var serverError: String { pick("Something went wrong on the server. Try again later.", "服务器出错了，请稍后再试") }

    func listTitle(_ account: String) -> String { pick("\(account)'s contacts", "\(account)的联系人列表") }
    var add: String { pick("Add", "添加") }
    var edit: String { pick("Edit", "编辑") }
    var done: String { pick("Done", "完成") }
    var logOut: String { pick("Log out", "注销") }
    var search: String { pick("Search", "搜索") }
    var delete: String { pick("Delete", "删除") }
    var deleted: String { pick("Deleted", "已删除") }
    var undo: String { pick("Undo", "撤销") }
    func count(_ number: Int) -> String { pick(number == 1 ? "1 contact" : "\(number) contacts", "\(number) 位联系人") }
    var empty: String { pick("No contacts yet — tap + to add one", "还没有联系人，点 + 添加") }
    var noMatches: String { pick("No matches", "没有找到联系人") }
    var more: String { pick("More", "更多") }
    var sectionIndex: String { pick("Section index", "索引") }
    var menu: String { pick("Menu", "菜单") }
    var importCards: String { pick("Import", "导入") }
    var exportCards: String { pick("Export", "导出") }

    var logOutQuestion: String { pick("Log out?", "确定要注销？") }
    var logOutMessage: String { pick("You won't see your contacts until you log in again", "注销将无法查看您的联系人") }
    var confirmLogOut: String { pick("Log out", "确定") }
    var cancel: String { pick("Cancel", "取消") }

    var newContact: String { pick("New contact", "添加联系人") }
    var photo: String { pick("Photo", "点击选择头像") }
    var cropTitle: String { pick("Move and scale", "移动和缩放") }
    var zoom: String { pick("Zoom", "缩放") }
    var removePhoto: String { pick("Remove photo", "删除头像") }
    var name: String { pick("Name", "姓名") }
    var phone: String { pick("Phone", "电话") }
    var sex: String { pick("Sex", "性别") }
    var age: String { pick("Age", "年龄") }
    var birthday: String { pick("Birthday", "生日") }
    var lunarBirthday: String { pick("Lunar birthday", "农历生日") }
    var lunarMonth: String { pick("Month", "月") }
    var lunarDay: String { pick("Day", "日") }
    var leapMonth: String { pick("Leap", "闰") }
    /// An option of the lunar month select: 正月…腊月, or the number.
    func lunarMonthName(_ month: Int) -> String { pick(String(month), LunarDate.chineseMonthName(month)) }
    /// An option of the lunar day select: 初一…三十, or the number.
    func lunarDayName(_ day: Int) -> String {
        pick(String(day), LunarDate.chineseDayName(day))
    }
    /// The stored lunar birthday and the Gregorian day it next falls on: "Lunar 8/15 · next: 2027-09-15",
    /// "农历八月十五 · 下次：2027-09-15".
    func lunarBirthdaySummary(_ date: LunarDate, next: CalendarDate?) -> String {
        let day = pick("Lunar " + date.englishDescription, date.chineseDescription)
        guard let next else { return day }
        return day + pick(" · next: \(next)", " · 下次：\(next)")
    }
    var address: String { pick("Address", "地址") }
    var email: String { pick("Email", "邮箱") }
    var note: String { pick("Note", "备注") }
    var back: String { pick("Back", "返回") }
    func sexName(_ sex: Sex) -> String {
        switch sex {
        case .male: pick("Male", "男")
        case .female: pick("Female", "女")
        case .other: pick("Other", "其他")
        case .notSet: pick("Not set", "未设置")
        }
    }
    func phoneLabel(_ label: PhoneLabel) -> String {
        switch label {
        case .mobile: pick("mobile", "手机")
        case .home: pick("home", "住宅")
        case .work: pick("work", "工作")
        case .other: pick("other", "其他")
        }
    }

    var contact: String { pick("Contact", "查看联系人") }
    var save: String { pick("Save", "保存") }
    var discardQuestion: String { pick("Discard changes?", "确认放弃修改么?") }
    var discard: String { pick("Discard", "放弃修改") }
    var keepEditing: String { pick("Keep editing", "继续修改") }
    /// Why a save was refused, and the other version's values where they differ from the form's.
    func changedElsewhere(_ otherValues: [(label: String, value: String)]) -> String {
        let values = otherValues.map { pick("\($0.label): \($0.value)", "\($0.label)：\($0.value)") }
        return pick("This contact was changed on another device while you were editing. Your changes are below: save to keep them, or cancel to see the other version.",
                    "你编辑期间，此联系人已在其他设备上被修改。下面是你的修改：保存即保留，取消则查看另一版本。")
            + (values.isEmpty ? "" : pick(" The other version has ", "另一版本：") + values.joined(separator: " · "))
    }
    var deleteContact: String { pick("Delete contact", "删除联系人") }
    var share: String { pick("Share", "分享") }

    var vCardFile: String { pick("vCard file", "vCard 文件") }
    var ifAlreadyThere: String { pick("If a contact is already there", "联系人已存在时") }
    func conflictChoice(_ policy: ImportConflictPolicy) -> String {
        switch policy {
        case .update: pick("Update existing", "更新已有的联系人")
        case .skip: pick("Skip duplicates", "跳过重复的联系人")
        case .copy: pick("Keep both as copies", "两者都保留（存为副本）")
        }
    }
    var largerFiles: String { pick("Larger files: contacts import on the server", "更大的文件：在服务器上运行 contacts import") }
    var chooseFile: String { pick("Choose a vCard file to import", "请选择要导入的 vCard 文件") }
    var emptyFile: String { pick("The file is empty", "文件是空的") }
    var importFinished: String { pick("Import finished", "导入完成") }
    var importedCount: String { pick("Imported", "已导入") }
    var updatedCount: String { pick("Updated", "已更新") }
    var skippedCount: String { pick("Skipped", "已跳过") }
    var failedCount: String { pick("Failed", "失败") }
    var noCards: String { pick("No cards found in the file", "文件中没有找到名片") }
    var notImported: String { pick("Not imported", "未能导入") }
    func moreFailures(_ number: Int) -> String { pick("And \(number) more", "另有 \(number) 张") }
    var unsupportedVersion: String { pick("The vCard version must be 3.0 or 4.0", "vCard 版本只能是 3.0 或 4.0") }

    var setupTitle: String { pick("Create the first account", "创建第一个账号") }
    var repeatPassword: String { pick("Repeat password", "再次输入密码") }
    var createAccount: String { pick("Create account", "创建账号") }
    var passwordsDiffer: String { pick("The passwords do not match", "两次输入的密码不一致") }
    func passwordTooShort(_ minimum: Int) -> String {
        pick("The password needs at least \(minimum) characters", "密码至少需要 \(minimum) 个字符")
    }
    var invalidAccount: String { pick("Use 1–64 letters, digits or . _ - @", "账号只能包含 1–64 个字母、数字或 . _ - @") }
    var accountTaken: String { pick("That account already exists", "该账号已存在") }

    var notFound: String { pick("Not found", "找不到页面") }
    var notFoundMessage: String { pick("There is nothing here.", "这里什么也没有。") }
    var forbidden: String { pick("This form has expired. Go back, reload the page and try again.", "表单已失效，请返回并刷新页面后重试。") }
    var otherLanguage: String { pick("中文", "English") }
}
