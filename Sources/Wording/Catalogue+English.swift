import ContactCSV
import ContactsCore
import ContactsStore
import Foundation
import SQLEngine
import VCard

/// The interface in English (SCREENS.md's right column: the accessible names tests look for).
struct EnglishCatalogue: Catalogue {
    static let shared = EnglishCatalogue()

    var languageName: String { "English" }

    var appTitle: String { "Personal Contacts" }
    var appShortName: String { "Contacts" }
    var account: String { "Account" }
    var accountPlaceholder: String { "Enter your account" }
    var password: String { "Password" }
    var passwordPlaceholder: String { "Enter your password" }
    var passwordRemembered: String { "Password remembered" }
    var rememberPassword: String { "Remember password" }
    var autoLogin: String { "Auto login" }
    var logIn: String { "Log in" }
    var loggingIn: String { "Logging in..." }
    var wrongLogin: String { "Wrong account or password" }
    func tooManyAttempts(minutes: Int) -> String { "Too many failed attempts. Try again in \(minutes) min." }
    var busy: String { "The server is busy. Try again in a moment." }
    var serverError: String { "Something went wrong on the server. Try again later." }
    var requestTooLarge: String { "What was sent is larger than the server accepts." }
    var headersTooLarge: String { "The request's headers are too large. Clearing this site's cookies may help." }
    func passwordRules(minimum: Int) -> String { "Use at least \(minimum) characters. A few words you will remember make a strong password." }
    var setupTitle: String { "Create the first account" }
    var repeatPassword: String { "Repeat password" }
    var createAccount: String { "Create account" }
    var passwordsDiffer: String { "The passwords do not match" }
    func passwordTooShort(_ minimum: Int) -> String { "The password needs at least \(minimum) characters" }
    func passwordTooLong(_ maximumBytes: Int) -> String { "The password must be at most \(maximumBytes) bytes" }
    var invalidAccount: String { "Use 1–64 letters, digits or . _ - @" }
    var accountTaken: String { "That account already exists" }

    var add: String { "Add" }
    var edit: String { "Edit" }
    var done: String { "Done" }
    var logOut: String { "Log out" }
    var search: String { "Search" }
    var delete: String { "Delete" }
    var deleted: String { "Deleted" }
    var undo: String { "Undo" }
    func count(_ number: Int) -> String { number == 1 ? "1 contact" : "\(number) contacts" }
    var empty: String { "No contacts yet — tap + to add one" }
    var noMatches: String { "No matches" }
    var more: String { "More" }
    var sectionIndex: String { "Section index" }
    var menu: String { "Menu" }
    var noContactOpen: String { "Choose a contact to see it here" }
    var offline: String { "You are offline: these are the contacts saved on this device. Nothing can be changed until the connection is back." }
    var importCards: String { "Import" }
    func exportAs(_ format: ExportFormat) -> String {
        switch format {
        case .vCard: "Export vCard"
        case .googleCSV: "Export Google CSV"
        case .outlookCSV: "Export Outlook CSV"
        }
    }
    var logOutQuestion: String { "Log out?" }
    var logOutMessage: String { "You won't see your contacts until you log in again" }
    var confirmLogOut: String { "Log out" }
    var cancel: String { "Cancel" }

