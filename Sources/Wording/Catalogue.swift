import Accounts
import ContactCSV
import ContactsCore
import ContactsStore
import Foundation
import SQLEngine
import VCard

/// Every piece of text a person reads — web pages, messages of errors from every layer, the CLI's
/// messages — in one language (CardDAV's refusals, which only developers and clients read, are
/// `DAVWording`, in English only). Each language is one conforming file
/// (`Catalogue+English.swift`, `Catalogue+Chinese.swift`) and one `Language` case. Errors stay
/// structured where they are raised; the catalogue words them. The web app's English strings
/// are the accessible names browser tests find controls by (SCREENS.md): keep them exact.
public protocol Catalogue: Sendable {
    /// The language's own name, for the language switch: "English", "中文".
    var languageName: String { get }

    // MARK: Log in and setup
    var appTitle: String { get }
    /// The name under the icon on a phone's home screen.
    var appShortName: String { get }
    var account: String { get }
    var accountPlaceholder: String { get }
    var password: String { get }
    var passwordPlaceholder: String { get }
    var passwordRemembered: String { get }
    var rememberPassword: String { get }
    var autoLogin: String { get }
    var logIn: String { get }
    var loggingIn: String { get }
    var wrongLogin: String { get }
    func tooManyAttempts(minutes: Int) -> String
    var busy: String { get }
    /// A failure of the server's own; the detail is only in its log.
    var serverError: String { get }
    /// A request refused for a body over the server's limit (413).
    var requestTooLarge: String { get }
    /// A request refused for a header section over the server's limits (431).
    var headersTooLarge: String { get }
    var setupTitle: String { get }
    /// What a new password must be, shown before it is typed.
    func passwordRules(minimum: Int) -> String
    var repeatPassword: String { get }
    var createAccount: String { get }
    var passwordsDiffer: String { get }
    func passwordTooShort(_ minimum: Int) -> String
    func passwordTooLong(_ maximumBytes: Int) -> String
    var invalidAccount: String { get }
    var accountTaken: String { get }

    // MARK: The list
    var add: String { get }
    var edit: String { get }
    var done: String { get }
    var logOut: String { get }
    var search: String { get }
    var delete: String { get }
    var deleted: String { get }
    var undo: String { get }
    /// "1 contact", "12 contacts".
    func count(_ number: Int) -> String
    var empty: String { get }
    var noMatches: String { get }
    var more: String { get }
    var sectionIndex: String { get }
    var menu: String { get }
    /// The wide screen's right pane while no contact is open.
    var noContactOpen: String { get }
    /// The banner while the browser has no connection: the page is the copy kept on the device.
    var offline: String { get }
    var importCards: String { get }
    /// The list menu's link to download the book in a format.
    func exportAs(_ format: ExportFormat) -> String
    var logOutQuestion: String { get }
    var logOutMessage: String { get }
    var confirmLogOut: String { get }
    var cancel: String { get }

