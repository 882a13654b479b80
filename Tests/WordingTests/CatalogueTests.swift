import ContactCSV
import ContactsCore
@testable import ContactsStore
import Foundation
import SQLEngine
import Testing
import VCard
import Wording

/// Every language's catalogue words every entry, and keeps the names and numbers it is given.
@Suite struct CatalogueTests {
    /// One rendered entry: its name, its text, and what the text must show of its arguments.
    struct Entry {
        let key: String
        let text: String
        let placeholders: [String]
    }

    /// Arguments distinctive enough to find in any language's text.
    static let (word, path, number) = ("Zq-7", "/tmp/x.vcf", 4321)

    static let validationErrors: [ContactValidationError] = [
        .emptyName, .cardWithoutName, .phoneWithoutDigits(word), .ageOutOfRange, .ageAndBirthday,
        .invalidBirthday(word), .birthdayInFuture, .birthdayTooEarly(earliestYear: 1876), .invalidDate(word), .invalidLunarBirthday(word), .invalidLunarBirthday(nil),
        .invalidEmail(word), .unsupportedImage, .photoTooLarge,
    ] + ContactValidationError.Field.allCases.flatMap { [.tooLong(field: $0, limit: number), .tooMany(field: $0, limit: number)] }

    static let vCardProblems: [VCardError.Kind] = [
        .missingEnd, .endWithoutBegin, .missingColon, .invalidName(word), .unterminatedQuote,
        .invalidBase64(property: word), .unknownCharset(word), .undecodableText(charset: word), .nestingTooDeep, .noCard,
    ]

    /// CSV problems and what each message must show of them.
    static let csvProblems: [(CSVError.Kind, [String])] = [
        (.unknownHeader, ["First Name", "E-mail Address"]), (.undecodableText, ["GB18030"]), (.tooLarge(maximumBytes: 64 << 20), ["64"]),
        (.fieldCount(expected: 31, found: 30), ["31", "30"]), (.unterminatedQuote, []),
    ]

    static let storeErrors: [StoreError] = [
        .invalidUsername(word), .usernameTaken(word), .userNotFound(word),
        .invalidPassword(.tooShort(minimum: number)), .invalidPassword(.tooLong(maximumBytes: number)),
        .contactNotFound(Int64(number)), .notInTrash(Int64(number)), .invalid(.emptyName),
        .cannotCreateDataDirectory(path: path, reason: word), .dataDirectoryIsAFile(path: path), .invalidAddressBookName(word), .addressBookNameTaken(word), .addressBookDisplayNameTaken(word),
        .addressBookNotFound, .cannotDeleteDefaultAddressBook, .cardNotFound(href: word), .invalidHref(word), .invalidUID(word),
        .uidConflict(href: word), .preconditionFailed, .invalidDeviceName(word), .appPasswordExists(device: word),
        .appPasswordNotFound(device: word), .backupExists(path: path), .cannotWriteBackup(path: path, reason: word),
        .backupDamaged(path: path, problems: [word]), .notABackup(path: path, reason: .isTheDataDirectory),
        .notABackup(path: path, reason: .noSuchFile), .notABackup(path: path, reason: .unreadable),
        .notABackup(path: path, reason: .otherDatabase), .notABackup(path: path, reason: .notADatabase(word)),
        .notABackup(path: path, reason: .damaged([word])), .changedSinceRead(Int64(number)), .busy, .storageFailed(word),
        .needsSQLite, .targetNotEmpty,
    ]

    /// The placeholders of an error case: what it carries that a person must see.
    static func carried(_ value: Any) -> [String] {
        let shown = String(describing: value)
        return [word, path, String(number)].filter { shown.contains($0) }
    }

