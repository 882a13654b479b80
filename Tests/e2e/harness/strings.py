"""The UI strings of docs SCREENS.md, English (the accessible-name contract) and zh-Hans.

Tests are written with the English names; `t(lang, english)` gives the name to look for in
the page's language, so one test body drives both languages.
"""

LANGS = ("en", "zh")

# Accept-Language sent by the browser for each test language.
ACCEPT_LANGUAGE = {"en": "en-US,en", "zh": "zh-CN,zh"}

ZH = {
    # Passkeys
    "Sign in with a passkey": "使用通行密钥登录",
    "Passkeys": "通行密钥",
    "Add a passkey": "添加通行密钥",
    "No passkeys yet": "还没有通行密钥",
    "Never used": "从未使用",
    "Last used": "上次使用",
    "That passkey didn’t work": "此通行密钥无法使用",
    "This passkey has already been added.": "此通行密钥已添加过。",
    # Login
    "Personal Contacts": "私人通讯录",
    "Account": "账号",
    "Password": "密码",
    "Remember password": "记住密码",
    "Auto login": "自动登录",
    "Log in": "登录",
    "Logging in...": "正在登录...",
    "Wrong account or password": "账号或密码错误",
    "Too many": "过多",
    # Setup (not in SCREENS.md's tables; the zh strings the app ships)
    "Repeat password": "再次输入密码",
    "Create account": "创建账号",
    # List
    "Add": "添加",
    "Edit": "编辑",
    "Done": "完成",
    "Log out": "注销",
    "Search": "搜索",
    "Delete": "删除",
    "Deleted": "已删除",
    "Undo": "撤销",
    "No contacts yet — tap + to add one": "还没有联系人，点 + 添加",
    # The list's menu, import, export and share
    "Menu": "菜单",
    "Import": "导入",
    "Export vCard": "导出 vCard",
    "Export Google CSV": "导出 Google CSV",
    "Export Outlook CSV": "导出 Outlook CSV",
    "Share": "分享",
    "vCard or CSV file": "vCard 或 CSV 文件",
    "Import finished": "导入完成",
    "Imported": "已导入",
    "Not imported": "未能导入",
    # The app on the home screen: the offline banner, the wide screen's panes
    "You are offline: these are the contacts saved on this device. Nothing can be changed until the connection is back.":
        "当前离线：显示的是本设备上保存的联系人。恢复网络后才能修改。",
    "Choose a contact to see it here": "选择一个联系人，在这里查看",
    "Contacts": "通讯录",
    # Logout sheet ("Log out" the confirm button is 确定 in zh: see CONFIRM_LOG_OUT)
    "Log out?": "确定要注销？",
    "You won't see your contacts until you log in again": "注销将无法查看您的联系人",
    "Cancel": "取消",
    # New contact
    "New contact": "添加联系人",
    "Photo": "点击选择头像",
    "Name": "姓名",
    "Phone": "电话",
    "Sex": "性别",
    "Age": "年龄",
    "Address": "地址",
    "Email": "邮箱",
    "Note": "备注",
    # The contact form's entries (Catalogue+Chinese.swift)
    "Company": "公司",
    "Job title": "职位",
    "Company contact": "公司联系人",
    "Label": "标签",
    "custom…": "自定义…",
    "add phone": "添加电话",
    "add email": "添加邮箱",
    "add address": "添加地址",
    "Street": "街道",
    "City": "城市",
    "More name fields": "更多姓名字段",
    "First name": "名字",
    "Last name": "姓氏",
    "Remove": "移除",
    "This contact was changed on another device": "此联系人已在其他设备上被修改",
    "Birthday": "生日",
    "Year": "年",
    "Month": "月",
    "Day": "日",
    "Date": "日期",
    "add date": "添加日期",
    "With a birthday, the age comes from it: one typed here is not kept": "填写生日后，年龄按生日计算，此处填写的不保存",
    # Birthdays
    "Birthdays": "生日",
    "Upcoming birthdays": "近期生日",
    "Today": "今天",
    "Birthday calendar": "生日日历",
    "The birthday calendar is off.": "生日日历已关闭。",
    "Turn on": "开启",
    # Duplicates
    "Possible duplicates": "可能重复的联系人",
    "Merge": "合并",
    "Not duplicates": "不是重复",
    "Name to keep": "保留的姓名",
    "Marked as different people.": "已标记为不同的人。",
    # Groups
    "Groups": "分组",
    "New group": "新建分组",
    "Add group": "添加分组",
    "Group name": "分组名称",
    "Rename": "重命名",
    "Delete group": "删除分组",
    "All contacts": "所有联系人",
    "Save groups": "保存分组",
    "Add to group": "添加到分组",
    "Remove from group": "移出分组",
    "New address": "更换地址",
    "Turn off": "关闭",
    "Back": "返回",
    "Male": "男",
    "Female": "女",
    "Other": "其他",
    "Not set": "未设置",
    "Enter a name or a company": "请输入姓名或公司",
    "Age must be 0–150": "年龄应在 0–150 之间",
    "Unsupported image": "图片格式不支持",
    # Contact
    "Contact": "查看联系人",
    "Save": "保存",
    "Discard changes?": "确认放弃修改么?",
    "Discard": "放弃修改",
    "Keep editing": "继续修改",
    "Delete contact": "删除联系人",
    # Sharing a book (not in SCREENS.md's tables; the zh strings the app ships)
    "Sharing": "共享",
    "Account to share with": "共享给账户",
    "Access": "权限",
    "Read-only": "只读",
    "Read and write": "可读写",
    "Change": "更改",
    "Stop sharing": "停止共享",
    "Not shared with anyone.": "尚未共享给任何人。",
    "Shared With": "已共享给",
    "Share with Another Account": "共享给其他账号",
    # Groups' and import's pages, the birthday calendar's address
    "No groups yet.": "还没有分组。",
    "Choose File": "选择文件",
    "No file chosen": "未选择文件",
    "Subscribe in Calendar": "在日历中订阅",
    "Copy Address": "复制地址",
    "Copied": "已复制",
    # Address books (not in SCREENS.md's tables; the zh strings the app ships)
    "Address Books": "通讯录列表",
    "New Address Book": "新建通讯录",
    "My Address Books": "我的通讯录",
    "CardDAV address": "CardDAV 地址",
    "Create": "创建",
    "Delete Address Book": "删除通讯录",
    "Recently Deleted": "最近删除",
    "Restore": "恢复",
    "Restore All": "全部恢复",
    "Delete Now": "立即删除",
    "No Recently Deleted Contacts": "没有最近删除的联系人",
    "Search all address books": "搜索全部通讯录",
    "Address book": "通讯录",
    "Move": "移动",
    "Copy": "复制",
    # The devices page and Connect a Device
    "Devices": "设备",
    "No Devices": "没有设备",
    "Connect a Device": "连接设备",
    "Create Password": "生成密码",
    "Server": "服务器",
    "User Name": "用户名",
    "Copy · Server": "复制 · 服务器",
    "Copy · User Name": "复制 · 用户名",
    "Copy · Password": "复制 · 密码",
    "Download Configuration Profile": "下载描述文件",
    "Open in DAVx⁵": "在 DAVx⁵ 中打开",
    "Revoke": "撤销",
    "Not used yet": "尚未使用",
    "DAVx⁵ on Android": "Android 上的 DAVx⁵",
    "from": "来自",
    "Enter a name of 1 to 64 characters, without control characters.": "请输入 1 到 64 个字符的名称，不能包含控制字符。",
    "Selected contacts": "所选联系人",
    "Delete Selected": "删除所选",
    "Delete 2 Contacts": "删除 2 个联系人",
    "Delete 3 Contacts": "删除 3 个联系人",
    # The viewed contact's card: quick actions and row labels.
    "call": "呼叫",
    "message": "信息",
    "mail": "邮件",
    "map": "地图",
    "mobile": "手机",
    "work": "工作",
    "home": "住宅",
    "anniversary": "纪念日",
    "friend": "朋友",
    "Nickname": "昵称",
    # History and undo (Catalogue+ChineseHistory.swift).
    "History": "历史记录",
    "Restore this version": "恢复此版本",
    "Current": "当前版本",
    "Undo changes": "撤销更改",
    "10 minutes ago": "10 分钟前",
    "1 hour ago": "1 小时前",
    "Yesterday": "昨天",
    "1 week ago": "1 周前",
    "Date and time": "日期和时间",
    "Continue": "继续",
    "Dismiss": "关闭",
    # Two-step verification (Catalogue+ChineseTwoStep.swift).
    "Two-step verification": "两步验证",
    "On": "已开启",
    "Off": "已关闭",
    "Turn On Two-Step Verification": "开启两步验证",
    "Turn Off Two-Step Verification": "关闭两步验证",
    "New Recovery Codes": "生成新的恢复码",
    "Recovery codes": "恢复码",
    "Code": "验证码",
    "Verify": "验证",
    "Setup key": "设置密钥",
    "Setup link": "设置链接",
    "Download (.txt)": "下载（.txt）",
    "Wrong code": "验证码错误",
    "Wrong password": "密码错误",
    "10 left": "剩余 10 个",
    "9 left": "剩余 9 个",
    "You have 10 recovery codes left.": "你还剩 10 个恢复码。",
    # Language switch: the link names the *other* language.
    "中文": "English",
    # Settings and the signed-in browsers
    "Settings": "设置",
    "Sign-in & Security": "登录与安全",
    "Two-step verification": "两步验证",
    "Passkeys": "通行密钥",
    "Devices": "设备",
    "Signed-in browsers": "已登录的浏览器",
    "This browser": "此浏览器",
    "Sign out": "退出登录",
    "Sign out everywhere else": "退出其他所有浏览器",
    "Chrome on Linux": "Linux 上的 Chrome",
    "Safari on iPhone": "iPhone 上的 Safari",
    "Firefox on Windows": "Windows 上的 Firefox",
}