    // MARK: A contact
    var newContact: String { get }
    var contact: String { get }
    var photo: String { get }
    var cropTitle: String { get }
    var zoom: String { get }
    var removePhoto: String { get }
    var name: String { get }
    var phone: String { get }
    var sex: String { get }
    var age: String { get }
    var birthday: String { get }
    var lunarBirthday: String { get }
    var lunarMonth: String { get }
    var lunarDay: String { get }
    var leapMonth: String { get }
    /// An option of the lunar month select: 正月…腊月, or the number.
    func lunarMonthName(_ month: Int) -> String
    /// An option of the lunar day select: 初一…三十, or the number.
    func lunarDayName(_ day: Int) -> String
    /// A lunar birthday: "Lunar 8/15", "农历八月十五".
    func lunarDate(_ date: LunarDate) -> String
    /// What follows a lunar birthday: the Gregorian day it next falls on (" · next: 2027-09-15").
    func nextOccurrence(_ date: CalendarDate) -> String
    var address: String { get }
    var email: String { get }
    var note: String { get }
    var back: String { get }
    func sexName(_ sex: Sex) -> String
    /// The words for each standard label, by its key (`ContactLabel.rawValue`).
    var standardLabels: [String: String] { get }
    var organization: String { get }
    var department: String { get }
    var jobTitle: String { get }
    var nickname: String { get }
    var website: String { get }
    var instantMessage: String { get }
    var date: String { get }
    var relatedName: String { get }
    var label: String { get }
    /// The viewed contact's quick actions, as the phone's Contacts app has them under the name.
    var callAction: String { get }
    var messageAction: String { get }
    var mailAction: String { get }
    var mapAction: String { get }
    var phoneticName: String { get }
    var socialProfile: String { get }
    /// The button that copies a handle (a WeChat ID) to the clipboard.
    var copy: String { get }
    /// What the copy button says once the handle is copied.
    var copied: String { get }
    /// A date of a viewed contact: "May 17, 1990", "May 17" (year unknown); "1990年5月17日".
    func fullDate(_ date: CalendarDate) -> String
    /// The parts of a date on the contact form, in the language's order: month, day, year; 年, 月, 日.
    var datePartOrder: [DatePart] { get }
    /// A date part's accessible name ("Birthday · Year"), and the empty choice of the month and
    /// day selects: "Year", "Month", "Day"; 年, 月, 日.
    func datePartName(_ part: DatePart) -> String
    /// An option of a date's month select: "January"; "1月".
    func monthName(_ month: Int) -> String
    /// An option of a date's day select: "18"; "18日".
    func dayOfMonthName(_ day: Int) -> String
    /// What a date's empty year box shows: "Year"; "年份".
    var yearPlaceholder: String { get }
    /// What follows a date's year box: nothing; "年".
    var yearSuffix: String { get }
    /// Under the age while a birthday is set: the birthday gives the age, a typed one is not kept.
    var ageFromBirthday: String { get }
    /// The name of the service of a handle or social profile (WeChat, Twitter…).
    var service: String { get }
    /// The label picker's choice that lets a person type their own label.
    var customLabel: String { get }
    /// The toggle that shows the name's parts and its phonetic parts.
    var moreNameFields: String { get }
    var namePrefix: String { get }
    var givenName: String { get }
    var middleName: String { get }
    var familyName: String { get }
    var nameSuffix: String { get }
    var phoneticGivenName: String { get }
    var phoneticMiddleName: String { get }
    var phoneticFamilyName: String { get }
    /// The switch that files a contact under its company (Apple's X-ABShowAs:COMPANY).
    var companyContact: String { get }
    var street: String { get }
    var city: String { get }
    var region: String { get }
    var postcode: String { get }
    var country: String { get }
    /// The control that takes an entry (a phone, an email…) off the form.
    var remove: String { get }
    var addPhone: String { get }
    var addEmail: String { get }
    var addAddress: String { get }
    var addWebsite: String { get }
    var addInstantMessage: String { get }
    var addSocialProfile: String { get }
    var addDate: String { get }
    var addRelatedName: String { get }
    var save: String { get }
    var discardQuestion: String { get }
    var discard: String { get }
    var keepEditing: String { get }
    /// Why a save was refused, and the other version's values where they differ from the form's.
    func changedElsewhere(_ otherValues: [(label: String, value: String)]) -> String
    var deleteContact: String { get }
    var share: String { get }

    // MARK: Birthdays
    /// The birthday page's title and the calendar feed's name.
    var birthdays: String { get }
    /// The heading of the list's block of the next 30 days' birthdays.
    var upcomingBirthdays: String { get }
    /// "No birthdays in the next 30 days".
    func noBirthdays(inDays days: Int) -> String
    /// When a birthday is, from today: "Today", "Tomorrow", "Sep 25".
    func birthdayDay(_ date: CalendarDate, today: CalendarDate) -> String
    /// What a birthday is beside its day: "turns 36", "lunar · turns 36", "lunar", "".
    func birthdayDetail(_ birthday: Birthday) -> String
    /// An event of the calendar feed: "Zhang San's birthday (36)", "张三的农历生日".
    func birthdayEvent(name: String, birthday: Birthday) -> String
    /// On a contact page, under the birthday: "Turns 36 on Sep 25".
    func turns(_ age: Int, on date: CalendarDate, today: CalendarDate) -> String
    var birthdayCalendar: String { get }
    /// What the feed is, and who can read it.
    var birthdayCalendarHelp: String { get }
    var birthdayCalendarIsOff: String { get }
    /// The feed is on and its address, kept only as a hash, is no longer shown.
    var birthdayCalendarIsOn: String { get }
    /// Beside an address just made: it is shown this once.
    var birthdayCalendarAddressShownOnce: String { get }
    /// After a password change, on the command line: the feed's address still works.
    func birthdayCalendarOutlivesPassword(rotate command: String) -> String
    /// `birthdays feed` on an account whose feed is on: its address cannot be shown again.
    func birthdayCalendarAddressNotKept(rotate command: String) -> String
    var turnOnBirthdayCalendar: String { get }
    var newBirthdayCalendarAddress: String { get }
    var turnOffBirthdayCalendar: String { get }

