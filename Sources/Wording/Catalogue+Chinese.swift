import ContactCSV
import ContactsCore
import ContactsStore
import Foundation
import SQLEngine
import VCard

/// The interface in Simplified Chinese (SCREENS.md's zh-Hans column, the original app's wording).
struct ChineseCatalogue: Catalogue {
    static let shared = ChineseCatalogue()

    var languageName: String { "中文" }

    var appTitle: String { "私人通讯录" }
    var appShortName: String { "通讯录" }
    var account: String { "账号" }
    var accountPlaceholder: String { "请输入账号" }
    var password: String { "密码" }
    var passwordPlaceholder: String { "请输入密码" }
    var passwordRemembered: String { "已记住密码" }
    var rememberPassword: String { "记住密码" }
    var autoLogin: String { "自动登录" }
    var logIn: String { "登录" }
    var loggingIn: String { "正在登录..." }
    var wrongLogin: String { "账号或密码错误" }
    func tooManyAttempts(minutes: Int) -> String { "尝试次数过多，请 \(minutes) 分钟后再试" }
    var busy: String { "服务器繁忙，请稍后再试" }
    var serverError: String { "服务器出错了，请稍后再试" }
    var requestTooLarge: String { "发送的内容超过了服务器允许的大小" }
    var headersTooLarge: String { "请求头太大，清除本站的 Cookie 或许有帮助" }
    func passwordRules(minimum: Int) -> String { "密码至少 \(minimum) 个字符。几个好记的词连在一起，就是很安全的密码。" }
    var setupTitle: String { "创建第一个账号" }
    var repeatPassword: String { "再次输入密码" }
    var createAccount: String { "创建账号" }
    var passwordsDiffer: String { "两次输入的密码不一致" }
    func passwordTooShort(_ minimum: Int) -> String { "密码至少需要 \(minimum) 个字符" }
    func passwordTooLong(_ maximumBytes: Int) -> String { "密码不能超过 \(maximumBytes) 个字节" }
    var invalidAccount: String { "账号只能包含 1–64 个字母、数字或 . _ - @" }
    var accountTaken: String { "该账号已存在" }

    var add: String { "添加" }
    var edit: String { "编辑" }
    var done: String { "完成" }
    var logOut: String { "注销" }
    var search: String { "搜索" }
    var delete: String { "删除" }
    var deleted: String { "已删除" }
    var undo: String { "撤销" }
    func count(_ number: Int) -> String { "\(number) 位联系人" }
    var empty: String { "还没有联系人，点 + 添加" }
    var noMatches: String { "没有找到联系人" }
    var more: String { "更多" }
    var sectionIndex: String { "索引" }
    var menu: String { "菜单" }
    var noContactOpen: String { "选择一个联系人，在这里查看" }
    var offline: String { "当前离线：显示的是本设备上保存的联系人。恢复网络后才能修改。" }
    var importCards: String { "导入" }
    func exportAs(_ format: ExportFormat) -> String {
        switch format {
        case .vCard: "导出 vCard"
        case .googleCSV: "导出 Google CSV"
        case .outlookCSV: "导出 Outlook CSV"
        }
    }
    var logOutQuestion: String { "确定要注销？" }
    var logOutMessage: String { "注销将无法查看您的联系人" }
    var confirmLogOut: String { "退出登录" }
    var cancel: String { "取消" }