    var newContact: String { "New contact" }
    var contact: String { "Contact" }
    var photo: String { "Photo" }
    var cropTitle: String { "Move and scale" }
    var zoom: String { "Zoom" }
    var removePhoto: String { "Remove photo" }
    var name: String { "Name" }
    var phone: String { "Phone" }
    var sex: String { "Sex" }
    var age: String { "Age" }
    var birthday: String { "Birthday" }
    var lunarBirthday: String { "Lunar birthday" }
    var lunarMonth: String { "Month" }
    var lunarDay: String { "Day" }
    var leapMonth: String { "Leap" }
    func lunarMonthName(_ month: Int) -> String { String(month) }
    func lunarDayName(_ day: Int) -> String { String(day) }
    func lunarDate(_ date: LunarDate) -> String { "Lunar " + (date.isLeapMonth ? "leap " : "") + "\(date.month)/\(date.day)" }
    func nextOccurrence(_ date: CalendarDate) -> String { " · next: \(date)" }
    var address: String { "Address" }
    var email: String { "Email" }
    var note: String { "Note" }
    var back: String { "Back" }
    func sexName(_ sex: Sex) -> String {
        switch sex {
        case .male: "Male"
        case .female: "Female"
        case .other: "Other"
        case .notSet: "Not set"
        }
    }
    var standardLabels: [String: String] {
        ["mobile": "mobile", "iphone": "iPhone", "home": "home", "work": "work", "school": "school", "main": "main",
         "home-fax": "home fax", "work-fax": "work fax", "pager": "pager", "other": "other", "homepage": "homepage",
         "anniversary": "anniversary", "mother": "mother", "father": "father", "parent": "parent", "brother": "brother",
         "sister": "sister", "child": "child", "friend": "friend", "spouse": "spouse", "partner": "partner",
         "assistant": "assistant", "manager": "manager"]
    }
    var organization: String { "Company" }
    var department: String { "Department" }
    var jobTitle: String { "Job title" }
    var nickname: String { "Nickname" }
    var website: String { "Website" }
    var instantMessage: String { "Instant message" }
    var date: String { "Date" }
    var relatedName: String { "Related name" }
    var label: String { "Label" }
    var callAction: String { "call" }
    var messageAction: String { "message" }
    var mailAction: String { "mail" }
    var mapAction: String { "map" }
    var phoneticName: String { "Phonetic name" }
    var socialProfile: String { "Social profile" }
    var copy: String { "Copy" }
    var copied: String { "Copied" }
    func fullDate(_ date: CalendarDate) -> String {
        monthName(date.month) + " \(date.day)" + (date.year.map { ", \($0)" } ?? "")
    }
    var datePartOrder: [DatePart] { [.month, .day, .year] }
    func datePartName(_ part: DatePart) -> String {
        switch part {
        case .year: "Year"
        case .month: "Month"
        case .day: "Day"
        }
    }
    func monthName(_ month: Int) -> String {
        ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
         "November", "December"][month - 1]
    }
    func dayOfMonthName(_ day: Int) -> String { String(day) }
    var yearPlaceholder: String { "Year" }
    var yearSuffix: String { "" }
    var ageFromBirthday: String { "With a birthday, the age comes from it: one typed here is not kept" }
    var service: String { "Service" }
    var customLabel: String { "custom…" }
    var moreNameFields: String { "More name fields" }
    var namePrefix: String { "Prefix" }
    var givenName: String { "First name" }
    var middleName: String { "Middle name" }
    var familyName: String { "Last name" }
    var nameSuffix: String { "Suffix" }
    var phoneticGivenName: String { "Phonetic first name" }
    var phoneticMiddleName: String { "Phonetic middle name" }
    var phoneticFamilyName: String { "Phonetic last name" }
    var companyContact: String { "Company contact" }
    var street: String { "Street" }
    var city: String { "City" }
    var region: String { "State" }
    var postcode: String { "Postcode" }
    var country: String { "Country" }
    var remove: String { "Remove" }
    var addPhone: String { "add phone" }
    var addEmail: String { "add email" }
    var addAddress: String { "add address" }
    var addWebsite: String { "add website" }
    var addInstantMessage: String { "add instant message" }
    var addSocialProfile: String { "add social profile" }
    var addDate: String { "add date" }
    var addRelatedName: String { "add related name" }
    var save: String { "Save" }
    var discardQuestion: String { "Discard changes?" }
    var discard: String { "Discard" }
    var keepEditing: String { "Keep editing" }
    func changedElsewhere(_ otherValues: [(label: String, value: String)]) -> String {
        "This contact was changed on another device while you were editing. Your changes are below: save to keep them, or cancel to see the other version."
            + (otherValues.isEmpty ? "" : " The other version has " + otherValues.map { "\($0.label): \($0.value)" }.joined(separator: " · "))
    }
    var deleteContact: String { "Delete contact" }
    var share: String { "Share" }

    var birthdays: String { "Birthdays" }
    var upcomingBirthdays: String { "Upcoming birthdays" }
    func noBirthdays(inDays days: Int) -> String { days == 0 ? "No birthdays today" : "No birthdays in the next \(days) days" }
    func birthdayDay(_ date: CalendarDate, today: CalendarDate) -> String {
        if date == today { return "Today" }
        if date == today.adding(days: 1) { return "Tomorrow" }
        return Self.monthNames[date.month - 1] + " \(date.day)"
    }
    func birthdayDetail(_ birthday: Birthday) -> String {
        [birthday.isLunar ? "lunar" : nil, birthday.turning.map { "turns \($0)" }].compactMap { $0 }.joined(separator: " · ")
    }
    func birthdayEvent(name: String, birthday: Birthday) -> String {
        "\(name)'s \(birthday.isLunar ? "lunar " : "")birthday" + (birthday.turning.map { " (\($0))" } ?? "")
    }
    func turns(_ age: Int, on date: CalendarDate, today: CalendarDate) -> String {
        date == today ? "Turns \(age) today" : "Turns \(age) on " + Self.monthNames[date.month - 1] + " \(date.day)"
    }
    var birthdayCalendar: String { "Birthday calendar" }
    var birthdayCalendarHelp: String {
        "Subscribe to this address in any calendar app to see every birthday. It is private: whoever has it sees your contacts' names and birthdays."
    }
    var birthdayCalendarIsOff: String { "The birthday calendar is off." }
    var birthdayCalendarIsOn: String {
        "The birthday calendar is on. Its address was shown once, when it was made; to subscribe another calendar, get a new address "
            + "(calendars subscribed to the old one stop updating)."
    }
    var birthdayCalendarAddressShownOnce: String { "Copy this address now: it is not shown again." }
    func birthdayCalendarOutlivesPassword(rotate command: String) -> String {
        "The birthday calendar's address still works; for a new one: \(command)"
    }
    func birthdayCalendarAddressNotKept(rotate command: String) -> String {
        "the birthday calendar is on, and its address is kept only as a hash, so it cannot be shown again; for a new address "
            + "(calendars subscribed to the old one stop updating): \(command)"
    }
    var turnOnBirthdayCalendar: String { "Turn on" }
    var newBirthdayCalendarAddress: String { "New address" }
    var turnOffBirthdayCalendar: String { "Turn off" }
    var possibleDuplicates: String { "Possible duplicates" }
    var groups: String { "Groups" }
    var newGroup: String { "New group" }
    var groupName: String { "Group name" }
    var addGroup: String { "Add group" }
    var rename: String { "Rename" }
    var deleteGroup: String { "Delete group" }
    func deleteGroupQuestion(_ name: String) -> String { "Delete the group \u{201C}\(name)\u{201D}?" }
    var groupContactsStay: String { "Its contacts stay in the address book." }
    var allContacts: String { "All contacts" }
    var saveGroups: String { "Save groups" }
    var addToGroup: String { "Add to group" }
    var removeFromGroup: String { "Remove from group" }
    var noGroupsYet: String { "No groups yet." }
    func groupLink(_ name: String, members: Int) -> String { "\(name), \(count(members))" }
    var noDuplicates: String { "No possible duplicates." }
    var noGroups: String { "No groups." }
    func groupEntry(_ name: String, members: Int) -> String { "\(name)  (\(count(members)))" }
    func groupCreated(_ name: String) -> String { "Created group \(name)." }
    func groupRenamed(_ old: String, to new: String) -> String { "Renamed group \(old) to \(new)." }
    func groupDeleted(_ name: String) -> String { "Deleted group \(name); its contacts stay." }
    func duplicateReason(_ reason: DuplicateReason) -> String {
        switch reason {
        case .sameName: "Same name"
        case .samePhone(let number): "Same phone \(number)"
        case .sameEmail(let address): "Same email \(address)"
        case .sameHandle(let service, let handle): "Same \(service) \(handle)"
        case .similarName: "Similar names"
        }
    }
    var merge: String { "Merge" }
    var notDuplicates: String { "Not duplicates" }
    var nameToKeep: String { "Name to keep" }
    var photoToKeep: String { "Photo to keep" }
    var detailsToKeep: String { "Company, title and nickname to keep" }
    func merged(_ count: Int, into name: String) -> String { "Merged \(count) contacts into \(name)." }
    var markedAsDifferentPeople: String { "Marked as different people." }
    var sharing: String { "Sharing" }
    func sharingTitle(_ book: String) -> String { "Sharing \(book)" }
    func accessName(_ access: BookAccess) -> String {
        switch access {
        case .owner: "Owner"
        case .readWrite: "Read and write"
        case .readOnly: "Read-only"
        }
    }
    var accountToShareWith: String { "Account to share with" }
    var access: String { "Access" }
    var shareBook: String { "Share" }
    var changeAccess: String { "Change" }
    var stopSharing: String { "Stop sharing" }
    var notSharedWithAnyone: String { "Not shared with anyone." }
    var sharedWith: String { "Shared With" }
    var shareWithAnotherAccount: String { "Share with Another Account" }
    var sharingHelp: String { "The account sees this address book in its list and on its phones. Read-only lets it look; read and write lets it change contacts too." }
    func sharedWithYou(by owner: String, _ access: BookAccess) -> String {
        "Shared with you by \(owner), " + (access == .readOnly ? "read-only" : "read and write")
    }
    func lastChanged(by account: String, at time: String) -> String { "Last changed by \(account), \(time)" }
    func bookShared(_ book: String, with account: String, _ access: BookAccess) -> String {
        "Shared \(book) with \(account) (" + (access == .readOnly ? "read-only" : "read and write") + ")."
    }
    func bookUnshared(_ book: String, with account: String) -> String { "Stopped sharing \(book) with \(account)." }
    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    var vCardFile: String { "vCard or CSV file" }
    var ifAlreadyThere: String { "If a contact is already there" }
    func conflictChoice(_ policy: ImportConflictPolicy) -> String {
        switch policy {
        case .update: "Update existing"
        case .skip: "Skip duplicates"
        case .copy: "Keep both as copies"
        }
    }
    var chooseFileButton: String { "Choose File" }
    var noFileChosen: String { "No file chosen" }
    func importSizeLimit(_ size: String, option: String, variable: String) -> String {
        "Files up to \(size). The server's operator can raise the limit with \(option) (or \(variable))."
    }
    var chooseFile: String { "Choose a vCard or CSV file to import" }
    var emptyFile: String { "The file is empty" }
    var theFile: String { "The file" }
    var importFinished: String { "Import finished" }
    var importedCount: String { "Imported" }
    var updatedCount: String { "Updated" }
    var skippedCount: String { "Skipped" }
    var alreadyThereCount: String { "Already there" }
    var failedCount: String { "Failed" }
    var notImported: String { "Not imported" }
    func moreFailures(_ number: Int) -> String { "And \(number) more" }
    var unsupportedVersion: String { "The vCard version must be 3.0 or 4.0" }
    var unsupportedExportFormat: String { "The export format must be vcard, google-csv or outlook-csv" }
    func atCard(_ card: Int, named name: String?, line: Int, _ problem: String) -> String {
        "vCard \(card)\(name.map { " (\($0))" } ?? ""), line \(line): \(problem)"
    }
    func atRow(_ row: Int, named name: String?, _ problem: String) -> String { "row \(row)\(name.map { " (\($0))" } ?? ""): \(problem)" }

    var formUnreadable: String { "The form could not be read." }
    var notFound: String { "Not found" }
    var notFoundMessage: String { "There is nothing here." }
    var forbidden: String { "This form has expired. Go back, reload the page and try again." }

    func message(for error: ContactValidationError) -> String {
        switch error {
        case .emptyName: "Enter a name or a company"
        case .cardWithoutName: "The card has no name (FN, N or ORG)"
        case .phoneWithoutDigits(let phone): "Phone number \"\(phone)\" has no digits"
        case .ageOutOfRange: "Age must be 0–150"
        case .ageAndBirthday: "Give an age or a birthday, not both"
        case .invalidBirthday(let text): "Birthday \"\(text)\" is not a date like 1990-05-17"
        case .invalidDate(let text): "Date \"\(text)\" is not a date like 2010-06-12"
        case .birthdayInFuture: "Birthday is in the future"
        case .birthdayTooEarly(let year): "Birthday is out of range: the year must be \(year) or later"
        case .invalidLunarBirthday(let text?): "Lunar birthday \"\(text)\" is not a month and day like 8-15 (leap month: L4-15)"
        case .invalidLunarBirthday(nil): "Choose both a month and a day for the lunar birthday"
        case .invalidEmail(let email): "\"\(email)\" is not a valid email address"
        case .unsupportedImage: "Unsupported image"
        case .photoTooLarge: "Photo is larger than 1 MiB"
        case .tooLong(let field, let limit): "\(fieldName(field)) is longer than \(limit) characters"
        case .tooMany(let field, let limit): "At most \(limit) entries for \(fieldName(field))"
        }
    }

    func reason(for kind: CSVError.Kind) -> String {
        switch kind {
        case .unknownHeader:
            "the first row is not the header of a Google Contacts or Outlook CSV export (columns such as First Name, E-mail 1 - Value or E-mail Address)"
        case .undecodableText: "the file is neither UTF-8, UTF-16 with a byte order mark, nor GB18030 text"
        case .tooLarge(let maximumBytes): "a CSV file can be at most \(maximumBytes / (1 << 20)) MiB"
        case .fieldCount(let expected, let found): "\(found) field\(found == 1 ? "" : "s") where the header has \(expected)"
        case .unterminatedQuote: "a quoted field is never closed"
        }
    }

    func reason(for kind: VCardError.Kind) -> String {
        switch kind {
        case .missingEnd: "no END:VCARD for the BEGIN:VCARD on this line"
        case .endWithoutBegin: "END:VCARD without BEGIN:VCARD"
        case .missingColon: "content line has no colon"
        case .invalidName(let name): "invalid name \"\(name)\""
        case .unterminatedQuote: "parameter value has an unterminated double quote"
        case .invalidBase64(let property): "\(property) value is not valid base64"
        case .unknownCharset(let charset): "unknown charset \"\(charset)\""
        case .undecodableText(let charset): "value is not valid \(charset) text"
        case .nestingTooDeep: "cards nested too deeply"
        case .noCard: "no BEGIN:VCARD found"
        }
    }

    func message(for error: StoreError) -> String {
        switch error {
        case .invalidUsername(let name): "invalid username \"\(name)\": use 1–64 letters, digits or . _ - @"
        case .usernameTaken(let name): "a user named \"\(name)\" already exists"
        case .userNotFound(let name): "no user named \"\(name)\""
        case .invalidPassword(.tooShort(let minimum)): passwordTooShort(minimum)
        case .invalidPassword(.tooLong(let maximumBytes)): passwordTooLong(maximumBytes)
        case .contactNotFound(let id): "no contact with id \(id)"
        case .notInTrash(let id): "no contact with id \(id) in the trash"
        case .changedSinceRead(let id): "contact \(id) was changed elsewhere since it was read; read it again and repeat the change"
        case .mergeNeedsTwoContacts: "a merge needs at least two different contacts"
        case .notAmongMerged(let id): "contact \(id) is not one of the contacts being merged"
        case .nothingToUndo(let id): "there is no merge into contact \(id) to undo"
        case .versionNotFound(let id, let version): "contact \(id) has no version \(version) in its history"
        case .rewindOutOfReach(let earliest):
            "the history reaches back to \(timestamp(earliest)); choose a time between then and now"
        case .busy: "the database is busy (another program is writing to it) or out of reach; try again in a moment"
        case .needsSQLite: "this works on a SQLite data directory; this store is on PostgreSQL (use the PostgreSQL tools, e.g. pg_dump, for its backups)"
        case .targetNotEmpty: "the target already has users or contacts; copy only into a new, empty database or data directory"
        case .schemasDiffer(let differences):
            "the target's tables differ from this store's (\(differences.joined(separator: "; "))); nothing was copied: run the same release on both"
        case .storageFailed(let detail): "the database failed: \(detail)"
        case .invalid(let error): message(for: error)
        case .cannotCreateDataDirectory(let path, let reason): "cannot create data directory \(path): \(reason)"
        case .dataDirectoryIsAFile(let path): "cannot create data directory \(path): a file is in the way"
        case .invalidAddressBookName(let name):
            "invalid address book name \"\(name)\": use 1–255 bytes of UTF-8 without /, control or invisible formatting characters, "
                + "nor white space at either end (not . or ..)"
        case .addressBookNameTaken(let name): "an address book named \"\(name)\" already exists"
        case .addressBookDisplayNameTaken(let name): "another address book is already called \"\(name)\"; choose another name"
        case .addressBookNotFound: "the address book no longer exists"
        case .invalidGroupName(let name): "\"\(name)\" cannot be a group name: give 1 to \(ContactDetails.maximumGroupNameLength) characters, no control characters"
        case .groupNameTaken(let name): "a group named \"\(name)\" already exists"
        case .limitReached(.groups): "an address book holds at most \(StoreError.StoreLimit.groups.maximum) groups; delete one to make another"
        case .limitReached(.addressBooks):
            "an account holds at most \(StoreError.StoreLimit.addressBooks.maximum) address books, those in Recently Deleted included; "
                + "delete one for good to make another"
        case .groupNotFound: "the group no longer exists"
        case .noGroupNamed(let name): "there is no group named \"\(name)\""
        case .cannotDeleteDefaultAddressBook: "the default address book cannot be deleted"
        case .addressBookReadOnly: "this address book is shared with you read-only"
        case .onlyOwnerManagesBook: "only the owner of this address book can rename, delete or share it"
        case .cannotShareWithOwner: "an address book cannot be shared with its owner"
        case .notSharedWith(let name): "the address book is not shared with \"\(name)\""
        case .alreadyInAddressBook(let uid): "the target address book already has a contact with UID \"\(uid)\"; nothing was moved"
        case .sameAddressBook: "the contacts are already in that address book"
        case .cardNotFound(let href): "no card named \"\(href)\""
        case .invalidHref(let href): "invalid card name \"\(href)\": use 1–255 characters without / or control characters (not . or ..)"
        case .invalidUID(let uid): "invalid UID \"\(uid)\": use 1–255 bytes without control characters"
        case .uidConflict(let href): "the card \"\(href)\" already has this UID"
        case .preconditionFailed: "the card has changed or already exists"
        case .invalidDeviceName(let device): "invalid device name \"\(device)\": use 1–64 characters without control characters"
        case .appPasswordExists(let device): "an app password for \"\(device)\" already exists; revoke it first"
        case .appPasswordNotFound(let device): "no app password for \"\(device)\""
        case .backupExists(let path): "\(path) already exists; choose a new name or a directory"
        case .cannotWriteBackup(let path, let reason): "cannot write the backup \(path): \(reason)"
        case .backupDamaged(let path, let problems):
            "cannot write the backup \(path): the copy failed its integrity check: " + problems.joined(separator: "; ")
        case .notABackup(let path, let problem): "cannot restore from \(path): " + backupProblem(problem)
        }
    }

    private func backupProblem(_ problem: StoreError.BackupProblem) -> String {
        switch problem {
        case .isTheDataDirectory: "it is the data directory's own database"
        case .noSuchFile: "no such file"
        case .unreadable: "it cannot be read"
        case .otherDatabase: "it is an SQLite database, but not one of PersonalContacts"
        case .notADatabase(let message): message
        case .damaged(let problems): "it is damaged: " + problems.joined(separator: "; ")
        }
    }

    func message(for error: MigrationError) -> String {
        switch error {
        case .newerSchema(let version, let known):
            "the database has schema version \(version), newer than this program's \(known); upgrade PersonalContacts"
        }
    }

    func unknownCommand(_ words: String) -> String { "unknown command \"\(words)\"; see contacts --help" }
    func usage(_ line: String) -> String { "usage: contacts \(line)" }
    func unknownOption(_ name: String) -> String { "unknown option \(name)" }
    func givenOnlyOnce(_ name: String) -> String { "\(name) may be given only once" }
    func needsValue(_ name: String) -> String { "\(name) needs a value" }
    func takesNoValue(_ name: String) -> String { "\(name) takes no value" }
    func isRequired(_ name: String) -> String { "\(name) is required" }
    func userNeeded(accounts: Int) -> String {
        accounts == 0 ? "there is no account yet; make one with \"contacts user add NAME\""
            : "--user is required: this store has \(accounts) accounts (or set $CONTACTS_USER)"
    }
    func nothingToChange(_ command: String) -> String {
        "nothing to change: give \(command) at least one field to set or remove (see contacts \(command) --help)"
    }
    func unexpectedArgument(_ word: String) -> String { "unexpected argument \(word)" }
    func missingArgument(_ name: String) -> String { "missing \(name)" }
    func notAContactID(_ text: String) -> String { "ID must be a contact id (a positive number), not \"\(text)\"" }
    func mustBeOneOf(_ option: String, _ choices: [String], given: String?) -> String {
        let listed = choices.dropLast().joined(separator: ", ") + " or " + (choices.last ?? "")
        return "\(option) must be \(listed)" + (given.map { ", not \"\($0)\"" } ?? "")
    }
    func mustBeNumber(_ option: String, from lowest: Int, to highest: Int) -> String {
        "\(option) must be a number from \(lowest) to \(highest)"
    }
    func notBoth(_ first: String, _ second: String) -> String { "give \(first) or \(second), not both" }
    func together(_ first: String, _ second: String) -> String { "\(first) and \(second) go together" }
    func notAddressRange(_ option: String, given: String) -> String {
        "\(option) takes addresses or ranges such as 10.0.0.2 or 10.0.0.0/8 or fd00::/8, separated by commas, or none (given: \(given))"
    }
    func notPublicURL(_ option: String, given: String) -> String {
        "\(option) takes the address devices reach the server at, such as https://contacts.example.org (given: \(given))"
    }
    func passwordOnCommandLine(_ option: String) -> String {
        "warning: the password in \(option) is visible to every user of this machine in the process list; "
            + "put the URL in $CONTACTS_DATABASE, or the password in ~/.pgpass ($PGPASSFILE, or passfile= in the URL)"
    }
    var standardInputOnce: String { "standard input (-) may be given only once" }
    var passwordNeedsStdin: String { "standard input is not a terminal: pass the password with --password-stdin" }
    var noPasswordOnStdin: String { "no password on standard input" }
    var noPasswordGiven: String { "no password given" }
    var passwordPrompt: String { "Password: " }
    var repeatPasswordPrompt: String { "Repeat password: " }
    func cannotRead(_ path: String) -> String { "cannot read \(path)" }
    func cannotReadFile(_ path: String) -> String { "cannot read \(path): no such file, or not a readable file" }
    func notAContactsFile(_ name: String, _ format: ForeignFormat) -> String {
        let kind = switch format {
        case .png: "a PNG image"
        case .jpeg: "a JPEG image"
        case .gif: "a GIF image"
        case .webP: "a WebP image"
        case .heic: "a HEIC image"
        case .pdf: "a PDF document"
        case .zip: "a ZIP archive"
        case .gzip: "a gzip archive"
        case .officeDocument: "a Microsoft Office document"
        }
        return "\(name) is \(kind), not a vCard or CSV file. Export the contacts as vCard (.vcf) or CSV, and import that file."
    }
    func noContactsIn(_ name: String, isCSV: Bool) -> String {
        isCSV ? "\(name) holds no contacts: the CSV file has no rows below its header."
            : "\(name) holds no contacts: it has no vCard (BEGIN:VCARD) and is not a contacts CSV file."
    }
    func cannotReadPhoto(_ path: String) -> String { "cannot read photo \(path)" }
    func notInForm(_ option: String, _ form: String, given: String) -> String { "\(option) takes \(form), not \"\(given)\"" }
    func readFailed(_ name: String, _ reason: String) -> String { "error reading \(name): \(reason)" }
    func cannotWrite(_ path: String, _ reason: String) -> String { "cannot write \(path): \(reason)" }
    func cannotOpenDataDirectory(_ path: String, _ reason: String) -> String { "cannot open the data directory \(path): \(reason)" }
    func serverRunning(_ directory: String) -> String { "a server is running on \(directory); stop it first" }
    func restoreRunning(_ directory: String) -> String { "a restore or migration is running on \(directory); start the server when it has finished" }
    func cardsNotImported(_ number: Int) -> String { "\(number) card\(number == 1 ? "" : "s") not imported:" }
    func userCreated(_ name: String) -> String { "Created user \(name)." }
    var noUsers: String { "No users." }
    func passwordChanged(_ name: String) -> String { "Password changed for \(name)." }
    func userDeleted(_ name: String) -> String { "Deleted user \(name)." }
    func appPasswordCreated(_ name: String, device: String, password: String) -> String {
        "App password for \(name) on \(device) (it will not be shown again):\n\(password)"
    }
    var noAppPasswords: String { "No app passwords." }
    func appPasswordEntry(_ device: String, created: String, lastUsed: String?, client: String?, address: String?) -> String {
        "\(device)\tcreated \(created)\tlast used \(lastUsed ?? "never")" + (client.map { "\t\($0)" } ?? "") + (address.map { "\tfrom \($0)" } ?? "")
    }
    func appPasswordRevoked(_ name: String, device: String) -> String { "Revoked the app password of \(name) on \(device)." }
    func phoneticNames(_ on: Bool, _ name: String) -> String { "Phonetic names \(on ? "on" : "off") for \(name)." }
    func contactUpdated(_ id: Int64) -> String { "Updated contact \(id)." }
    func contactTrashed(_ id: Int64) -> String { "Moved contact \(id) to the trash." }
    var trashEmpty: String { "The trash is empty." }
    func contactRestored(_ id: Int64) -> String { "Restored contact \(id)." }
    var noContacts: String { "No contacts." }
    func importTally(imported: Int, updated: Int, alreadyThere: Int, skipped: Int, failed: Int) -> String {
        "Imported \(imported), updated \(updated), already there \(alreadyThere), skipped \(skipped), failed \(failed)."
    }
    func exported(_ count: Int, to path: String) -> String { "Exported \(self.count(count)) to \(path)." }
    func backupContents(users: Int, contacts: Int) -> String {
        (users == 1 ? "1 user" : "\(grouped(users)) users") + " and " + (contacts == 1 ? "1 contact" : "\(grouped(contacts)) contacts")
    }
    func backedUp(_ contents: String, to path: String, size: String) -> String { "Backed up \(contents) to \(path) (\(size))." }
    func keptReplacedData(_ path: String) -> String { "Kept the data it replaces in \(path)." }
    func restored(_ contents: String, from path: String) -> String {
        "Restored \(contents) from \(path). Everyone signs in again; an app password "
            + "revoked after the backup was made works again until it is revoked again."
    }
    func notAWebAddress(_ option: String, given: String) -> String {
        "\(option) must be the server's address, http://HOST:PORT or https://HOST, not \"\(given)\""
    }
    func notADatabaseURL(_ option: String, given: String) -> String {
        "\(option) must be a PostgreSQL URL, postgresql://USER:PASSWORD@HOST:PORT/DATABASE (or postgres://…), not \"\(given)\""
    }
    var restoreThenMigrate: String {
        "to load a backup into PostgreSQL, restore it into a new data directory, then run: contacts --data DIR migrate --to URL"
    }
    func migrated(users: Int, contacts: Int, sentCards: Int, changes: Int, to target: String) -> String {
        "Copied " + (users == 1 ? "1 user" : "\(grouped(users)) users") + ", "
            + (contacts == 1 ? "1 contact" : "\(grouped(contacts)) contacts") + " (the trash included), "
            + (sentCards == 1 ? "1 card" : "\(grouped(sentCards)) cards") + " as clients sent them and "
            + (changes == 1 ? "1 change" : "\(grouped(changes)) changes") + " to \(target)."
    }
    var clientsKeepSyncing: String {
        "Run the server on the new store: sync clients carry on where they left off (their sync tokens and ETags still hold), "
            + "and passwords, app passwords and sessions keep working."
    }
    var stopping: String { "Stopping: finishing requests in flight…" }
    var cardsUnit: String { "cards" }
    var pagesUnit: String { "pages" }
    var rowsUnit: String { "rows" }

    // MARK: Address books (CLI)
    func noAddressBook(_ name: String) -> String { "No address book \(name)." }
    func bookCreated(_ name: String) -> String { "Created address book \(name)." }
    func bookRenamed(_ name: String, to displayName: String) -> String { "Address book \(name) is now shown as \"\(displayName)\"." }
    func bookTrashed(_ name: String) -> String { "Moved address book \(name) and its contacts to the trash (restorable for 30 days)." }
    func bookRestored(_ name: String) -> String { "Restored address book \(name)." }
    func contactsMoved(_ count: Int, to book: String) -> String { "Moved \(self.count(count)) to \(book)." }
    func contactsCopied(_ count: Int, to book: String) -> String { "Copied \(self.count(count)) to \(book)." }
    var invalidDisplayName: String { "the display name must not be empty and at most 255 bytes long" }

    // MARK: History and rewind (CLI)
    func notATime(_ option: String, given: String) -> String {
        "\(option) takes an ISO 8601 time with its zone (2026-12-04T10:00:00Z, 2026-12-04T18:00:00+08:00) or a time back from now (90s, 10m, 2h, 3d, 1w), not \"\(given)\""
    }
    func noSuchMoment(_ option: String, given: String) -> String { "\(option): the calendar has no such day or time as \"\(given)\"" }
    func notBackFromNow(_ option: String, given: String) -> String {
        "\(option) counts back from now, and \"\(given)\" does not go back: give 1s or more (10m, 2h, 3d)"
    }
    func inTheFuture(_ option: String, given: String) -> String {
        "\(option) \"\(given)\" is in the future: a book goes back to a moment of the last 30 days"
    }
    func notAVersion(_ text: String) -> String { "VERSION must be a version number of the contact's history (a positive number), not \"\(text)\"" }
    func changeClientName(_ client: ChangeClient?) -> String {
        guard let client else { return "before history was kept" }
        let kind = switch client.kind {
        case .web: "web app"
        case .carddav: "CardDAV client"
        case .cli: "command line"
        case .server: "server"
        }
        return client.name.isEmpty ? kind : "\(client.name) (\(kind))"
    }
    func versionHeading(_ number: Int64, at: Date, change: ContactVersion.Change, by client: ChangeClient?, account: String?) -> String {
        "Version \(number), \(timestamp(at)): \(changeName(change).lowercased()) by \(clientOf(account, client))"
    }
    var movedToAnotherBook: String { "(moved to another address book)" }
    func versionRestored(_ number: Int64, ofContact id: Int64, live: Bool) -> String {
        live ? "Contact \(id) is as it was in version \(number) again." : "Version \(number) was the deletion of contact \(id): moved it to the trash."
    }
    func activitySince(_ date: Date, any: Bool) -> String {
        any ? "Changes since \(timestamp(date)), by client:" : "No changes since \(timestamp(date))."
    }
    func activityEntry(by client: ChangeClient?, account: String?, changes: [ContactVersion.Change: Int], first: Date, last: Date) -> String {
        let counts = ContactVersion.Change.allCases.compactMap { change in changes[change].map { "\($0) \(changeName(change).lowercased())" } }
        return "  \(clientOf(account, client)): \(counts.joined(separator: ", ")) (\(timestamp(first)) to \(timestamp(last)))"
    }
    func massDeletionNotice(by client: ChangeClient?, account: String?, count: Int, at: Date, undoTo: Date) -> String {
        "\(clientOf(account, client)) deleted \(self.count(count)) at \(timestamp(at)). To undo: contacts rewind --to \(preciseTimestamp(undoTo))"
    }
    func rewound(broughtBack: Int, setBack: Int, removed: Int, since: Date, dryRun: Bool) -> String {
        let contacts = broughtBack == 1 ? "1 deleted contact" : "\(broughtBack) deleted contacts"
        return dryRun
            ? "Would bring back \(contacts), set back \(setBack) changed, remove \(removed) added since \(timestamp(since)). Nothing was changed."
            : "Brought back \(contacts), set back \(setBack) changed, removed \(removed) added since \(timestamp(since))."
    }
    func nothingToRewind(since: Date) -> String { "Nothing changed since \(timestamp(since)): nothing to undo." }

    /// "alice's iPhone (CardDAV client)".
    private func clientOf(_ account: String?, _ client: ChangeClient?) -> String {
        (account.map { $0 + "'s " } ?? "") + changeClientName(client)
    }


    // MARK: Address books (web)
    var addressBooks: String { "Address Books" }
    var newAddressBook: String { "New Address Book" }
    var defaultBookName: String { "Contacts" }
    var bookNameLabel: String { "Name" }
    var bookNameExample: String { "Family, Work…" }
    var myAddressBooks: String { "My Address Books" }
    var sharedWithMe: String { "Shared with Me" }
    func sharedBookDetail(owner: String, _ access: BookAccess) -> String { "\(owner) · \(accessName(access))" }
    var bookAddress: String { "CardDAV address" }
    var bookAddressHelp: String { "Made from the name when the book was created. It stays when the book is renamed, so phones keep syncing." }
    var create: String { "Create" }
    var deleteBook: String { "Delete Address Book" }
    func deleteBookQuestion(_ displayName: String, contacts: Int) -> String { "Delete \(displayName) and its \(count(contacts))?" }
    var deleteBookMessage: String { "The address book and its contacts stay in Recently Deleted for 30 days." }
    var recentlyDeletedBooks: String { "Recently Deleted" }
    var restore: String { "Restore" }
    var searchAllBooks: String { "Search all address books" }
    var otherBook: String { "Address book" }
    var moveToBook: String { "Move" }
    var copyToBook: String { "Copy" }

    // MARK: The birthday calendar's address (web)
    var subscribeInCalendar: String { "Subscribe in Calendar" }
    var copyAddress: String { "Copy Address" }

    // MARK: Bulk actions (web)
    func select(_ name: String) -> String { "Select \(name)" }
    var selectedContacts: String { "Selected contacts" }
    var deleteSelected: String { "Delete Selected" }
    var noneSelected: String { "Select one or more contacts first." }
    func deleteContacts(_ number: Int) -> String { number == 1 ? "Delete 1 Contact" : "Delete \(number) Contacts" }
    func deleteContactsMessage(_ number: Int) -> String {
        number == 1 ? "The contact stays in Recently Deleted for 30 days." : "The \(number) contacts stay in Recently Deleted for 30 days."
    }

    // MARK: Recently deleted contacts (web)
    var recentlyDeleted: String { "Recently Deleted" }
    var recentlyDeletedNote: String { "Contacts are kept here for 30 days after they are deleted, then deleted for good." }
    var recentlyDeletedEmpty: String { "No Recently Deleted Contacts" }
    func daysLeft(_ days: Int) -> String { days == 1 ? "1 day left" : "\(days) days left" }
    var restoreAll: String { "Restore All" }
    var deleteNow: String { "Delete Now" }
    func deleteNowMessage(_ name: String) -> String { "\(name) will be deleted for good. This cannot be undone." }
}