    /// Every entry of the catalogue, rendered with the arguments above.
    static func entries(of c: any Catalogue) -> [Entry] {
        let (w, p, n) = (word, path, number)
        let lunar = LunarDate(month: 8, day: 15)!, leap = LunarDate(month: 4, day: 1, isLeapMonth: true)!
        var all: [(String, String, [String])] = [
            ("languageName", c.languageName, []),
            ("appTitle", c.appTitle, []), ("account", c.account, []), ("accountPlaceholder", c.accountPlaceholder, []),
            ("password", c.password, []), ("passwordPlaceholder", c.passwordPlaceholder, []),
            ("passwordRemembered", c.passwordRemembered, []), ("rememberPassword", c.rememberPassword, []),
            ("autoLogin", c.autoLogin, []), ("logIn", c.logIn, []), ("loggingIn", c.loggingIn, []),
            ("wrongLogin", c.wrongLogin, []), ("tooManyAttempts", c.tooManyAttempts(minutes: n), ["\(n)"]),
            ("busy", c.busy, []), ("setupTitle", c.setupTitle, []), ("repeatPassword", c.repeatPassword, []),
            ("createAccount", c.createAccount, []), ("passwordsDiffer", c.passwordsDiffer, []),
            ("passwordTooShort", c.passwordTooShort(n), ["\(n)"]), ("passwordTooLong", c.passwordTooLong(n), ["\(n)"]),
            ("invalidAccount", c.invalidAccount, []), ("accountTaken", c.accountTaken, []),
            ("add", c.add, []), ("edit", c.edit, []), ("done", c.done, []),
            ("logOut", c.logOut, []), ("search", c.search, []), ("delete", c.delete, []), ("deleted", c.deleted, []),
            ("undo", c.undo, []), ("count(1)", c.count(1), ["1"]), ("count", c.count(n), ["\(n)"]), ("empty", c.empty, []),
            ("noMatches", c.noMatches, []), ("more", c.more, []), ("sectionIndex", c.sectionIndex, []), ("menu", c.menu, []),
            ("importCards", c.importCards, []), ("exportAs(vcard)", c.exportAs(.vCard), []),
            ("exportAs(google)", c.exportAs(.googleCSV), []), ("exportAs(outlook)", c.exportAs(.outlookCSV), []),
            ("logOutQuestion", c.logOutQuestion, []), ("logOutMessage", c.logOutMessage, []),
            ("confirmLogOut", c.confirmLogOut, []), ("cancel", c.cancel, []),
            ("deleteContacts", c.deleteContacts(n), ["\(n)"]), ("deleteContactsMessage", c.deleteContactsMessage(n), []),
            ("recentlyDeleted", c.recentlyDeleted, []), ("recentlyDeletedNote", c.recentlyDeletedNote, []),
            ("recentlyDeletedEmpty", c.recentlyDeletedEmpty, []), ("daysLeft", c.daysLeft(n), ["\(n)"]),
            ("restoreAll", c.restoreAll, []), ("deleteNow", c.deleteNow, []),
            ("deleteNowMessage", c.deleteNowMessage(w), [w]),
            ("newContact", c.newContact, []), ("contact", c.contact, []), ("photo", c.photo, []),
            ("cropTitle", c.cropTitle, []), ("zoom", c.zoom, []), ("removePhoto", c.removePhoto, []), ("name", c.name, []),
            ("phone", c.phone, []), ("sex", c.sex, []), ("age", c.age, []), ("birthday", c.birthday, []),
            ("lunarBirthday", c.lunarBirthday, []), ("lunarMonth", c.lunarMonth, []), ("lunarDay", c.lunarDay, []),
            ("leapMonth", c.leapMonth, []), ("lunarDate", c.lunarDate(lunar), []), ("lunarDate(leap)", c.lunarDate(leap), []),
            ("nextOccurrence", c.nextOccurrence(CalendarDate(year: 2027, month: 9, day: 15)), ["2027-09-15"]),
            ("address", c.address, []), ("email", c.email, []), ("note", c.note, []), ("back", c.back, []),
            ("save", c.save, []), ("discardQuestion", c.discardQuestion, []), ("discard", c.discard, []),
            ("keepEditing", c.keepEditing, []),
            ("callAction", c.callAction, []), ("messageAction", c.messageAction, []), ("mailAction", c.mailAction, []),
            ("mapAction", c.mapAction, []), ("phoneticName", c.phoneticName, []),
            ("copy", c.copy, []), ("copied", c.copied, []),
            ("fullDate", c.fullDate(CalendarDate(year: 1990, month: 5, day: 17)), ["1990", "17"]),
            ("fullDate(noYear)", c.fullDate(CalendarDate(year: nil, month: 5, day: 17)), ["17"]),
            ("socialProfile", c.socialProfile, []), ("service", c.service, []), ("customLabel", c.customLabel, []),
            ("moreNameFields", c.moreNameFields, []), ("namePrefix", c.namePrefix, []), ("givenName", c.givenName, []),
            ("middleName", c.middleName, []), ("familyName", c.familyName, []), ("nameSuffix", c.nameSuffix, []),
            ("phoneticGivenName", c.phoneticGivenName, []), ("phoneticMiddleName", c.phoneticMiddleName, []),
            ("phoneticFamilyName", c.phoneticFamilyName, []), ("companyContact", c.companyContact, []),
            ("street", c.street, []), ("city", c.city, []), ("region", c.region, []), ("postcode", c.postcode, []),
            ("country", c.country, []), ("remove", c.remove, []), ("addPhone", c.addPhone, []),
            ("addEmail", c.addEmail, []), ("addAddress", c.addAddress, []), ("addWebsite", c.addWebsite, []),
            ("addInstantMessage", c.addInstantMessage, []), ("addSocialProfile", c.addSocialProfile, []),
            ("addDate", c.addDate, []), ("addRelatedName", c.addRelatedName, []),
            ("deleteContact", c.deleteContact, []), ("share", c.share, []),
            ("vCardFile", c.vCardFile, []), ("ifAlreadyThere", c.ifAlreadyThere, []), ("chooseFileButton", c.chooseFileButton, []),
            ("noFileChosen", c.noFileChosen, []), ("importSizeLimit", c.importSizeLimit("10 MB", option: "--max", variable: w), ["10 MB", "--max", w]),
            ("defaultBookName", c.defaultBookName, []), ("bookNameLabel", c.bookNameLabel, []), ("bookAddressHelp", c.bookAddressHelp, []),
            ("sharedBookDetail", c.sharedBookDetail(owner: w, .readOnly), [w]), ("sharingHelp", c.sharingHelp, []),
            ("subscribeInCalendar", c.subscribeInCalendar, []), ("copyAddress", c.copyAddress, []),
            ("chooseFile", c.chooseFile, []), ("emptyFile", c.emptyFile, []), ("theFile", c.theFile, []), ("passwordRules", c.passwordRules(minimum: 8), ["8"]),
            ("notAContactsFile", c.notAContactsFile("photo.png", .png), ["photo.png", "PNG"]),
            ("noContactsIn", c.noContactsIn("notes.txt", isCSV: false), ["notes.txt"]),
            ("noContactsInCSV", c.noContactsIn("empty.csv", isCSV: true), ["empty.csv", "CSV"]),
            ("userNeeded", c.userNeeded(accounts: 3), ["--user", "3"]), ("userNeededNone", c.userNeeded(accounts: 0), ["contacts user add"]),
            ("nothingToChange", c.nothingToChange("edit"), ["edit"]), ("importFinished", c.importFinished, []),
            ("importedCount", c.importedCount, []), ("updatedCount", c.updatedCount, []),
            ("skippedCount", c.skippedCount, []), ("alreadyThereCount", c.alreadyThereCount, []), ("failedCount", c.failedCount, []),
            ("notImported", c.notImported, []), ("moreFailures", c.moreFailures(n), ["\(n)"]),
            ("unsupportedVersion", c.unsupportedVersion, []), ("atCard", c.atCard(7, named: "Anna Lee", line: n, w), ["7", "Anna Lee", "\(n)", w]),
            ("unsupportedExportFormat", c.unsupportedExportFormat, []), ("atRow", c.atRow(17, named: "Anna Lee", w), ["17", "Anna Lee", w]),
            ("formUnreadable", c.formUnreadable, []), ("notFound", c.notFound, []), ("notFoundMessage", c.notFoundMessage, []), ("forbidden", c.forbidden, []),
            ("noAddressBook", c.noAddressBook(w), [w]),
            ("unknownCommand", c.unknownCommand(w), [w]), ("usage", c.usage(w), [w]), ("unknownOption", c.unknownOption(w), [w]),
            ("givenOnlyOnce", c.givenOnlyOnce(w), [w]), ("needsValue", c.needsValue(w), [w]), ("takesNoValue", c.takesNoValue(w), [w]),
            ("isRequired", c.isRequired(w), [w]), ("unexpectedArgument", c.unexpectedArgument(w), [w]),
            ("missingArgument", c.missingArgument(w), [w]), ("notAContactID", c.notAContactID(w), [w]),
            ("mustBeOneOf", c.mustBeOneOf("--x", ["a1", "b2", "c3"], given: w), ["--x", "a1", "b2", "c3", w]),
            ("mustBeOneOf(nil)", c.mustBeOneOf("--x", ["a1", "b2"], given: nil), ["--x", "a1", "b2"]),
            ("mustBeNumber", c.mustBeNumber("--x", from: 7, to: n), ["--x", "7", "\(n)"]),
            ("notBoth", c.notBoth("--a1", "--b2"), ["--a1", "--b2"]), ("together", c.together("--a1", "--b2"), ["--a1", "--b2"]),
            ("standardInputOnce", c.standardInputOnce, []), ("passwordNeedsStdin", c.passwordNeedsStdin, ["--password-stdin"]),
            ("noPasswordOnStdin", c.noPasswordOnStdin, []), ("noPasswordGiven", c.noPasswordGiven, []),
            ("passwordPrompt", c.passwordPrompt, []), ("repeatPasswordPrompt", c.repeatPasswordPrompt, []),
            ("cannotRead", c.cannotRead(p), [p]), ("cannotReadFile", c.cannotReadFile(p), [p]),
            ("cannotReadPhoto", c.cannotReadPhoto(p), [p]), ("readFailed", c.readFailed(p, w), [p, w]),
            ("cannotWrite", c.cannotWrite(p, w), [p, w]), ("cannotOpenDataDirectory", c.cannotOpenDataDirectory(p, w), [p, w]),
            ("serverRunning", c.serverRunning(p), [p]), ("restoreRunning", c.restoreRunning(p), [p]),
            ("serverError", c.serverError, []), ("requestTooLarge", c.requestTooLarge, []),
            ("headersTooLarge", c.headersTooLarge, []),
            ("changedElsewhere", c.changedElsewhere([(label: w, value: p)]), [w, p]),
            ("cardsNotImported", c.cardsNotImported(n), ["\(n)"]), ("userCreated", c.userCreated(w), [w]),
            ("noUsers", c.noUsers, []), ("passwordChanged", c.passwordChanged(w), [w]), ("userDeleted", c.userDeleted(w), [w]),
            ("appPasswordCreated", c.appPasswordCreated(w, device: "d-9", password: "pw-8"), [w, "d-9", "pw-8"]),
            ("noAppPasswords", c.noAppPasswords, []),
            ("appPasswordEntry", c.appPasswordEntry("d-9", created: "c-6", lastUsed: "u-5", client: "k-4", address: "a-3"),
             ["d-9", "c-6", "u-5", "k-4", "a-3"]),
            ("appPasswordEntry(never)", c.appPasswordEntry("d-9", created: "c-6", lastUsed: nil, client: nil, address: nil), ["d-9", "c-6"]),
            ("appPasswordRevoked", c.appPasswordRevoked(w, device: "d-9"), [w, "d-9"]),
            ("devices", c.devices, []), ("devicesNote", c.devicesNote, []), ("noDevices", c.noDevices, []),
            ("connectADevice", c.connectADevice, []), ("deviceMade", c.deviceMade("m-1"), ["m-1"]),
            ("deviceLastUsed", c.deviceLastUsed("m-2"), ["m-2"]), ("deviceNeverUsed", c.deviceNeverUsed, []),
            ("deviceClient", c.deviceClient("b-1", on: "s-2"), ["b-1", "s-2"]), ("deviceClient(app)", c.deviceClient("b-1", on: nil), ["b-1"]),
            ("deviceClient(system)", c.deviceClient(nil, on: "s-2"), ["s-2"]), ("deviceClient(unknown)", c.deviceClient(nil, on: nil), []),
            ("deviceAddress", c.deviceAddress("a-7"), ["a-7"]), ("revoke", c.revoke, []),
            ("revokeDeviceQuestion", c.revokeDeviceQuestion("d-9"), ["d-9"]), ("revokeDeviceMessage", c.revokeDeviceMessage("d-9"), ["d-9"]),
            ("deviceName", c.deviceName, []), ("deviceNameExample", c.deviceNameExample, []), ("deviceNameHelp", c.deviceNameHelp, []),
            ("createPassword", c.createPassword, []), ("invalidDeviceNameMessage", c.invalidDeviceNameMessage, ["64"]),
            ("deviceNameTaken", c.deviceNameTaken("d-9"), ["d-9"]), ("connectDevice", c.connectDevice("d-9"), ["d-9"]),
            ("passwordShownOnce", c.passwordShownOnce, []), ("serverAddress", c.serverAddress, []), ("accountName", c.accountName, []),
            ("devicePassword", c.devicePassword, []), ("appleDevices", c.appleDevices, ["iPhone", "iPad", "Mac"]),
            ("downloadProfile", c.downloadProfile, []), ("profileSteps", c.profileSteps, []),
            ("appleManualSteps", c.appleManualSteps, ["CardDAV"]), ("androidDevices", c.androidDevices, ["DAVx⁵"]),
            ("openInDAVx5", c.openInDAVx5, ["DAVx⁵"]), ("androidQRCode", c.androidQRCode, ["DAVx⁵"]), ("androidSteps", c.androidSteps, ["DAVx⁵"]),
            ("thunderbirdSteps", c.thunderbirdSteps, ["Thunderbird", "CardDAV"]), ("evolutionSteps", c.evolutionSteps, ["Evolution", "CardDAV"]),
            ("profilePasswordWrong", c.profilePasswordWrong, []),
            ("deviceConnection", c.deviceConnection(address: p, account: w), [p, w]),
            ("deviceConnectionWithoutAddress", c.deviceConnectionWithoutAddress(account: w), [w, "--public-url", "$CONTACTS_PUBLIC_URL"]),
            ("phoneticNames(on)", c.phoneticNames(true, w), [w]), ("phoneticNames(off)", c.phoneticNames(false, w), [w]),
            ("contactUpdated", c.contactUpdated(Int64(n)), ["\(n)"]), ("contactTrashed", c.contactTrashed(Int64(n)), ["\(n)"]),
            ("trashEmpty", c.trashEmpty, []), ("contactRestored", c.contactRestored(Int64(n)), ["\(n)"]),
            ("noContacts", c.noContacts, []),
            ("importTally", c.importTally(imported: 11, updated: 22, alreadyThere: 55, skipped: 33, failed: 44), ["11", "22", "55", "33", "44"]),
            ("exported", c.exported(n, to: p), ["\(n)", p]),
            ("backupContents", c.backupContents(users: 2, contacts: 1234), ["2", "1,234"]),
            ("backedUp", c.backedUp(w, to: p, size: "s-3"), [w, p, "s-3"]), ("keptReplacedData", c.keptReplacedData(p), [p]),
            ("restored", c.restored(w, from: p), [w, p]),
            ("notADatabaseURL", c.notADatabaseURL("--x", given: w), ["--x", w]), ("restoreThenMigrate", c.restoreThenMigrate, ["migrate"]),
            ("migrated", c.migrated(users: 11, contacts: 1234, sentCards: 33, changes: 44, to: p), ["11", "1,234", "33", "44", p]),
            ("clientsKeepSyncing", c.clientsKeepSyncing, []), ("rowsUnit", c.rowsUnit, []),
            ("stopping", c.stopping, []), ("cardsUnit", c.cardsUnit, []), ("pagesUnit", c.pagesUnit, []),
        ]
        all += (1...12).map { ("lunarMonthName(\($0))", c.lunarMonthName($0), []) }
        all += (1...30).map { ("lunarDayName(\($0))", c.lunarDayName($0), []) }
        all += Sex.allCases.map { ("sexName(\($0))", c.sexName($0), []) }
        all += ContactLabel.allStandard.map { ("standardLabels[\($0.rawValue)]", c.standardLabels[$0.rawValue] ?? "", []) }
        all += ImportConflictPolicy.allCases.map { ("conflictChoice(\($0))", c.conflictChoice($0), []) }
        all += ContactValidationError.Field.allCases.map { ("fieldName(\($0))", c.fieldName($0), []) }
        all += validationErrors.map { ("\($0)", c.message(for: $0), carried($0)) }
        all += vCardProblems.map { ("\($0)", c.reason(for: $0), carried($0)) }
        all += csvProblems.map { ("\($0.0)", c.reason(for: $0.0), $0.1) }
        all += storeErrors.map { ("\($0)", c.message(for: $0), carried($0)) }
        all.append(("newerSchema", c.message(for: MigrationError.newerSchema(version: 77, known: 5)), ["77", "5"]))
        return all.map { Entry(key: $0.0, text: $0.1, placeholders: $0.2) }
    }

