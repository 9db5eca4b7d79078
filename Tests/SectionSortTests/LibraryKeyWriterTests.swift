import SectionSortICUSupport
import Testing

@testable import SectionSort

@Suite struct LibraryKeyWriterTests {
    /// The writer's key of `text`, from the bytes it reports.
    static func key(_ text: String, _ writer: LibraryKeyWriter) -> [UInt8] {
        let length = Array(text.utf8).withUnsafeBufferPointer { writer.writeSortKey(utf8: $0) }
        #expect(writer.lastKey.count == length, "the length returned is the key's")
        return writer.lastKey
    }

    static func keyedByTable(_ text: String, _ writer: LibraryKeyWriter) -> Bool {
        Array(text.utf8).withUnsafeBufferPointer { writer.tableKeys(utf8: $0) }
    }

    /// Names the key table covers, names it leaves to the runtime (Han, a combining mark, a
    /// Czech "ch"), and the empty text: every key is ICU's, written over the one before.
    @Test(arguments: ["sv_SE", "cs", "ja", "da", "ko"])
    func keysAreICUsWhetherTheTableOrTheRuntimeWritesThem(locale: String) throws {
        let writer = try IndexedCollation(locale: locale).libraryKeyWriter()
        let icu = try ICUCollator(locale: locale, options: CollationOptions())
        for text in [
            "Öberg Anna", "Chrudim", "すずき はなこ", "スズキー ゝヽ", "鈴木 花子", "김민준", "Ae\u{301}", "", "Zoë Åkesson-Ünal", "a",
        ] {
            #expect(Self.key(text, writer) == icu.sortKey(of: text), "\(locale): \(text)")
        }
    }

    @Test func theTableKeysWhatItCoversWhereTheSettingsAllowOne() throws {
        let swedish = try IndexedCollation(locale: "sv_SE").libraryKeyWriter()
        #expect(swedish.hasTable)
        #expect(Self.keyedByTable("Öberg Anna", swedish))
        #expect(Self.keyedByTable("すずき", swedish) && Self.keyedByTable("김민준", swedish), "kana and Hangul")
        #expect(!Self.keyedByTable("鈴木", swedish), "Han is the runtime's")
        // The length mark's elements depend on the kana before it: the table reads them.
        let japanese = try IndexedCollation(locale: "ja").libraryKeyWriter()
        #expect(Self.keyedByTable("スズキー ゝヽ", japanese))
        #expect(!Self.keyedByTable("Ae\u{301}", swedish), "a combining mark is the runtime's")
        // Danish sorts upper case first: its keys are the runtime's alone.
        let danish = try IndexedCollation(locale: "da").libraryKeyWriter()
        #expect(!danish.hasTable && !Self.keyedByTable("Anna", danish))
    }
}