    // MARK: Duplicates
    /// The duplicates page's title and the list menu's item.
    var possibleDuplicates: String { get }
    var groups: String { get }
    var newGroup: String { get }
    var groupName: String { get }
    var addGroup: String { get }
    var rename: String { get }
    var deleteGroup: String { get }
    func deleteGroupQuestion(_ name: String) -> String
    var groupContactsStay: String { get }
    var allContacts: String { get }
    var saveGroups: String { get }
    var addToGroup: String { get }
    var removeFromGroup: String { get }
    var noGroupsYet: String { get }
    /// The accessible name of the link to a group's list, with its count.
    func groupLink(_ name: String, members: Int) -> String
    var noDuplicates: String { get }
    var noGroups: String { get }
    /// One line of `contacts group list`.
    func groupEntry(_ name: String, members: Int) -> String
    func groupCreated(_ name: String) -> String
    func groupRenamed(_ old: String, to new: String) -> String
    func groupDeleted(_ name: String) -> String
    /// Why contacts look like one person: "Same name", "Same phone +86 138 0013 8000".
    func duplicateReason(_ reason: DuplicateReason) -> String
    var merge: String { get }
    var notDuplicates: String { get }
    /// The choice of whose name the merged contact keeps.
    var nameToKeep: String { get }
    var photoToKeep: String { get }
    /// The choice of whose company, title, nickname and other single values the merged contact keeps.
    var detailsToKeep: String { get }
    /// "Merged 3 contacts into Zhang San."
    func merged(_ count: Int, into name: String) -> String
    var markedAsDifferentPeople: String { get }

    // MARK: Sharing
    /// The list menu's item for the current book and the sharing page's heading.
    var sharing: String { get }
    /// The sharing page's title: "Sharing Family".
    func sharingTitle(_ book: String) -> String
    /// What an account may do in a book: "Read-only", "Read and write", "Owner".
    func accessName(_ access: BookAccess) -> String
    /// The label of the field for the account to share with.
    var accountToShareWith: String { get }
    /// The label of the choice of what a share allows.
    var access: String { get }
    var shareBook: String { get }
    var changeAccess: String { get }
    var stopSharing: String { get }
    var notSharedWithAnyone: String { get }
    /// The sharing page's headings: the accounts it is shared with, and the form to add one.
    var sharedWith: String { get }
    var shareWithAnotherAccount: String { get }
    /// The sharing page's note on what the two kinds of access allow.
    var sharingHelp: String { get }
    /// "Shared with you by alice, read-only": what the list says of a book shared with the user.
    func sharedWithYou(by owner: String, _ access: BookAccess) -> String
    /// "Last changed by bob, 2026-12-04 17:05": a contact's page in a shared book.
    func lastChanged(by account: String, at time: String) -> String
    /// "Shared Family with bob (read-only)."
    func bookShared(_ book: String, with account: String, _ access: BookAccess) -> String
    /// "Stopped sharing Family with bob."
    func bookUnshared(_ book: String, with account: String) -> String

    // MARK: Import and export
    var vCardFile: String { get }
    var ifAlreadyThere: String { get }
    func conflictChoice(_ policy: ImportConflictPolicy) -> String
    /// The file picker's button and what it says before a file is chosen.
    var chooseFileButton: String { get }
    var noFileChosen: String { get }
    /// "Files up to 10 MB.": the largest import the server takes, and how its operator raises it.
    func importSizeLimit(_ size: String, option: String, variable: String) -> String
    var chooseFile: String { get }
    var emptyFile: String { get }
    /// What a message calls a chosen file whose name cannot be shown.
    var theFile: String { get }
    var importFinished: String { get }
    var importedCount: String { get }
    var updatedCount: String { get }
    var skippedCount: String { get }
    /// The count of cards the book already had as they are.
    var alreadyThereCount: String { get }
    var failedCount: String { get }
    var notImported: String { get }
    func moreFailures(_ number: Int) -> String
    var unsupportedVersion: String { get }
    var unsupportedExportFormat: String { get }
    /// Where in the input a problem is, before what it is: "vCard 3, line 41: …".
    func atCard(_ card: Int, named name: String?, line: Int, _ problem: String) -> String
    /// Where in a CSV file a problem is (the header being row 1), before what it is: "row 17: …".
    func atRow(_ row: Int, named name: String?, _ problem: String) -> String

    // MARK: Other pages
    /// A form whose body is not multipart/form-data.
    var formUnreadable: String { get }
    var notFound: String { get }
    var notFoundMessage: String { get }
    var forbidden: String { get }

    // MARK: Errors of the layers below
    func message(for error: ContactValidationError) -> String
    /// What was wrong with a card, without where.
    func reason(for kind: VCardError.Kind) -> String
    /// What was wrong with a CSV file or row, without where.
    func reason(for kind: CSVError.Kind) -> String
    func message(for error: StoreError) -> String
    func message(for error: MigrationError) -> String

