import Foundation

/// Where the data lives: `--data DIR`, else `$CONTACTS_DATA`, else
/// `$XDG_DATA_HOME/personal-contacts`, else `~/.local/share/personal-contacts`.
enum DataDirectory {
    static func resolve(option: String?, environment: [String: String]) -> String {
        if let option, !option.isEmpty { return option }
        if let explicit = environment["CONTACTS_DATA"], !explicit.isEmpty { return explicit }
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            return (xdg as NSString).appendingPathComponent("personal-contacts")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return (home as NSString).appendingPathComponent(".local/share/personal-contacts")
    }
}