    /// Every entry of CardDAV's English-only wording, rendered with the arguments above.
    static func davEntries(of d: DAVWording) -> [Entry] {
        let (w, p, n) = (word, path, number)
        let all: [(String, String, [String])] = [
            ("syncLogIn", d.syncLogIn, []), ("tooManyLogins", d.tooManyLogins(seconds: n), ["\(n)"]),
            ("putOutsideAddressBook", d.putOutsideAddressBook, []), ("sendVCard", d.sendVCard, []),
            ("noVCardInBody", d.noVCardInBody, []), ("oneVCardPerResource", d.oneVCardPerResource, []),
            ("cardTooLarge", d.cardTooLarge(maximumBytes: n), ["\(n)"]), ("notAValidVCard", d.notAValidVCard(w), [w]),
            ("controlCharacter", d.controlCharacter("U+0001", property: w, line: n), ["U+0001", w, "\(n)"]),
            ("controlCharacter(line)", d.controlCharacter("U+0001", property: nil, line: n), ["U+0001", "\(n)"]),
            ("cardChangedOrExists", d.cardChangedOrExists, []), ("cardHasAnotherUID", d.cardHasAnotherUID(w), [w]),
            ("uidTaken", d.uidTaken(w), [w]), ("uidCannotNameCard", d.uidCannotNameCard(w), [w]),
            ("nameCannotNameCard", d.nameCannotNameCard(w), [w]),
            ("onlyAddressBookPropertiesChange", d.onlyAddressBookPropertiesChange, []),
            ("bodyMustBe", d.bodyMustBe("ACL", "DAV:acl"), ["ACL", "DAV:acl"]), ("notWellFormedXML", d.notWellFormedXML, []),
            ("queryNeedsFilter", d.queryNeedsFilter, []), ("reportNeedsBody", d.reportNeedsBody, []), ("noCard", d.noCard(w), [w]),
            ("nothingAt", d.nothingAt(p), [p]),
            ("reportOnAddressBook", d.reportOnAddressBook, []), ("unsupportedReport", d.unsupportedReport(w), [w]),
            ("notAnXMLName", d.notAnXMLName(w), [w]), ("expandPropertyOnCard", d.expandPropertyOnCard, []),
            ("propfindHoldsOne", d.propfindHoldsOne, []), ("includeWithAllprop", d.includeWithAllprop, []),
            ("atMostOneProp", d.atMostOneProp(w), [w]), ("syncLevel", d.syncLevel, []), ("invalidSyncToken", d.invalidSyncToken, []),
            ("booksHoldCardsOnly", d.booksHoldCardsOnly, []), ("methodNotSupported", d.methodNotSupported(w), [w]),
            ("servedAsVCardOnly", d.servedAsVCardOnly, []), ("vCard21NotServed", d.vCard21NotServed, []),
            ("onlyVCard3And4Served", d.onlyVCard3And4Served, []), ("servedAsVCard", d.servedAsVCard, []),
            ("unsupportedCollation", d.unsupportedCollation(w), [w]), ("unknownMatchType", d.unknownMatchType(w), [w]),
            ("filterNeedsName", d.filterNeedsName(w), [w]), ("cardChangedSince", d.cardChangedSince, []),
            ("onlyCardsAndBooksDeleted", d.onlyCardsAndBooksDeleted, []), ("collectionsHaveNoContent", d.collectionsHaveNoContent, []),
            ("nresultsPositive", d.nresultsPositive, []), ("bodyTooLarge", d.bodyTooLarge(maximumBytes: 3 << 20), ["3"]),
            ("doctypeNotAllowed", d.doctypeNotAllowed, []), ("processingInstructionsNotAllowed", d.processingInstructionsNotAllowed, []),
            ("bodyNotUTF8(sentAs:)", d.bodyNotUTF8(sentAs: w), [w]), ("bodyNotUTF8(is:)", d.bodyNotUTF8(is: w), [w]),
            ("bodyNotUTF8(declared:)", d.bodyNotUTF8(declared: w), [w]), ("nulByte", d.nulByte, []), ("bodyNotUTF8", d.bodyNotUTF8, []),
            ("malformedXMLDeclaration", d.malformedXMLDeclaration, []), ("accessIsFixed", d.accessIsFixed, []),
            ("runOn", d.runOn(p), [p]), ("principalSearchNeedsSearch", d.principalSearchNeedsSearch, []),
            ("principalMatchNeedsTarget", d.principalMatchNeedsTarget, []), ("booksCreatedInHome", d.booksCreatedInHome, []),
            ("alreadyExists", d.alreadyExists(w), [w]), ("unsupportedMkcolBody", d.unsupportedMkcolBody, []),
            ("onlyBooksCreated", d.onlyBooksCreated, []), ("runWithDepthZero", d.runWithDepthZero(w), [w]),
        ]
        return all.map { Entry(key: $0.0, text: $0.1, placeholders: $0.2) }
    }