    // MARK: The command line
    func unknownCommand(_ words: String) -> String
    func usage(_ line: String) -> String
    func unknownOption(_ name: String) -> String
    func givenOnlyOnce(_ name: String) -> String
    func needsValue(_ name: String) -> String
    func takesNoValue(_ name: String) -> String
    func isRequired(_ name: String) -> String
    /// A command that acts for an account was given none, and the store holds `accounts` of them.
    func userNeeded(accounts: Int) -> String
    /// What nothing-to-change commands say, e.g. `edit` given only an id.
    func nothingToChange(_ command: String) -> String
    func unexpectedArgument(_ word: String) -> String
    func missingArgument(_ name: String) -> String
    func notAContactID(_ text: String) -> String
    /// An option given a value it does not take: `choices` lists the ones it does.
    func mustBeOneOf(_ option: String, _ choices: [String], given: String?) -> String
    /// A numeric option out of its range.
    func mustBeNumber(_ option: String, from lowest: Int, to highest: Int) -> String
    func notBoth(_ first: String, _ second: String) -> String
    func together(_ first: String, _ second: String) -> String
    /// An option's value that is not a list of address ranges (`--trusted-proxy`).
    func notAddressRange(_ option: String, given: String) -> String
    /// An option's value that is not an http or https address (`--public-url`).
    func notPublicURL(_ option: String, given: String) -> String
    /// A database password given where every user of the machine can read it (the process list).
    func passwordOnCommandLine(_ option: String) -> String
    var standardInputOnce: String { get }
    var passwordNeedsStdin: String { get }
    var noPasswordOnStdin: String { get }
    var noPasswordGiven: String { get }
    var passwordPrompt: String { get }
    var repeatPasswordPrompt: String { get }
    func cannotRead(_ path: String) -> String
    func cannotReadFile(_ path: String) -> String
    /// A file to import that is an image, a PDF, an archive…: what it is, and what to import instead.
    func notAContactsFile(_ name: String, _ format: ForeignFormat) -> String
    /// A file to import in which no card was found; `isCSV` when it was read as CSV.
    func noContactsIn(_ name: String, isCSV: Bool) -> String
    func cannotReadPhoto(_ path: String) -> String
    /// An option's value not written the way the option takes it: `form` shows how (`SERVICE:HANDLE`).
    func notInForm(_ option: String, _ form: String, given: String) -> String
    func readFailed(_ name: String, _ reason: String) -> String
    func cannotWrite(_ path: String, _ reason: String) -> String
    func cannotOpenDataDirectory(_ path: String, _ reason: String) -> String
    func serverRunning(_ directory: String) -> String
    func restoreRunning(_ directory: String) -> String
    func cardsNotImported(_ number: Int) -> String
    func userCreated(_ name: String) -> String
    var noUsers: String { get }
    func passwordChanged(_ name: String) -> String
    func userDeleted(_ name: String) -> String
    func appPasswordCreated(_ name: String, device: String, password: String) -> String
    var noAppPasswords: String { get }
    /// One app password in `user app-password list`: `client` and `address` of its last use.
    func appPasswordEntry(_ device: String, created: String, lastUsed: String?, client: String?, address: String?) -> String
    func appPasswordRevoked(_ name: String, device: String) -> String
    func phoneticNames(_ on: Bool, _ name: String) -> String
    func contactUpdated(_ id: Int64) -> String
    func contactTrashed(_ id: Int64) -> String
    var trashEmpty: String { get }
    func contactRestored(_ id: Int64) -> String
    var noContacts: String { get }
    func importTally(imported: Int, updated: Int, alreadyThere: Int, skipped: Int, failed: Int) -> String
    func exported(_ count: Int, to path: String) -> String
    /// "2 users and 1,204 contacts".
    func backupContents(users: Int, contacts: Int) -> String
    func backedUp(_ contents: String, to path: String, size: String) -> String
    func keptReplacedData(_ path: String) -> String
    func restored(_ contents: String, from path: String) -> String
    /// A `--database` (or `$CONTACTS_DATABASE`) value that is not a PostgreSQL URL, shown without its password.
    func notADatabaseURL(_ option: String, given: String) -> String
    /// An option that must be the server's address as browsers reach it.
    func notAWebAddress(_ option: String, given: String) -> String
    /// What follows `StoreError.needsSQLite` when a restore is asked of a store on PostgreSQL.
    var restoreThenMigrate: String { get }
    /// What `contacts migrate` copied, and where (without its password).
    func migrated(users: Int, contacts: Int, sentCards: Int, changes: Int, to target: String) -> String
    var clientsKeepSyncing: String { get }
    var stopping: String { get }
    var cardsUnit: String { get }
    var pagesUnit: String { get }
    var rowsUnit: String { get }

