import Testing
@testable import PostgreSQL

@Suite struct PlaceholderTests {
    @Test func numbersEachParameterInOrder() {
        #expect(Placeholders.numbered("SELECT a FROM t WHERE b = ? AND c IN (?, ?)")
                == ("SELECT a FROM t WHERE b = $1 AND c IN ($2, $3)", 3))
        #expect(Placeholders.numbered("SELECT 1") == ("SELECT 1", 0))
    }

    @Test func leavesQuestionMarksInLiteralsAndIdentifiersAlone() {
        #expect(Placeholders.numbered(#"SELECT '?', "a?b", ? FROM "t?" WHERE x = 'it''s ?' AND y = ?"#)
                == (#"SELECT '?', "a?b", $1 FROM "t?" WHERE x = 'it''s ?' AND y = $2"#, 2))
        #expect(Placeholders.numbered(#"SELECT "say ""?""", ?"#) == (#"SELECT "say ""?""", $1"#, 1))
    }

    @Test func leavesQuestionMarksInCommentsAlone() {
        #expect(Placeholders.numbered("SELECT ? -- why?\n, ? /* what? /* nested? */ still? */ , ?")
                == ("SELECT $1 -- why?\n, $2 /* what? /* nested? */ still? */ , $3", 3))
        #expect(Placeholders.numbered("SELECT 1 - ?, 2 / ?") == ("SELECT 1 - $1, 2 / $2", 2))
    }

    @Test func keepsTextAroundThemWhole() {
        #expect(Placeholders.numbered("SELECT '漢字 😀', ?") == ("SELECT '漢字 😀', $1", 1))
    }
}