    @Test(arguments: Language.allCases)
    func everyEntryIsWordedWithItsArguments(language: Language) {
        expectWorded(Self.entries(of: language.catalogue), in: "\(language)")
    }

    @Test func everyCardDAVEntryIsWordedWithItsArguments() {
        expectWorded(Self.davEntries(of: DAVWording()), in: "CardDAV")
    }

    private func expectWorded(_ entries: [Entry], in wording: String) {
        for entry in entries {
            #expect(!entry.text.trimmingCharacters(in: .whitespaces).isEmpty, "\(wording): \(entry.key) is empty")
            for placeholder in entry.placeholders {
                #expect(entry.text.contains(placeholder), "\(wording): \(entry.key) leaves out \(placeholder): \(entry.text)")
            }
        }
    }

    /// Messages of different errors differ, so a person can tell them apart.
    @Test(arguments: Language.allCases)
    func errorsAreToldApart(language: Language) {
        let catalogue = language.catalogue
        let texts = Self.validationErrors.map { catalogue.message(for: $0) } + Self.vCardProblems.map { catalogue.reason(for: $0) }
            + Self.csvProblems.map { catalogue.reason(for: $0.0) }
            + Self.storeErrors.filter { $0 != .invalid(.emptyName) }.map { catalogue.message(for: $0) }
        #expect(Set(texts).count == texts.count)
    }