    // MARK: Address books (CLI)
    /// No book of this name (the CLI's --book, a CardDAV address).
    func noAddressBook(_ name: String) -> String
    func bookCreated(_ name: String) -> String
    func bookRenamed(_ name: String, to displayName: String) -> String
    func bookTrashed(_ name: String) -> String
    func bookRestored(_ name: String) -> String
    func contactsMoved(_ count: Int, to book: String) -> String
    func contactsCopied(_ count: Int, to book: String) -> String
    /// A display name that is empty, all white space or too long.
    var invalidDisplayName: String { get }

    // MARK: History and rewind (CLI)
    /// A `--to` or `--since` value that is neither ISO 8601 with its zone nor a time back from now.
    func notATime(_ option: String, given: String) -> String
    /// An ISO 8601 value naming a day or time the calendar does not have (`2026-02-30T10:00Z`).
    func noSuchMoment(_ option: String, given: String) -> String
    /// A time back from now that does not go back: `0m`, `-1m`.
    func notBackFromNow(_ option: String, given: String) -> String
    /// A rewind to a moment that has not come yet.
    func inTheFuture(_ option: String, given: String) -> String
    func notAVersion(_ text: String) -> String
    /// Who made a change: "iPhone (CardDAV client)", "command line"; nil: from before history was kept.
    func changeClientName(_ client: ChangeClient?) -> String
    /// The first line of one version: "Version 12, 2026-12-05T10:04:00Z: changed by alice's iPhone (CardDAV client)".
    func versionHeading(_ number: Int64, at: Date, change: ContactVersion.Change, by client: ChangeClient?, account: String?) -> String
    /// A version that took the contact out of the book.
    var movedToAnotherBook: String { get }
    /// What `history --restore` did: the contact is as it was, or (`live` false) back in the trash.
    func versionRestored(_ number: Int64, ofContact id: Int64, live: Bool) -> String
    /// The first line of a book's changes by client; `any` false when there were none.
    func activitySince(_ date: Date, any: Bool) -> String
    /// One client's line of a book's changes: "alice's iPhone (CardDAV client): 300 deleted, 2 changed (… to …)".
    func activityEntry(by client: ChangeClient?, account: String?, changes: [ContactVersion.Change: Int], first: Date, last: Date) -> String
    /// What the list's banner warns of, and the command that undoes it.
    func massDeletionNotice(by client: ChangeClient?, account: String?, count: Int, at: Date, undoTo: Date) -> String
    /// What a rewind did (or, `dryRun`, would do) to the book.
    func rewound(broughtBack: Int, setBack: Int, removed: Int, since: Date, dryRun: Bool) -> String
    /// A rewind to a moment after which nothing changed.
    func nothingToRewind(since: Date) -> String


    // MARK: Address books (web)
    var addressBooks: String { get }
    var newAddressBook: String { get }
    /// What an account's default book is called when it is made (`ContactStore.createUser`).
    var defaultBookName: String { get }
    /// The label of a book's name, the one field a new book asks for.
    var bookNameLabel: String { get }
    /// A new book's name field's example.
    var bookNameExample: String { get }
    var myAddressBooks: String { get }
    var sharedWithMe: String { get }
    /// "alice · read-only": a book shared with the user, in the books page's list.
    func sharedBookDetail(owner: String, _ access: BookAccess) -> String
    /// The label of a book's CardDAV address on its page.
    var bookAddress: String { get }
    /// Why the address is what it is, below it.
    var bookAddressHelp: String { get }
    var create: String { get }
    var deleteBook: String { get }
    func deleteBookQuestion(_ displayName: String, contacts: Int) -> String
    var deleteBookMessage: String { get }
    var recentlyDeletedBooks: String { get }
    var restore: String { get }
    var searchAllBooks: String { get }
    /// The target book's menu on a contact's page.
    var otherBook: String { get }
    var moveToBook: String { get }
    var copyToBook: String { get }

    // MARK: The birthday calendar's address (web)
    /// The link that opens the address in the device's calendar app (webcal://).
    var subscribeInCalendar: String { get }
    /// The copy button's name beside the address.
    var copyAddress: String { get }

    // MARK: Bulk actions (web)
    /// The name of a row's checkbox in edit mode.
    func select(_ name: String) -> String
    var selectedContacts: String { get }
    var deleteSelected: String { get }
    var noneSelected: String { get }
    /// The confirmation's destructive button: "Delete 3 Contacts".
    func deleteContacts(_ number: Int) -> String
    /// What the confirmation says before deleting `number` contacts: where they go.
    func deleteContactsMessage(_ number: Int) -> String