# The sheet's destructive button: "Log out" in English, 退出登录 in Chinese (the bar button is 注销).
CONFIRM_LOG_OUT = "confirm-log-out"
# The sharing page's button: "Share" in English like the contact's share link, 共享 in Chinese (the link is 分享).
SHARE_BOOK = "share-book"
# An address book's name field: "Name" in English like the contact's, 名称 in Chinese (a contact's is 姓名).
BOOK_NAME = "book-name"
# A device's name field: "Name" in English, 名称 in Chinese, as an address book's.
DEVICE_NAME = "device-name"
_SPECIAL = {CONFIRM_LOG_OUT: {"en": "Log out", "zh": "退出登录"}, SHARE_BOOK: {"en": "Share", "zh": "共享"},
            BOOK_NAME: {"en": "Name", "zh": "名称"}, DEVICE_NAME: {"en": "Name", "zh": "名称"}}


def t(lang: str, english: str) -> str:
    """The string `english` in `lang` (en or zh)."""
    if english in _SPECIAL:
        return _SPECIAL[english][lang]
    if lang == "en":
        return english
    return ZH[english]


def list_title(lang: str, book: str = "Contacts") -> str:
    """The list's title: its book's name (the default book's in the page's language)."""
    return t(lang, "Contacts") if book == "Contacts" else book


def list_heading_html(lang: str) -> str:
    """The default book's list title as the server writes it, for pages read without a browser."""
    return f'<h1 class="bar-title">{list_title(lang)}</h1>'


def contact_count(lang: str, n: int) -> str:
    if lang == "zh":
        return f"{n} 位联系人"
    return "1 contact" if n == 1 else f"{n} contacts"