    var newContact: String { "添加联系人" }
    var contact: String { "查看联系人" }
    var photo: String { "点击选择头像" }
    var cropTitle: String { "移动和缩放" }
    var zoom: String { "缩放" }
    var removePhoto: String { "删除头像" }
    var name: String { "姓名" }
    var phone: String { "电话" }
    var sex: String { "性别" }
    var age: String { "年龄" }
    var birthday: String { "生日" }
    var lunarBirthday: String { "农历生日" }
    var lunarMonth: String { "月" }
    var lunarDay: String { "日" }
    var leapMonth: String { "闰" }
    func lunarMonthName(_ month: Int) -> String { LunarDate.chineseMonthName(month) }
    func lunarDayName(_ day: Int) -> String { LunarDate.chineseDayName(day) }
    func lunarDate(_ date: LunarDate) -> String { date.chineseDescription }
    func nextOccurrence(_ date: CalendarDate) -> String { " · 下次：\(date)" }
    var address: String { "地址" }
    var email: String { "邮箱" }
    var note: String { "备注" }
    var back: String { "返回" }
    func sexName(_ sex: Sex) -> String {
        switch sex {
        case .male: "男"
        case .female: "女"
        case .other: "其他"
        case .notSet: "未设置"
        }
    }
    var standardLabels: [String: String] {
        ["mobile": "手机", "iphone": "iPhone", "home": "住宅", "work": "工作", "school": "学校", "main": "主要",
         "home-fax": "住宅传真", "work-fax": "工作传真", "pager": "传呼机", "other": "其他", "homepage": "主页",
         "anniversary": "纪念日", "mother": "母亲", "father": "父亲", "parent": "父母", "brother": "兄弟",
         "sister": "姐妹", "child": "子女", "friend": "朋友", "spouse": "配偶", "partner": "伴侣",
         "assistant": "助理", "manager": "上司"]
    }
    var organization: String { "公司" }
    var department: String { "部门" }
    var jobTitle: String { "职位" }
    var nickname: String { "昵称" }
    var website: String { "网站" }
    var instantMessage: String { "即时通讯" }
    var date: String { "日期" }
    var relatedName: String { "关联人" }
    var label: String { "标签" }
    var callAction: String { "呼叫" }
    var messageAction: String { "信息" }
    var mailAction: String { "邮件" }
    var mapAction: String { "地图" }
    var phoneticName: String { "姓名拼音" }
    var socialProfile: String { "社交资料" }
    var copy: String { "复制" }
    var copied: String { "已复制" }
    func fullDate(_ date: CalendarDate) -> String {
        (date.year.map { "\($0)年" } ?? "") + "\(date.month)月\(date.day)日"
    }
    var datePartOrder: [DatePart] { [.year, .month, .day] }
    func datePartName(_ part: DatePart) -> String {
        switch part {
        case .year: "年"
        case .month: "月"
        case .day: "日"
        }
    }
    func monthName(_ month: Int) -> String { "\(month)月" }
    func dayOfMonthName(_ day: Int) -> String { "\(day)日" }
    var yearPlaceholder: String { "年份" }
    var yearSuffix: String { "年" }
    var ageFromBirthday: String { "填写生日后，年龄按生日计算，此处填写的不保存" }
    var service: String { "服务" }
    var customLabel: String { "自定义…" }
    var moreNameFields: String { "更多姓名字段" }
    var namePrefix: String { "前缀" }
    var givenName: String { "名字" }
    var middleName: String { "中间名" }
    var familyName: String { "姓氏" }
    var nameSuffix: String { "后缀" }
    var phoneticGivenName: String { "名字拼音" }
    var phoneticMiddleName: String { "中间名拼音" }
    var phoneticFamilyName: String { "姓氏拼音" }
    var companyContact: String { "公司联系人" }
    var street: String { "街道" }
    var city: String { "城市" }
    var region: String { "省份" }
    var postcode: String { "邮政编码" }
    var country: String { "国家或地区" }
    var remove: String { "移除" }
    var addPhone: String { "添加电话" }
    var addEmail: String { "添加邮箱" }
    var addAddress: String { "添加地址" }
    var addWebsite: String { "添加网站" }
    var addInstantMessage: String { "添加即时信息" }
    var addSocialProfile: String { "添加社交资料" }
    var addDate: String { "添加日期" }
    var addRelatedName: String { "添加关联人" }
    var save: String { "保存" }
    var discardQuestion: String { "确认放弃修改么?" }
    var discard: String { "放弃修改" }
    var keepEditing: String { "继续修改" }
    func changedElsewhere(_ otherValues: [(label: String, value: String)]) -> String {
        "你编辑期间，此联系人已在其他设备上被修改。下面是你的修改：保存即保留，取消则查看另一版本。"
            + (otherValues.isEmpty ? "" : "另一版本：" + otherValues.map { "\($0.label)：\($0.value)" }.joined(separator: " · "))
    }
    var deleteContact: String { "删除联系人" }
    var share: String { "分享" }

    var birthdays: String { "生日" }
    var upcomingBirthdays: String { "近期生日" }
    func noBirthdays(inDays days: Int) -> String { days == 0 ? "今天没有生日" : "未来 \(days) 天没有生日" }
    func birthdayDay(_ date: CalendarDate, today: CalendarDate) -> String {
        if date == today { return "今天" }
        if date == today.adding(days: 1) { return "明天" }
        return "\(date.month)月\(date.day)日"
    }
    func birthdayDetail(_ birthday: Birthday) -> String {
        [birthday.isLunar ? "农历" : nil, birthday.turning.map { "\($0) 岁" }].compactMap { $0 }.joined(separator: " · ")
    }
    func birthdayEvent(name: String, birthday: Birthday) -> String {
        "\(name)的\(birthday.isLunar ? "农历" : "")生日" + (birthday.turning.map { "（\($0) 岁）" } ?? "")
    }
    func turns(_ age: Int, on date: CalendarDate, today: CalendarDate) -> String {
        (date == today ? "今天" : "\(date.month)月\(date.day)日") + "满 \(age) 岁"
    }
    var birthdayCalendar: String { "生日日历" }
    var birthdayCalendarHelp: String { "在任何日历应用中订阅此地址即可看到所有生日。请勿外传：拿到地址的人都能看到联系人的姓名和生日。" }
    var birthdayCalendarIsOff: String { "生日日历已关闭。" }
    var birthdayCalendarIsOn: String { "生日日历已开启。地址只在生成时显示一次；要在别的日历中订阅，请更换地址（订阅旧地址的日历将不再更新）。" }
    var birthdayCalendarAddressShownOnce: String { "请现在复制此地址：之后不会再显示。" }
    func birthdayCalendarOutlivesPassword(rotate command: String) -> String { "生日日历的地址仍然有效；如需更换：\(command)" }
    func birthdayCalendarAddressNotKept(rotate command: String) -> String {
        "生日日历已开启，其地址只以哈希保存，无法再次显示；如需新地址（订阅旧地址的日历将不再更新）：\(command)"
    }
    var turnOnBirthdayCalendar: String { "开启" }
    var newBirthdayCalendarAddress: String { "更换地址" }
    var turnOffBirthdayCalendar: String { "关闭" }

