import Foundation
import Testing

@testable import SectionSort

/// CLDR's root collation conformance files (UCA 16, CLDR 46.1: the release ICU 76 implements),
/// checked into `Tests/Conformance/CLDRCollation` with their licence. As ICU's own conformance
/// test (`intltest`'s UCAConformanceTest) uses them: at the identical level with normalization on,
/// each line's key from the runtime is ICU's `ucol_getSortKey` bytes and no line's key is below
/// the previous one's. Then the same strings in tailorings, with normalization off and on, where
/// only the bytes are compared (the order is the root's).
@Suite struct CollationConformanceTests {
    /// One of the two files: variable characters (spaces, punctuation, symbols) not ignored, or
    /// shifted to the quaternary level.
    enum File: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case nonIgnorable = "CollationTest_CLDR_NON_IGNORABLE_SHORT.txt"
        case shifted = "CollationTest_CLDR_SHIFTED_SHORT.txt"

        var testDescription: String { rawValue }

        /// The file's strings, read once.
        var lines: [Line] {
            get throws {
                switch self {
                case .nonIgnorable: try CollationConformanceTests.nonIgnorableLines.get()
                case .shifted: try CollationConformanceTests.shiftedLines.get()
                }
            }
        }
    }

    /// A string of a file.
    struct Line: Sendable {
        /// Its line in the file, from 1.
        let number: Int
        let codePoints: [UInt32]
        /// The text as the library reads it: a lone surrogate, which UTF-8 cannot hold, as U+FFFD.
        let utf8: [UInt8]
        /// The same text for ICU.
        let utf16: [UInt16]
        /// Whether a code point is a surrogate. The file places such a line by the surrogate code
        /// point's implicit weight, which ICU gives an unpaired surrogate in UTF-16 text; text the
        /// library keys (a String, or UTF-8 bytes) has U+FFFD there instead, so these lines are
        /// keyed as U+FFFD on both sides and left out of the order check.
        let hasSurrogate: Bool

        var hex: String { codePoints.map { String($0, radix: 16, uppercase: true) }.joined(separator: " ") }
    }

    /// A line that is not code points in hex.
    struct FormatError: Error, CustomStringConvertible {
        let file: String
        let line: Int
        let text: String
        var description: String { "\(file):\(line): not code points in hex: \(text)" }
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Conformance/CLDRCollation")

    static let nonIgnorableLines = Result { try read(.nonIgnorable) }
    static let shiftedLines = Result { try read(.shifted) }

    /// The strings of `file`: each line is code points in hex separated by spaces; `#` starts a
    /// comment line and `;` a comment after the code points (UTS #35, "Root Data Files").
    static func read(_ file: File) throws -> [Line] {
        let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(file.rawValue)))
        var lines: [Line] = []
        for (index, raw) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let content = raw.prefix { $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: "#") }
            let fields = content.split { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
            if fields.isEmpty { continue }
            var codePoints: [UInt32] = []
            for field in fields {
                guard field.count <= 6, let value = UInt32(String(decoding: field, as: UTF8.self), radix: 16), value <= 0x10FFFF
                else {
                    throw FormatError(file: file.rawValue, line: index + 1, text: String(decoding: raw, as: UTF8.self))
                }
                codePoints.append(value)
            }
            var utf16: [UInt16] = []
            for value in codePoints {
                // A surrogate code point on its own is one unit of UTF-16 text, as ICU's test reads it.
                if let scalar = Unicode.Scalar(value) { utf16 += scalar.utf16 } else { utf16.append(UInt16(value)) }
            }
            let text = String(decoding: utf16, as: UTF16.self)
            lines.append(
                Line(
                    number: index + 1, codePoints: codePoints, utf8: Array(text.utf8), utf16: Array(text.utf16),
                    hasSurrogate: codePoints.contains { (0xD800...0xDFFF).contains($0) }))
        }
        return lines
    }

    /// The settings as a failure names them: "identical, shifted, normalization on".
    static func describe(_ settings: ICUCollatorSettings) -> String {
        var parts = ["\(settings.strength)"]
        if let shifted = settings.alternateShifted { parts.append(shifted ? "shifted" : "non-ignorable") }
        if let normalization = settings.normalization { parts.append("normalization \(normalization ? "on" : "off")") }
        if let caseFirst = settings.caseFirst { parts.append("case first \(caseFirst)") }
        if settings.caseLevel { parts.append("case level") }
        if settings.numeric { parts.append("numeric") }
        return parts.joined(separator: ", ")
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16, uppercase: true) }.joined(separator: " ")
    }

    /// Compares every line's key in `locale` under `settings` with ICU's; with `checksOrder`, also
    /// that no line's key is below the previous one's (ties allowed: at the identical level only
    /// strings with the same NFD are equal, the tie the files use since UCA 6.2). Returns how many
    /// lines were compared.
    static func compare(
        _ file: File, locale: String, settings: ICUCollatorSettings, checksOrder: Bool
    ) throws -> Int {
        let lines = try file.lines
        let icu = try ICUCollator(locale: locale, settings: settings)
        let ours = try Collator(canonicalLocale: locale, settings: settings)
        let place = "\(file.rawValue) \(locale) (\(describe(settings)))"
        var differences = 0
        var disorders = 0
        var previous: (line: Line, key: [UInt8])?
        for line in lines {
            let key = ours.sortKey(utf8: line.utf8)
            let expected = icu.sortKey(utf16: line.utf16)
            if key != expected {
                differences += 1
                if differences <= 5 {
                    Issue.record("\(place) line \(line.number) [\(line.hex)]: ours \(hex(key)) ICU \(hex(expected))")
                }
            }
            guard checksOrder, !line.hasSurrogate else { continue }
            if let previous, key.lexicographicallyPrecedes(previous.key) {
                disorders += 1
                if disorders <= 5 {
                    let message =
                        "\(place) line \(line.number) [\(line.hex)] sorts before line \(previous.line.number) "
                        + "[\(previous.line.hex)]: \(hex(key)) < \(hex(previous.key))"
                    Issue.record(Comment(rawValue: message))
                }
            }
            previous = (line, key)
        }
        #expect(differences == 0, "\(place): \(differences) of \(lines.count) keys differ from ICU's")
        #expect(disorders == 0, "\(place): \(disorders) lines sort before the line above them")
        return lines.count
    }

    @Test func readsEveryLineOfTheFiles() throws {
        // Each file's lines that are neither comments nor empty (`grep -cv '^#\|^$'`).
        #expect(try File.nonIgnorable.lines.count == 204_549)
        #expect(try File.shifted.lines.count == 225_786)
        for file in File.allCases {
            #expect(try file.lines.filter(\.hasSurrogate).count == 30, "\(file)")
        }
        // The shifted file has every string of the other (``tailoredKeysAreICUs(setup:)`` keys its strings only).
        let shifted = Set(try File.shifted.lines.map(\.codePoints))
        #expect(try File.nonIgnorable.lines.allSatisfy { shifted.contains($0.codePoints) })
    }

    /// The root collation as ICU's test sets it up: normalization on, no case level or case
    /// first, the identical level, alternate non-ignorable or shifted after the file.
    @Test(arguments: File.allCases)
    func rootKeysAreICUsInTheFilesOrder(file: File) throws {
        let settings = ICUCollatorSettings(
            strength: .identical, caseLevel: false, numeric: false, alternateShifted: file == .shifted,
            normalization: true, caseFirst: .off)
        #expect(try Self.compare(file, locale: "root", settings: settings, checksOrder: true) > 200_000)
    }

    /// A locale with settings on top of its own.
    struct Setup: Sendable, CustomTestStringConvertible {
        let locale: String
        var settings = ICUCollatorSettings()
        var testDescription: String { "\(locale) (\(CollationConformanceTests.describe(settings)))" }
    }

    /// Tailorings of every kind (contractions, prefixes, expansions, reordering, Hangul, Thai
    /// prevowels, Han readings) at the tertiary level, and a shifted setup at the quaternary.
    static let setups = [
        Setup(locale: "root"), Setup(locale: "en"), Setup(locale: "de@collation=phonebook"), Setup(locale: "sv"),
        Setup(locale: "ja"), Setup(locale: "zh@collation=pinyin"), Setup(locale: "ko"), Setup(locale: "th"),
        Setup(locale: "ar"), Setup(locale: "en", settings: ICUCollatorSettings(strength: .quaternary, alternateShifted: true)),
    ]

    /// Every string of both files in each setup, with normalization off and on. The shifted
    /// file's strings include every string of the other file (it adds strings that only differ
    /// once variable characters are shifted), so its lines are all the strings there are.
    @Test(arguments: setups)
    func tailoredKeysAreICUs(setup: Setup) throws {
        for normalization in [false, true] {
            var settings = setup.settings
            settings.normalization = normalization
            #expect(try Self.compare(.shifted, locale: setup.locale, settings: settings, checksOrder: false) > 200_000)
        }
    }
}