    @Test func errorsAreWordedWithWhereTheyAre() {
        let english = Language.english.catalogue, chinese = Language.chinese.catalogue
        #expect(english.message(for: VCardError(.missingColon, card: 3, line: 41)) == "vCard 3, line 41: content line has no colon")
        #expect(english.message(for: VCardError(.unknownCharset("x"), card: 1, line: 2)) == "vCard 1, line 2: unknown charset \"x\"")
        #expect(chinese.message(for: VCardError(.missingColon, card: 3, line: 41)) == "第 3 张名片，第 41 行：这一行没有冒号")
        let ragged = ImportFailure(card: 16, line: 17, row: 17, reason: .unreadableRow(.fieldCount(expected: 31, found: 30)))
        #expect(english.message(for: ragged) == "row 17: 30 fields where the header has 31")
        #expect(chinese.message(for: ragged) == "第 17 行：有 30 个字段，表头有 31 个")
        #expect(english.message(for: ContactValidationError.tooLong(field: .note, limit: 10_000)) == "Note is longer than 10000 characters")
        #expect(chinese.message(for: ContactValidationError.tooMany(field: .phone, limit: 50)) == "电话最多 50 项")
        #expect(english.lunarBirthdaySummary(LunarDate(month: 4, day: 15, isLeapMonth: true)!, next: nil) == "Lunar leap 4/15")
        #expect(chinese.lunarBirthdaySummary(LunarDate(month: 8, day: 15)!, next: CalendarDate(year: 2027, month: 9, day: 15))
                == "农历八月十五 · 下次：2027-09-15")
        #expect(StoreError.userNotFound("bob").description == "no user named \"bob\"")
        let dav = DAVWording()
        #expect(dav.bodyMustBe("ACL", "DAV:acl") == "An ACL body must be a DAV:acl element.")
        #expect(dav.bodyMustBe("PROPFIND", "DAV:propfind") == "A PROPFIND body must be a DAV:propfind element.")
        #expect(dav.bodyTooLarge(maximumBytes: 1 << 20) == "The request body is larger than 1 MiB.")
    }

    @Test func languagesAreFoundByTheirPrimarySubtag() {
        #expect(Language(matching: "zh-CN") == .chinese)
        #expect(Language(matching: "ZH-tw") == .chinese)
        #expect(Language(matching: "zh_CN.UTF-8") == .chinese)
        #expect(Language(matching: "en-GB") == .english)
        #expect(Language(matching: "en_US.UTF-8") == .english)
        #expect(Language(matching: "zha") == nil)
        #expect(Language(matching: "C.UTF-8") == nil)
        #expect(Language(matching: "") == nil)
        #expect(Language.allCases.allSatisfy { Language(matching: $0.rawValue) == $0 })
    }
}