    var possibleDuplicates: String { "可能重复的联系人" }
    var groups: String { "分组" }
    var newGroup: String { "新建分组" }
    var groupName: String { "分组名称" }
    var addGroup: String { "添加分组" }
    var rename: String { "重命名" }
    var deleteGroup: String { "删除分组" }
    func deleteGroupQuestion(_ name: String) -> String { "删除分组“\(name)”？" }
    var groupContactsStay: String { "组内的联系人仍保留在通讯录中。" }
    var allContacts: String { "所有联系人" }
    var saveGroups: String { "保存分组" }
    var addToGroup: String { "添加到分组" }
    var removeFromGroup: String { "移出分组" }
    var noGroupsYet: String { "还没有分组。" }
    func groupLink(_ name: String, members: Int) -> String { "\(name)，\(count(members))" }
    var noDuplicates: String { "没有可能重复的联系人。" }
    var noGroups: String { "没有分组。" }
    func groupEntry(_ name: String, members: Int) -> String { "\(name)（\(count(members))）" }
    func groupCreated(_ name: String) -> String { "已创建分组“\(name)”。" }
    func groupRenamed(_ old: String, to new: String) -> String { "已将分组“\(old)”改名为“\(new)”。" }
    func groupDeleted(_ name: String) -> String { "已删除分组“\(name)”，其中的联系人仍保留。" }
    func duplicateReason(_ reason: DuplicateReason) -> String {
        switch reason {
        case .sameName: "姓名相同"
        case .samePhone(let number): "电话相同 \(number)"
        case .sameEmail(let address): "邮箱相同 \(address)"
        case .sameHandle(let service, let handle): "\(service)相同 \(handle)"
        case .similarName: "姓名相近"
        }
    }
    var merge: String { "合并" }
    var notDuplicates: String { "不是重复" }
    var nameToKeep: String { "保留的姓名" }
    var photoToKeep: String { "保留的头像" }
    var detailsToKeep: String { "保留的公司、职位和昵称" }
    func merged(_ count: Int, into name: String) -> String { "已将 \(count) 个联系人合并为“\(name)”。" }
    var sharing: String { "共享" }
    func sharingTitle(_ book: String) -> String { "共享“\(book)”" }
    func accessName(_ access: BookAccess) -> String {
        switch access {
        case .owner: "所有者"
        case .readWrite: "可读写"
        case .readOnly: "只读"
        }
    }
    var accountToShareWith: String { "共享给账户" }
    var access: String { "权限" }
    var shareBook: String { "共享" }
    var changeAccess: String { "更改" }
    var stopSharing: String { "停止共享" }
    var notSharedWithAnyone: String { "尚未共享给任何人。" }
    var sharedWith: String { "已共享给" }
    var shareWithAnotherAccount: String { "共享给其他账号" }
    var sharingHelp: String { "对方会在自己的通讯录列表和手机上看到这个通讯录。“只读”只能查看；“可读写”还能修改联系人。" }
    func sharedWithYou(by owner: String, _ access: BookAccess) -> String { "由 \(owner) 共享给你，\(accessName(access))" }
    func lastChanged(by account: String, at time: String) -> String { "最后由 \(account) 于 \(time) 修改" }
    func bookShared(_ book: String, with account: String, _ access: BookAccess) -> String {
        "已将“\(book)”共享给 \(account)（\(accessName(access))）。"
    }
    func bookUnshared(_ book: String, with account: String) -> String { "已停止与 \(account) 共享“\(book)”。" }
    var markedAsDifferentPeople: String { "已标记为不同的人。" }

    var vCardFile: String { "vCard 或 CSV 文件" }
    var ifAlreadyThere: String { "联系人已存在时" }
    func conflictChoice(_ policy: ImportConflictPolicy) -> String {
        switch policy {
        case .update: "更新已有的联系人"
        case .skip: "跳过重复的联系人"
        case .copy: "两者都保留（存为副本）"
        }
    }
    var chooseFileButton: String { "选择文件" }
    var noFileChosen: String { "未选择文件" }
    func importSizeLimit(_ size: String, option: String, variable: String) -> String {
        "文件最大 \(size)。服务器管理员可以用 \(option)（或环境变量 \(variable)）调高上限。"
    }
    var chooseFile: String { "请选择要导入的 vCard 或 CSV 文件" }
    var emptyFile: String { "文件是空的" }
    var theFile: String { "该文件" }
    var importFinished: String { "导入完成" }
    var importedCount: String { "已导入" }
    var updatedCount: String { "已更新" }
    var skippedCount: String { "已跳过" }
    var alreadyThereCount: String { "已存在" }
    var failedCount: String { "失败" }
    var notImported: String { "未能导入" }
    func moreFailures(_ number: Int) -> String { "另有 \(number) 张" }
    var unsupportedVersion: String { "vCard 版本只能是 3.0 或 4.0" }
    var unsupportedExportFormat: String { "导出格式只能是 vcard、google-csv 或 outlook-csv" }
    func atCard(_ card: Int, named name: String?, line: Int, _ problem: String) -> String {
        "第 \(card) 张名片\(name.map { "（\($0)）" } ?? "")，第 \(line) 行：\(problem)"
    }
    func atRow(_ row: Int, named name: String?, _ problem: String) -> String { "第 \(row) 行\(name.map { "（\($0)）" } ?? "")：\(problem)" }

