import ContactsStore
import Foundation

/// 中文：联系人的历史记录、撤销更改和大量删除的提醒。
extension ChineseCatalogue {
    var history: String { "历史记录" }

    func changeName(_ change: ContactVersion.Change) -> String {
        switch change {
        case .created: "创建"
        case .changed: "修改"
        case .deleted: "删除"
        case .restored: "恢复"
        case .merged: "合并"
        case .moved: "移动"
        }
    }

    var historyStart: String { "历史记录开始时的样子" }
    var currentVersion: String { "当前版本" }
    var restoreThisVersion: String { "恢复此版本" }
    func restoreVersionMessage(_ time: String) -> String { "联系人将恢复为 \(time) 时的样子，现在的版本仍保留在历史记录中。" }
    var versionLeftBook: String { "已移到另一个通讯录" }

    func fieldAdded(_ label: String, _ value: String?) -> String { "添加了\(label)" + (value.map { "：\($0)" } ?? "") }
    func fieldRemoved(_ label: String, _ value: String?) -> String { "删除了\(label)" + (value.map { "：\($0)" } ?? "") }
    func fieldChanged(_ label: String, from old: String, to new: String) -> String { "\(label)：\(old) → \(new)" }
    func fieldEdited(_ label: String) -> String { "修改了\(label)" }
    var otherDetailsChanged: String { "修改了其他信息" }
    var photoName: String { "头像" }

    func browser(_ name: String?, on system: String?) -> String {
        switch (name, system) {
        case let (name?, system?): "\(system) 上的 \(name)"
        case let (name?, nil): name
        case let (nil, system?): "\(system) 上的浏览器"
        case (nil, nil): "浏览器"
        }
    }
    var commandLine: String { "命令行" }
    var cardDAVClient: String { "CardDAV 客户端" }
    var theServer: String { "服务器" }

    func momentInUTC(_ date: Date) -> String { inUTC("yyyy年M月d日 HH:mm '(UTC)'", date) }
    func timeInUTC(_ date: Date) -> String { inUTC("HH:mm '(UTC)'", date) }

    var undoChanges: String { "撤销更改" }
    var undoChangesNote: String { "联系人将回到你所选时间的样子。之后的更改仍保留在每个联系人的历史记录中，因此这一操作也可以撤销。" }
    func undoChoice(secondsAgo seconds: Int) -> String {
        switch seconds {
        case 86_400: "昨天"
        case 604_800: "1 周前"
        case ..<3_600: "\(seconds / 60) 分钟前"
        case ..<86_400: "\(seconds / 3_600) 小时前"
        default: "\(seconds / 86_400) 天前"
        }
    }
    var chosenTime: String { "日期和时间" }
    var continueButton: String { "继续" }
    var timeReadAsUTC: String { "未启用 JavaScript 时，此时间按 UTC 计算。" }
    func undoTo(_ time: String) -> String { "恢复到 \(time)" }

    func rewindPreview(broughtBack: Int, setBack: Int, removed: Int) -> String {
        let parts = [(broughtBack, "恢复 \(broughtBack) 个已删除的联系人"), (setBack, "还原 \(setBack) 个已修改的联系人"),
                     (removed, "移除之后添加的 \(removed) 个联系人")].filter { $0.0 > 0 }.map(\.1)
        guard let last = parts.last else { return nothingToUndoSince }
        return "这将" + (parts.count == 1 ? last : parts.dropLast().joined(separator: "，") + "，并" + last) + "。"
    }
    var nothingToUndoSince: String { "从那时起没有任何更改，无需撤销。" }
    func changesUndone(to time: String) -> String { "联系人已恢复到 \(time) 时的样子。" }

    func massDeletion(by name: String, isDevice: Bool, count: Int, at time: String) -> String {
        "\(isDevice ? "你的 \(name) " : name)在 \(time) 删除了 \(count) 个联系人。"
    }
    var dismiss: String { "关闭" }
}