    // MARK: Recently deleted contacts (web)
    var recentlyDeleted: String { get }
    /// Above the list: how long deleted contacts are kept.
    var recentlyDeletedNote: String { get }
    var recentlyDeletedEmpty: String { get }
    /// How long a deleted contact stays: "12 days left".
    func daysLeft(_ days: Int) -> String
    var restoreAll: String { get }
    var deleteNow: String { get }
    /// The question before deleting a contact for good, naming it.
    func deleteNowMessage(_ name: String) -> String

    // MARK: History and undo (web)
    /// The link to a contact's versions, and their page's title.
    var history: String { get }
    /// What a change did to the contact: "Created", "Changed", "Deleted"…
    func changeName(_ change: ContactVersion.Change) -> String
    /// The oldest version kept of a contact whose history began after it was made.
    var historyStart: String { get }
    /// Beside the newest version, the one the contact is in now.
    var currentVersion: String { get }
    var restoreThisVersion: String { get }
    /// What restoring a version does, asked first: `time` is when the version was made.
    func restoreVersionMessage(_ time: String) -> String
    /// A version with nothing to compare: its contact left the book (moved to another).
    var versionLeftBook: String { get }
    /// A field a version added, removed or changed: "Phone added: 138…", "Name: A → B";
    /// `value` nil for a field shown without one (the photo).
    func fieldAdded(_ label: String, _ value: String?) -> String
    func fieldRemoved(_ label: String, _ value: String?) -> String
    func fieldChanged(_ label: String, from old: String, to new: String) -> String
    /// A field changed whose values are too long to show: "Note changed".
    func fieldEdited(_ label: String) -> String
    /// A version that changed only what the card carries beyond the form's fields.
    var otherDetailsChanged: String { get }
    /// What the history calls a contact's photo.
    var photoName: String { get }
    /// Who made a change: a browser ("Chrome on macOS"; "a browser" when the User-Agent says nothing).
    func browser(_ name: String?, on system: String?) -> String
    var commandLine: String { get }
    var cardDAVClient: String { get }
    var theServer: String { get }
    /// A moment as the history pages show it, in UTC until the page's script shows it in the
    /// browser's time zone: "Dec 4, 2026, 10:04 UTC".
    func momentInUTC(_ date: Date) -> String
    /// The time of day alone, the same way: "10:04 UTC".
    func timeInUTC(_ date: Date) -> String
    /// The list menu's item, the page's title and its confirm button.
    var undoChanges: String { get }
    /// Under the title: what undoing changes does.
    var undoChangesNote: String { get }
    /// A choice of how far back: "10 minutes ago", "1 hour ago", "Yesterday", "1 week ago".
    func undoChoice(secondsAgo seconds: Int) -> String
    var chosenTime: String { get }
    var continueButton: String { get }
    /// Under the chosen time, for a browser without script.
    var timeReadAsUTC: String { get }
    /// The preview's heading: "Back to Dec 4, 2026, 10:04".
    func undoTo(_ time: String) -> String
    /// "This brings back 312 deleted contacts, sets back 20 changed and removes 3 added since."
    func rewindPreview(broughtBack: Int, setBack: Int, removed: Int) -> String
    var nothingToUndoSince: String { get }
    /// The list's notice after undoing changes.
    func changesUndone(to time: String) -> String
    /// The list's banner: "Your iPhone deleted 312 contacts at 10:04."; `isDevice` when `name` is
    /// a device's or browser's name (else it is "the command line", "a CardDAV client"…).
    func massDeletion(by name: String, isDevice: Bool, count: Int, at time: String) -> String
    var dismiss: String { get }