    var formUnreadable: String { "无法读取表单。" }
    var notFound: String { "找不到页面" }
    var notFoundMessage: String { "这里什么也没有。" }
    var forbidden: String { "表单已失效，请返回并刷新页面后重试。" }

    func message(for error: ContactValidationError) -> String {
        switch error {
        case .emptyName: "请输入姓名或公司"
        case .cardWithoutName: "名片没有姓名（FN、N 或 ORG）"
        case .phoneWithoutDigits(let phone): "电话号码“\(phone)”中没有数字"
        case .ageOutOfRange: "年龄应在 0–150 之间"
        case .ageAndBirthday: "年龄和生日只能填一个"
        case .invalidBirthday(let text): "生日“\(text)”不是有效日期，例如 1990-05-17"
        case .invalidDate(let text): "日期“\(text)”不是有效日期，例如 2010-06-12"
        case .birthdayInFuture: "生日不能晚于今天"
        case .birthdayTooEarly(let year): "生日超出范围：年份不能早于 \(year) 年"
        case .invalidLunarBirthday(let text?): "农历生日“\(text)”不是有效的月日，例如 8-15（闰月：L4-15）"
        case .invalidLunarBirthday(nil): "农历生日请同时选择月和日"
        case .invalidEmail(let email): "“\(email)”不是有效的邮箱地址"
        case .unsupportedImage: "图片格式不支持"
        case .photoTooLarge: "图片不能超过 1 MB"
        case .tooLong(let field, let limit): "\(fieldName(field))不能超过 \(limit) 个字符"
        case .tooMany(let field, let limit): "\(fieldName(field))最多 \(limit) 项"
        }
    }

    func reason(for kind: CSVError.Kind) -> String {
        switch kind {
        case .unknownHeader: "第一行不是 Google 通讯录或 Outlook 导出的 CSV 表头（应有 First Name、E-mail 1 - Value 或 E-mail Address 等列）"
        case .undecodableText: "文件既不是 UTF-8、带字节序标记的 UTF-16，也不是 GB18030 文本"
        case .tooLarge(let maximumBytes): "CSV 文件最大 \(maximumBytes / (1 << 20)) MiB"
        case .fieldCount(let expected, let found): "有 \(found) 个字段，表头有 \(expected) 个"
        case .unterminatedQuote: "引号中的字段没有结束引号"
        }
    }

