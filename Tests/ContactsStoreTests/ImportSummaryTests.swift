import ContactsCore
import Foundation
import Testing
import VCard
@testable import ContactsStore

/// Import summaries wait in the store for the page that shows them, whichever server serves it.
@Suite struct ImportSummaryTests {
    @Test func aSummaryIsShownByAnyStoreOnTheDatabaseToItsOwnerOnlyAndForAWhile() throws {
        let two = try TwoUserStore()
        var summary = ImportSummary()
        summary.imported = 3
        summary.failures = [ImportFailure(card: 2, line: 7, reason: .unreadable(.missingColon)),
                            ImportFailure(card: 4, line: 12, reason: .invalid(.tooLong(field: .note, limit: 10)))]
        let id = try two.store.keepImportSummary(summary, for: two.alice)
        let otherServer = try two.directory.store(clock: two.clock.function)
        #expect(try otherServer.importSummary(id, for: two.alice) == summary)
        #expect(try otherServer.importSummary(id, for: two.bob) == nil)
        #expect(try otherServer.importSummary(id + "x", for: two.alice) == nil)
        two.clock.advance(seconds: ContactStore.importSummaryLifetime)
        #expect(try otherServer.importSummary(id, for: two.alice) == nil)
    }
}