    // MARK: Settings and signed-in browsers (web)
    /// The list menu's last item, and the page's title.
    var settings: String { get }
    /// The group of rows leading to the pages that guard the account.
    var signInAndSecurity: String { get }
    /// The group of the account's logins, one row per browser.
    var signedInBrowsers: String { get }
    /// A browser as its row's title names it: `browser(_:on:)` begun as a title is.
    func browserTitle(_ name: String?, on system: String?) -> String
    /// Under the row of the browser showing the page.
    var thisBrowser: String { get }
    /// When a browser last made a request: "Last active Dec 4, 2026, 10:04 UTC".
    func lastActive(_ time: String) -> String
    /// A browser's row's button, which ends its login.
    var signOut: String { get }
    var signOutEverywhereElse: String { get }
    /// Under the list: what signing a browser out does.
    var signedInBrowsersNote: String { get }
    // MARK: Two-step verification (web: its settings page and the login's second step; CLI)
    /// The settings page's title and the row that says whether it is on.
    var twoStepVerification: String { get }
    /// The status: "On", "Off".
    func twoStepStatus(_ on: Bool) -> String
    /// What it does, under the status.
    var twoStepExplanation: String { get }
    /// What changes for sync clients once it is on.
    var twoStepSyncNote: String { get }
    /// Above the password field that turning it on or off, or new codes, asks for again.
    var enterPasswordToContinue: String { get }
    var wrongPassword: String { get }
    var turnOnTwoStep: String { get }
    var turnOffTwoStep: String { get }
    /// Under Turn Off.
    var turnOffTwoStepNote: String { get }
    /// The set-up: how to add the account to an authenticator app.
    var scanQRCode: String { get }
    /// The QR code's accessible name.
    var authenticatorQRCode: String { get }
    /// The `otpauth://` link, as plain text to paste.
    var setupLink: String { get }
    /// The secret in groups, to type in.
    var setupKey: String { get }
    var copySetupLink: String { get }
    var copySetupKey: String { get }
    /// The field of a one-time code: its label and what the set-up asks.
    var verificationCode: String { get }
    var enterCodeToConfirm: String { get }
    var verify: String { get }
    var wrongCode: String { get }
    var recoveryCodes: String { get }
    /// Above codes shown once.
    var recoveryCodesNote: String { get }
    /// "8 left".
    func recoveryCodesLeft(_ count: Int) -> String
    var downloadRecoveryCodes: String { get }
    var copyRecoveryCodes: String { get }
    var newRecoveryCodes: String { get }
    /// Under New Recovery Codes.
    var newRecoveryCodesNote: String { get }
    /// The downloaded file's first lines, above the codes.
    func recoveryCodesFileHeading(account: String) -> String
    /// The second step: what to type, and the field's placeholder.
    var secondStepPrompt: String { get }
    var codeOrRecoveryCode: String { get }
    /// "You have 8 recovery codes left."
    func recoveryCodesLeftAtLogin(_ count: Int) -> String
    /// The second step waited too long (or its cookie is gone): back to the password.
    var secondStepExpired: String { get }
    /// Two-step verification on: the account password no longer logs a sync client in (CardDAV 401).
    var useAppPasswordForSync: String { get }
    /// `contacts user two-step off NAME`.
    func twoStepTurnedOff(_ name: String) -> String
    // MARK: Devices (web, and the CLI's app passwords)
    /// The list menu's item and the page's title.
    var devices: String { get }
    /// Under the list (and alone when it is empty): what a device password is for.
    var devicesNote: String { get }
    var noDevices: String { get }
    /// The button, and the title of its page.
    var connectADevice: String { get }
    /// When a device's password was made: "Made {moment}" (`moment` placed by the page).
    func deviceMade(_ moment: String) -> String
    /// When it last logged in: "Last used {moment}".
    func deviceLastUsed(_ moment: String) -> String
    var deviceNeverUsed: String { get }
    /// The client it last logged in with ("DAVx⁵ on Android"; "Unknown app" when its User-Agent says nothing).
    func deviceClient(_ name: String?, on system: String?) -> String
    /// The address it last logged in from: "from 203.0.113.7".
    func deviceAddress(_ address: String) -> String
    var revoke: String { get }
    /// Revoke's question: "Revoke “iPhone”?", and what revoking does.
    func revokeDeviceQuestion(_ device: String) -> String
    func revokeDeviceMessage(_ device: String) -> String
    var deviceName: String { get }
    var deviceNameExample: String { get }
    var deviceNameHelp: String { get }
    var createPassword: String { get }
    /// A name the store refuses: empty, too long, with control characters.
    var invalidDeviceNameMessage: String { get }
    /// A name another of the account's devices has.
    func deviceNameTaken(_ device: String) -> String
    /// The result page's title: "Connect “iPhone”".
    func connectDevice(_ device: String) -> String
    var passwordShownOnce: String { get }
    var serverAddress: String { get }
    var accountName: String { get }
    var devicePassword: String { get }
    /// The platforms' headings and their steps.
    var appleDevices: String { get }
    var downloadProfile: String { get }
    var profileSteps: String { get }
    var appleManualSteps: String { get }
    var androidDevices: String { get }
    var openInDAVx5: String { get }
    var androidQRCode: String { get }
    var androidSteps: String { get }
    var thunderbirdSteps: String { get }
    var evolutionSteps: String { get }
    /// The profile asked for with a password that is not this device's.
    var profilePasswordWrong: String { get }
    /// `contacts user app-password add`: the address and account name a device needs.
    func deviceConnection(address: String, account: String) -> String
    /// The same, when the server's public address is not set: how to set it.
    func deviceConnectionWithoutAddress(account: String) -> String