    func reason(for kind: VCardError.Kind) -> String {
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

    func message(for error: StoreError) -> String {
        switch error {
        case .invalidUsername(let name): "用户名“\(name)”无效：只能包含 1–64 个字母、数字或 . _ - @"
        case .usernameTaken(let name): "用户“\(name)”已存在"
        case .userNotFound(let name): "没有名为“\(name)”的用户"
        case .invalidPassword(.tooShort(let minimum)): passwordTooShort(minimum)
        case .invalidPassword(.tooLong(let maximumBytes)): passwordTooLong(maximumBytes)
        case .contactNotFound(let id): "没有编号为 \(id) 的联系人"
        case .notInTrash(let id): "回收站里没有编号为 \(id) 的联系人"
        case .changedSinceRead(let id): "编号为 \(id) 的联系人在读取后已被其他地方修改；请重新读取后再修改"
        case .mergeNeedsTwoContacts: "合并至少需要两个不同的联系人"
        case .notAmongMerged(let id): "编号为 \(id) 的联系人不在要合并的联系人之中"
        case .nothingToUndo(let id): "编号为 \(id) 的联系人没有可以撤销的合并"
        case .versionNotFound(let id, let version): "编号为 \(id) 的联系人的历史中没有版本 \(version)"
        case .rewindOutOfReach(let earliest): "历史记录最早到 \(timestamp(earliest))；请选择从那时到现在之间的时间"
        case .busy: "数据库正忙（另一个程序正在写入）或暂时无法连接；请稍后再试"
        case .needsSQLite: "此操作只适用于 SQLite 数据目录；当前存储在 PostgreSQL 上（请用 PostgreSQL 的工具备份，例如 pg_dump）"
        case .targetNotEmpty: "目标中已有用户或联系人；只能复制到新的空数据库或数据目录"
        case .schemasDiffer(let differences): "目标的表与本存储的不同（\(differences.joined(separator: "；"))），未复制任何数据：两边请使用同一版本"
        case .storageFailed(let detail): "数据库出错：\(detail)"
        case .invalid(let error): message(for: error)
        case .cannotCreateDataDirectory(let path, let reason): "无法创建数据目录 \(path)：\(reason)"
        case .dataDirectoryIsAFile(let path): "无法创建数据目录 \(path)：该位置已有一个文件"
        case .invalidAddressBookName(let name):
            "通讯录名称“\(name)”无效：须为 1–255 字节的 UTF-8，不含 /、控制字符或不可见的格式字符，首尾不能有空白（也不能是 . 或 ..）"
        case .addressBookNameTaken(let name): "通讯录“\(name)”已存在"
        case .addressBookDisplayNameTaken(let name): "已有名为“\(name)”的通讯录，请换一个名称"
        case .addressBookNotFound: "该通讯录已不存在"
        case .invalidGroupName(let name): "“\(name)”不能作为分组名：请用 1 到 \(ContactDetails.maximumGroupNameLength) 个字符，不含控制字符"
        case .groupNameTaken(let name): "分组“\(name)”已存在"
        case .limitReached(.groups): "一个通讯录最多有 \(StoreError.StoreLimit.groups.maximum) 个分组；请先删除一个再新建"
        case .limitReached(.addressBooks): "一个账户最多有 \(StoreError.StoreLimit.addressBooks.maximum) 个通讯录（含“最近删除”中的）；请先彻底删除一个再新建"
        case .groupNotFound: "该分组已不存在"
        case .noGroupNamed(let name): "没有名为“\(name)”的分组"
        case .cannotDeleteDefaultAddressBook: "默认通讯录不能删除"
        case .addressBookReadOnly: "此通讯录以只读方式共享给你"
        case .onlyOwnerManagesBook: "只有通讯录的所有者才能重命名、删除或共享它"
        case .cannotShareWithOwner: "通讯录不能共享给它的所有者"
        case .notSharedWith(let name): "该通讯录没有共享给“\(name)”"
        case .alreadyInAddressBook(let uid): "目标通讯录已有 UID 为“\(uid)”的联系人，未移动任何联系人"
        case .sameAddressBook: "联系人已在该通讯录中"
        case .cardNotFound(let href): "没有名为“\(href)”的名片"
        case .invalidHref(let href): "名片名称“\(href)”无效：须为 1–255 个字符，不含 / 或控制字符（也不能是 . 或 ..）"
        case .invalidUID(let uid): "UID“\(uid)”无效：须为 1–255 字节，不含控制字符"
        case .uidConflict(let href): "名片“\(href)”已使用这个 UID"
        case .preconditionFailed: "名片已被修改或已存在"
        case .invalidDeviceName(let device): "设备名称“\(device)”无效：须为 1–64 个字符，不含控制字符"
        case .appPasswordExists(let device): "“\(device)”已有应用密码，请先撤销"
        case .appPasswordNotFound(let device): "“\(device)”没有应用密码"
        case .backupExists(let path): "\(path) 已存在，请换一个文件名或指定目录"
        case .cannotWriteBackup(let path, let reason): "无法写入备份 \(path)：\(reason)"
        case .backupDamaged(let path, let problems): "无法写入备份 \(path)：副本未通过完整性检查：" + problems.joined(separator: "；")
        case .notABackup(let path, let problem): "无法从 \(path) 恢复：" + backupProblem(problem)
        }
    }

    private func backupProblem(_ problem: StoreError.BackupProblem) -> String {
        switch problem {
        case .isTheDataDirectory: "这是数据目录自己的数据库"
        case .noSuchFile: "文件不存在"
        case .unreadable: "文件无法读取"
        case .otherDatabase: "这是 SQLite 数据库，但不是 PersonalContacts 的"
        case .notADatabase(let message): message
        case .damaged(let problems): "数据库已损坏：" + problems.joined(separator: "；")
        }
    }

    func message(for error: MigrationError) -> String {
        switch error {
        case .newerSchema(let version, let known):
            "数据库的结构版本是 \(version)，比本程序的 \(known) 新；请升级 PersonalContacts"
        }
    }

    func unknownCommand(_ words: String) -> String { "没有“\(words)”这个命令；请看 contacts --help" }
    func usage(_ line: String) -> String { "用法：contacts \(line)" }
    func unknownOption(_ name: String) -> String { "没有 \(name) 这个选项" }
    func givenOnlyOnce(_ name: String) -> String { "\(name) 只能给一次" }
    func needsValue(_ name: String) -> String { "\(name) 需要一个值" }
    func takesNoValue(_ name: String) -> String { "\(name) 不带值" }
    func isRequired(_ name: String) -> String { "缺少 \(name)" }
    func userNeeded(accounts: Int) -> String {
        accounts == 0 ? "还没有账户；请先用“contacts user add 名称”创建一个"
            : "缺少 --user：此处有 \(accounts) 个账户（也可以设置 $CONTACTS_USER）"
    }
    func nothingToChange(_ command: String) -> String {
        "没有要修改的内容：请给 \(command) 至少一项要设置或删除的字段（见 contacts \(command) --help）"
    }
    func unexpectedArgument(_ word: String) -> String { "多余的参数 \(word)" }
    func missingArgument(_ name: String) -> String { "缺少 \(name)" }
    func notAContactID(_ text: String) -> String { "ID 应为联系人编号（正整数），而不是“\(text)”" }
    func mustBeOneOf(_ option: String, _ choices: [String], given: String?) -> String {
        "\(option) 只能是 " + choices.joined(separator: "、") + (given.map { "，而不是“\($0)”" } ?? "")
    }
    func mustBeNumber(_ option: String, from lowest: Int, to highest: Int) -> String {
        "\(option) 应为 \(lowest) 到 \(highest) 之间的数"
    }
    func notBoth(_ first: String, _ second: String) -> String { "\(first) 和 \(second) 只能给一个" }
    func together(_ first: String, _ second: String) -> String { "\(first) 和 \(second) 要一起给" }
    func notAddressRange(_ option: String, given: String) -> String {
        "\(option) 要给地址或地址段，如 10.0.0.2、10.0.0.0/8 或 fd00::/8，用逗号分开，或 none（给的是：\(given)）"
    }
    func notPublicURL(_ option: String, given: String) -> String {
        "\(option) 要给设备访问服务器的地址，如 https://contacts.example.org（给的是：\(given)）"
    }
    func passwordOnCommandLine(_ option: String) -> String {
        "警告：\(option) 中的密码在进程列表里，这台机器的每个用户都能看到；"
            + "请把地址放进 $CONTACTS_DATABASE，或把密码放进 ~/.pgpass（$PGPASSFILE，或地址中的 passfile=）"
    }
    var standardInputOnce: String { "标准输入（-）只能给一次" }
    var passwordNeedsStdin: String { "标准输入不是终端：请用 --password-stdin 传入密码" }
    var noPasswordOnStdin: String { "标准输入中没有密码" }
    var noPasswordGiven: String { "没有输入密码" }
    var passwordPrompt: String { "密码：" }
    var repeatPasswordPrompt: String { "再次输入密码：" }
    func cannotRead(_ path: String) -> String { "无法读取 \(path)" }
    func cannotReadFile(_ path: String) -> String { "无法读取 \(path)：文件不存在或不可读" }
    func notAContactsFile(_ name: String, _ format: ForeignFormat) -> String {
        let kind = switch format {
        case .png: "PNG 图片"
        case .jpeg: "JPEG 图片"
        case .gif: "GIF 图片"
        case .webP: "WebP 图片"
        case .heic: "HEIC 图片"
        case .pdf: "PDF 文档"
        case .zip: "ZIP 压缩包"
        case .gzip: "gzip 压缩包"
        case .officeDocument: "Microsoft Office 文档"
        }
        return "\(name) 是 \(kind)，不是 vCard 或 CSV 文件。请先把联系人导出为 vCard（.vcf）或 CSV 文件，再导入那个文件。"
    }
    func noContactsIn(_ name: String, isCSV: Bool) -> String {
        isCSV ? "\(name) 里没有联系人：这个 CSV 文件的标题行下面没有任何行。"
            : "\(name) 里没有联系人：其中没有 vCard（BEGIN:VCARD），也不是联系人 CSV 文件。"
    }
    func cannotReadPhoto(_ path: String) -> String { "无法读取照片 \(path)" }
    func notInForm(_ option: String, _ form: String, given: String) -> String { "\(option) 要写成 \(form)，而不是“\(given)”" }
    func readFailed(_ name: String, _ reason: String) -> String { "读取 \(name) 出错：\(reason)" }
    func cannotWrite(_ path: String, _ reason: String) -> String { "无法写入 \(path)：\(reason)" }
    func cannotOpenDataDirectory(_ path: String, _ reason: String) -> String { "无法打开数据目录 \(path)：\(reason)" }
    func serverRunning(_ directory: String) -> String { "服务器正在 \(directory) 上运行，请先停止它" }
    func restoreRunning(_ directory: String) -> String { "\(directory) 正在恢复备份或迁移数据，完成后再启动服务器" }
    func cardsNotImported(_ number: Int) -> String { "\(number) 张名片未能导入：" }
    func userCreated(_ name: String) -> String { "已创建用户 \(name)。" }
    var noUsers: String { "没有用户。" }
    func passwordChanged(_ name: String) -> String { "已修改 \(name) 的密码。" }
    func userDeleted(_ name: String) -> String { "已删除用户 \(name)。" }
    func appPasswordCreated(_ name: String, device: String, password: String) -> String {
        "\(name) 在 \(device) 上的应用密码（只显示这一次）：\n\(password)"
    }
    var noAppPasswords: String { "没有应用密码。" }
    func appPasswordEntry(_ device: String, created: String, lastUsed: String?, client: String?, address: String?) -> String {
        "\(device)\t创建于 \(created)\t最近使用 \(lastUsed ?? "从未")" + (client.map { "\t\($0)" } ?? "") + (address.map { "\t来自 \($0)" } ?? "")
    }
    func appPasswordRevoked(_ name: String, device: String) -> String { "已撤销 \(name) 在 \(device) 上的应用密码。" }
    func phoneticNames(_ on: Bool, _ name: String) -> String { "已为 \(name) \(on ? "开启" : "关闭")拼音注音。" }
    func contactUpdated(_ id: Int64) -> String { "已更新联系人 \(id)。" }
    func contactTrashed(_ id: Int64) -> String { "已把联系人 \(id) 移到回收站。" }
    var trashEmpty: String { "回收站是空的。" }
    func contactRestored(_ id: Int64) -> String { "已恢复联系人 \(id)。" }
    var noContacts: String { "没有联系人。" }
    func importTally(imported: Int, updated: Int, alreadyThere: Int, skipped: Int, failed: Int) -> String {
        "已导入 \(imported)，已更新 \(updated)，已存在 \(alreadyThere)，已跳过 \(skipped)，失败 \(failed)。"
    }
    func exported(_ count: Int, to path: String) -> String { "已把 \(self.count(count))导出到 \(path)。" }
    func backupContents(users: Int, contacts: Int) -> String { "\(grouped(users)) 个用户和 \(grouped(contacts)) 位联系人" }
    func backedUp(_ contents: String, to path: String, size: String) -> String { "已把 \(contents)备份到 \(path)（\(size)）。" }
    func keptReplacedData(_ path: String) -> String { "被替换的数据已保存在 \(path)。" }
    func restored(_ contents: String, from path: String) -> String {
        "已从 \(path) 恢复 \(contents)。所有人都需要重新登录；备份之后撤销的应用密码会重新生效，直到再次撤销。"
    }
    func notAWebAddress(_ option: String, given: String) -> String {
        "\(option) 应为服务器的地址，如 http://主机:端口 或 https://主机，而不是“\(given)”"
    }
    func notADatabaseURL(_ option: String, given: String) -> String {
        "\(option) 应为 PostgreSQL 地址 postgresql://用户:密码@主机:端口/数据库（或 postgres://…），而不是“\(given)”"
    }
    var restoreThenMigrate: String { "要把备份放进 PostgreSQL，请先恢复到一个新的数据目录，再运行：contacts --data 目录 migrate --to 地址" }
    func migrated(users: Int, contacts: Int, sentCards: Int, changes: Int, to target: String) -> String {
        "已把 \(grouped(users)) 个用户、\(grouped(contacts)) 位联系人（含回收站）、\(grouped(sentCards)) 张客户端发来的名片"
            + "和 \(grouped(changes)) 条变更复制到 \(target)。"
    }
    var clientsKeepSyncing: String { "让服务器使用新的存储即可：同步客户端会接着上次继续（同步令牌和 ETag 仍然有效），密码、应用密码和登录会话也照常可用。" }
    var stopping: String { "正在停止：等待处理中的请求完成…" }
    var cardsUnit: String { "张名片" }
    var pagesUnit: String { "页" }
    var rowsUnit: String { "行" }

    // MARK: Address books (CLI)
    func noAddressBook(_ name: String) -> String { "没有通讯录 \(name)。" }
    func bookCreated(_ name: String) -> String { "已创建通讯录 \(name)。" }
    func bookRenamed(_ name: String, to displayName: String) -> String { "通讯录 \(name) 现在显示为“\(displayName)”。" }
    func bookTrashed(_ name: String) -> String { "已把通讯录 \(name) 及其联系人移到回收站（30 天内可恢复）。" }
    func bookRestored(_ name: String) -> String { "已恢复通讯录 \(name)。" }
    func contactsMoved(_ count: Int, to book: String) -> String { "已把 \(self.count(count))移到 \(book)。" }
    func contactsCopied(_ count: Int, to book: String) -> String { "已把 \(self.count(count))复制到 \(book)。" }
    var invalidDisplayName: String { "显示名称不能为空，且不能超过 255 字节" }

    // MARK: History and rewind (CLI)
    func notATime(_ option: String, given: String) -> String {
        "\(option) 应为带时区的 ISO 8601 时间（2026-12-04T10:00:00Z、2026-12-04T18:00:00+08:00）或从现在往回的时长（90s、10m、2h、3d、1w），而不是“\(given)”"
    }
    func noSuchMoment(_ option: String, given: String) -> String { "\(option)：日历上没有“\(given)”这个日期或时间" }
    func notBackFromNow(_ option: String, given: String) -> String {
        "\(option) 从现在往回计时，“\(given)”并没有往回：请给出 1s 或更长（10m、2h、3d）"
    }
    func inTheFuture(_ option: String, given: String) -> String { "\(option)“\(given)”是将来的时间：通讯录只能回到过去 30 天内的某个时刻" }
    func notAVersion(_ text: String) -> String { "VERSION 应为联系人历史中的版本号（正整数），而不是“\(text)”" }
    func changeClientName(_ client: ChangeClient?) -> String {
        guard let client else { return "开始记录历史之前" }
        let kind = switch client.kind {
        case .web: "网页版"
        case .carddav: "CardDAV 客户端"
        case .cli: "命令行"
        case .server: "服务器"
        }
        return client.name.isEmpty ? kind : "\(client.name)（\(kind)）"
    }
    func versionHeading(_ number: Int64, at: Date, change: ContactVersion.Change, by client: ChangeClient?, account: String?) -> String {
        "版本 \(number)，\(timestamp(at))：" + spaced(spaced("由", clientOf(account, client)), changeName(change))
    }
    var movedToAnotherBook: String { "（已移到另一个通讯录）" }
    func versionRestored(_ number: Int64, ofContact id: Int64, live: Bool) -> String {
        live ? "联系人 \(id) 已恢复为版本 \(number) 的样子。" : "版本 \(number) 是联系人 \(id) 被删除时的状态：已把它移到回收站。"
    }
    func activitySince(_ date: Date, any: Bool) -> String {
        any ? "自 \(timestamp(date)) 以来的更改（按客户端）：" : "自 \(timestamp(date)) 以来没有更改。"
    }
    func activityEntry(by client: ChangeClient?, account: String?, changes: [ContactVersion.Change: Int], first: Date, last: Date) -> String {
        let counts = ContactVersion.Change.allCases.compactMap { change in changes[change].map { "\(changeName(change)) \($0) 个" } }
        return "  \(clientOf(account, client))：\(counts.joined(separator: "，"))（\(timestamp(first)) 至 \(timestamp(last))）"
    }
    func massDeletionNotice(by client: ChangeClient?, account: String?, count: Int, at: Date, undoTo: Date) -> String {
        spaced(clientOf(account, client), "在") + " \(timestamp(at)) 删除了 \(self.count(count))。撤销：contacts rewind --to \(preciseTimestamp(undoTo))"
    }
    func rewound(broughtBack: Int, setBack: Int, removed: Int, since: Date, dryRun: Bool) -> String {
        let what = "找回 \(broughtBack) 位删除的联系人，还原 \(setBack) 位修改过的，移除 \(removed) 位在 \(timestamp(since)) 之后添加的"
        return dryRun ? "将会\(what)。尚未做任何更改。" : "已\(what)。"
    }
    func nothingToRewind(since: Date) -> String { "自 \(timestamp(since)) 以来没有更改，无需撤销。" }

    /// "alice 的 iPhone（CardDAV 客户端）", "alice 的命令行".
    private func clientOf(_ account: String?, _ client: ChangeClient?) -> String {
        account.map { spaced($0 + " 的", changeClientName(client)) } ?? changeClientName(client)
    }

    /// Two pieces of text joined with a space between Chinese and Latin text, as Chinese typesetting does.
    private func spaced(_ first: String, _ second: String) -> String {
        let latin = { (character: Character?) in character.map { $0.isASCII && !$0.isWhitespace } ?? false }
        return first + (latin(first.last) != latin(second.first) ? " " : "") + second
    }


    // MARK: Address books (web)
    var addressBooks: String { "通讯录列表" }
    var newAddressBook: String { "新建通讯录" }
    var defaultBookName: String { "通讯录" }
    var bookNameLabel: String { "名称" }
    var bookNameExample: String { "家人、同事…" }
    var myAddressBooks: String { "我的通讯录" }
    var sharedWithMe: String { "共享给我的" }
    func sharedBookDetail(owner: String, _ access: BookAccess) -> String { "\(owner) · \(accessName(access))" }
    var bookAddress: String { "CardDAV 地址" }
    var bookAddressHelp: String { "地址在创建通讯录时由名称生成；重命名后地址不变，手机会照常同步。" }
    var create: String { "创建" }
    var deleteBook: String { "删除通讯录" }
    func deleteBookQuestion(_ displayName: String, contacts: Int) -> String { "删除“\(displayName)”及其中的 \(count(contacts))？" }
    var deleteBookMessage: String { "通讯录及其联系人会在“最近删除”中保留 30 天。" }
    var recentlyDeletedBooks: String { "最近删除" }
    var restore: String { "恢复" }
    var searchAllBooks: String { "搜索全部通讯录" }
    var otherBook: String { "通讯录" }
    var moveToBook: String { "移动" }
    var copyToBook: String { "复制" }

    // MARK: The birthday calendar's address (web)
    var subscribeInCalendar: String { "在日历中订阅" }
    var copyAddress: String { "复制地址" }

    // MARK: Bulk actions (web)
    func select(_ name: String) -> String { "选择 \(name)" }
    var selectedContacts: String { "所选联系人" }
    var deleteSelected: String { "删除所选" }
    var noneSelected: String { "请先选择一位或多位联系人。" }
    func deleteContacts(_ number: Int) -> String { "删除 \(number) 个联系人" }
    func deleteContactsMessage(_ number: Int) -> String { "删除的联系人会在“最近删除”中保留 30 天。" }

    // MARK: Recently deleted contacts (web)
    var recentlyDeleted: String { "最近删除" }
    var recentlyDeletedNote: String { "联系人删除后会在这里保留 30 天，之后将被永久删除。" }
    var recentlyDeletedEmpty: String { "没有最近删除的联系人" }
    func daysLeft(_ days: Int) -> String { "剩余 \(days) 天" }
    var restoreAll: String { "全部恢复" }
    var deleteNow: String { "立即删除" }
    func deleteNowMessage(_ name: String) -> String { "“\(name)”将被永久删除，此操作无法撤销。" }
}
