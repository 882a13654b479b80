import ContactsCore

/// The options of `add` and `edit` for a contact's lists (phones, emails, addresses, websites,
/// handles, social profiles, dates, related names): `--phone [LABEL:]NUMBER` adds one entry,
/// `--remove-phone [LABEL:]NUMBER` (on `edit`) takes away the entries whose value matches.
///
/// A value's label is the text before its first colon, read as `ContactLabel(text)`: `work`,
/// `home fax`, `iPhone` are standard labels, any other text a custom one. A website's text is
/// all URL when what follows its first colon starts with `//` (`https://x`); `work:https://x`
/// has the label `work`.
struct ContactEntryOption {
    /// The option's name without dashes: `phone`, `remove-phone` being its counterpart on `edit`.
    let name: String
    /// How a value is written, for usage lines and messages: `[LABEL:]NUMBER`.
    let form: String
    /// Adds the entries of `--NAME`, then takes away those `--remove-NAME` matches.
    private let change: (Arguments, inout ContactDetails) throws(UsageError) -> Void

    /// An option for the list at `entries`: `parse` reads a value and its label (nil when the
    /// value is not in `form`), `key` is what two entries are the same by.
    init<Entry>(_ name: String, form: String, _ entries: WritableKeyPath<ContactDetails, [Entry]>,
                parse: @escaping (_ label: ContactLabel?, _ value: String) -> Entry?, key: @escaping (Entry) -> String,
                urlLike: Bool = false) {
        self.name = name
        self.form = form
        change = { arguments, details throws(UsageError) in
            func read(_ option: String) throws(UsageError) -> [Entry] {
                var read: [Entry] = []
                for text in arguments.all(option) {
                    let (label, value) = Self.labelled(text, urlLike: urlLike)
                    guard let entry = parse(label, value.trimmed) else {
                        throw UsageError { [form] in $0.notInForm(option, form, given: text) }
                    }
                    read.append(entry)
                }
                return read
            }
            details[keyPath: entries] += try read("--" + name)
            let removed = Set(try read("--remove-" + name).map(key))
            details[keyPath: entries].removeAll { removed.contains(key($0)) }
        }
    }

    /// Adds and removes the entries the options give.
    func apply(_ arguments: Arguments, to details: inout ContactDetails) throws(UsageError) {
        try change(arguments, &details)
    }

    /// The label before the first colon, if any, and the rest.
    private static func labelled(_ text: String, urlLike: Bool) -> (ContactLabel?, String) {
        guard let colon = text.firstIndex(of: ":") else { return (nil, text) }
        let rest = text[text.index(after: colon)...]
        if urlLike && rest.hasPrefix("//") { return (nil, text) }
        return (ContactLabel(String(text[..<colon])), String(rest))
    }

    /// Every list option, in the order help lists them.
    static var all: [ContactEntryOption] {
        [
            ContactEntryOption("phone", form: "[LABEL:]NUMBER", \.phones,
                               parse: { label, value in value.isEmpty ? nil : PhoneNumber(value, label: label ?? .mobile) },
                               key: { String($0.number.filter { $0.isASCII && $0.isNumber }) }),
            ContactEntryOption("email", form: "[LABEL:]ADDRESS", \.emails,
                               parse: { label, value in value.isEmpty ? nil : EmailAddress(value, label: label ?? .other) },
                               key: { $0.address.lowercased() }),
            ContactEntryOption("address", form: "[LABEL:]TEXT", \.addresses,
                               parse: { label, value in value.isEmpty ? nil : PostalAddress(label: label ?? .home, street: value) },
                               key: { $0.singleLine.lowercased() }),
            ContactEntryOption("url", form: "[LABEL:]URL", \.urls,
                               parse: { label, value in value.isEmpty ? nil : Website(value, label: label ?? .homePage) },
                               key: { $0.url.lowercased() }, urlLike: true),
            ContactEntryOption("im", form: "[LABEL:]SERVICE:HANDLE", \.instantMessages, parse: serviceHandle, key: handleKey),
            ContactEntryOption("social", form: "[LABEL:]SERVICE:HANDLE", \.socialProfiles, parse: serviceHandle, key: handleKey),
            ContactEntryOption("date", form: "[LABEL:]YYYY-MM-DD or [LABEL:]--MM-DD", \.dates,
                               parse: { label, value in CalendarDate(value).map { LabelledDate($0, label: label ?? .anniversary) } },
                               key: { $0.date.description }),
            ContactEntryOption("related", form: "[LABEL:]NAME", \.relatedNames,
                               parse: { label, value in value.isEmpty ? nil : RelatedName(value, label: label ?? .other) },
                               key: { $0.name.lowercased() }),
        ]
    }

    /// `wechat:ponyma` (the service before the colon), or `work:wechat:ponyma` with a label first.
    private static func serviceHandle(_ label: ContactLabel?, _ value: String) -> ServiceHandle? {
        guard let label else { return nil }
        let parts = value.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map { String($0).trimmed }
        if parts.count == 2 {
            guard !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
            return ServiceHandle(service: parts[0], handle: parts[1], label: label)
        }
        let service = label.isCustom ? label.rawValue : label.appleWord
        guard !service.isEmpty, !value.isEmpty else { return nil }
        return ServiceHandle(service: service, handle: value)
    }

    private static func handleKey(_ handle: ServiceHandle) -> String {
        handle.service.lowercased() + ":" + handle.handle.lowercased()
    }
}