    // MARK: Passkeys (web: Settings → Passkeys, and the login page's Sign in with a passkey)
    var passkeys: String { get }
    /// The passkeys page's back button, to the Settings page.
    var passkeysBackToSettings: String { get }
    /// Under the title: what a passkey is and does.
    var passkeysIntro: String { get }
    var noPasskeys: String { get }
    /// "Created Dec 4, 2026, 10:04 UTC", the moment given.
    func passkeyCreated(_ time: String) -> String
    /// "Last used …", the moment given; nil for never.
    func passkeyLastUsed(_ time: String?) -> String
    var addPasskey: String { get }
    var passkeyName: String { get }
    var passkeyNamePlaceholder: String { get }
    var removePasskey: String { get }
    func removePasskeyQuestion(_ name: String) -> String
    var removePasskeyMessage: String { get }
    var signInWithPasskey: String { get }
    /// Why Add a passkey cannot work here: the browser has no passkeys (or no script runs).
    var passkeysUnsupported: String { get }
    /// The browser's own dialog was cancelled or timed out.
    var passkeyCancelled: String { get }
    var passkeyNameInvalid: String { get }
    var passkeyAlreadyAdded: String { get }
    /// The authenticator did not verify the person (no PIN, fingerprint or face).
    var passkeyNeedsVerification: String { get }
    var passkeyNotAdded: String { get }
    var passkeySignInFailed: String { get }
    /// A passkey request that is not the JSON the page's script sends.
    var passkeyRequestInvalid: String { get }
}

extension Catalogue {
    /// A field as a validation message names it (the form's label).
    public func fieldName(_ field: ContactValidationError.Field) -> String {
        switch field {
        case .name: name
        case .phone: phone
        case .address: address
        case .email: email
        case .note: note
        case .groups: groups
        case .organization: organization
        case .url: website
        case .instantMessage: instantMessage
        case .date: date
        case .relatedName: relatedName
        case .label: label
        }
    }

    /// A label as shown: a standard one in this language, a custom one as typed.
    public func labelName(_ label: ContactLabel) -> String {
        standardLabels[label.rawValue] ?? label.rawValue
    }

    /// "vCard 3, line 41: content line has no colon".
    public func message(for error: VCardError) -> String {
        atCard(error.card, named: nil, line: error.line, reason(for: error.kind))
    }

    /// A card that was not imported: where, and why.
    public func message(for failure: ImportFailure) -> String {
        let problem = switch failure.reason {
        case .unreadable(let kind): reason(for: kind)
        case .unreadableRow(let kind): reason(for: kind)
        case .invalid(let error): message(for: error)
        }
        return failure.row.map { atRow($0, named: failure.cardName, problem) }
            ?? atCard(failure.card, named: failure.cardName, line: failure.line, problem)
    }

    /// 12345 → "12,345": counts as the command line prints them.
    public func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        return digits.enumerated().map { index, digit in
            (index > 0 && (digits.count - index) % 3 == 0 ? "," : "") + String(digit)
        }.joined()
    }

    /// The stored lunar birthday and the Gregorian day it next falls on: "Lunar 8/15 · next: 2027-09-15".
    public func lunarBirthdaySummary(_ date: LunarDate, next: CalendarDate?) -> String {
        lunarDate(date) + (next.map(nextOccurrence) ?? "")
    }
}

/// A moment as messages give it in any language: ISO 8601 in UTC, to the second.
func timestamp(_ date: Date) -> String {
    date.formatted(.iso8601)
}

/// A moment to the millisecond the store keeps, as a command a person copies must give it: ISO
/// 8601 in UTC. (Formatting the fraction of a `Date` would cut 0.123 stored as 0.12299… to .122.)
public func preciseTimestamp(_ date: Date) -> String {
    var (seconds, milliseconds) = StoredTime.milliseconds(date).quotientAndRemainder(dividingBy: 1000)
    if milliseconds < 0 { (seconds, milliseconds) = (seconds - 1, milliseconds + 1000) }
    let fraction = String(milliseconds)
    return timestamp(Date(timeIntervalSince1970: Double(seconds))).dropLast() + "." + String(repeating: "0", count: 3 - fraction.count) + fraction + "Z"
}

/// A moment in UTC in a `DateFormatter` pattern: what the history pages show before their script
/// shows it in the browser's time zone.
func inUTC(_ pattern: String, _ date: Date) -> String {
    let format = DateFormatter()
    format.locale = Locale(identifier: "en_US_POSIX")
    format.timeZone = TimeZone(identifier: "UTC")
    format.dateFormat = pattern
    return format.string(from: date)
}
