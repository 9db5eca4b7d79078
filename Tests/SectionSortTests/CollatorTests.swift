import Foundation
import Testing

@testable import SectionSort

/// The collation runtime's keys, from the package's own data, are ICU's `ucol_getSortKey` bytes
/// as the library asks ICU for them (the locale's collator with the options' attributes set).
@Suite struct CollatorTests {
    /// The library's four option combinations that change keys, and numeric order.
    static let options: [CollationOptions] = [
        CollationOptions(), CollationOptions(ignoresCase: true), CollationOptions(ignoresAccents: true),
        CollationOptions(ignoresCase: true, ignoresAccents: true), CollationOptions(numeric: true),
        CollationOptions(ignoresCase: true, numeric: true),
    ]

    /// Ill-formed UTF-8: lone continuation bytes, truncated sequences, overlongs, surrogates,
    /// beyond U+10FFFF, and mixtures with text.
    static let illFormed: [[UInt8]] = [
        [0x80], [0xBF, 0x41], [0xC2], [0xC2, 0x41], [0xE0, 0x80, 0x80], [0xE0, 0xA0], [0xED, 0xA0, 0x80],
        [0xF0, 0x80, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x41], [0xFF], [0xC0, 0xAF],
        Array("abc".utf8) + [0xE3, 0x81] + Array("def".utf8), Array("é".utf8) + [0xCC] + Array("a".utf8),
        [0x61, 0xCC, 0x81, 0xCC], Array("カ".utf8) + [0xE3, 0x82] + Array("ー".utf8), [0xF0, 0x9F, 0x98],
        Array("가".utf8) + [0xE1, 0x84] + Array("각".utf8),
    ]

    static func describe(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16) }.joined(separator: " ")
    }

    /// Compares our key with ICU's for each text; returns the number compared.
    static func compare(_ locale: String, _ options: CollationOptions, texts: [[UInt8]]) throws -> Int {
        let canonical = LocaleIdentifier.canonical(locale)
        let icu = try ICUCollator(locale: canonical, settings: options.icuSettings)
        let ours = try Collator(locale: locale, options: options)
        var failures = 0
        for text in texts {
            let buffer = KeyBuffer()
            text.withUnsafeBufferPointer { icu.appendSortKey(utf8: $0, to: buffer, method: .utf16Whole) }
            let expected = buffer.bytes(at: 0, length: buffer.count)
            let key = ours.sortKey(utf8: text)
            if key != expected {
                failures += 1
                if failures <= 3 {
                    let scalars = String(decoding: text, as: UTF8.self).unicodeScalars.map { String($0.value, radix: 16) }
                    Issue.record(
                        "\(locale) \(options) bytes [\(describe(text))] (\(scalars.joined(separator: " "))): ours \(describe(key)) ICU \(describe(expected))"
                    )
                }
            }
        }
        return texts.count
    }

    static let texts: [[UInt8]] = CollationKeyWriterTests.texts.map { Array($0.utf8) } + illFormed

    @Test(arguments: CollationKeyWriterTests.locales)
    func writesICUKeysUnderEveryOption(locale: String) throws {
        var compared = 0
        for options in Self.options { compared += try Self.compare(locale, options, texts: Self.texts) }
        #expect(compared == Self.options.count * Self.texts.count)
    }

    @Test func writesICUKeysForEveryLocale() throws {
        let sample = Array(Self.texts.prefix(120)) + Self.illFormed
        var compared = 0
        for locale in CollationSettingsTests.locales {
            compared += try Self.compare(locale, CollationOptions(), texts: sample)
        }
        #expect(compared > 700 * sample.count)
    }

    @Test(arguments: CollationLocaleTests.identifiers)
    func writesICUKeysForKeywordLocales(identifier: String) throws {
        guard (try? ICUCollator.opening(LocaleIdentifier.canonical(identifier))) != nil else {
            #expect(throws: CollationLocaleError.self) { try Collator(locale: identifier) }
            return
        }
        _ = try Self.compare(identifier, CollationOptions(), texts: Array(Self.texts.prefix(160)))
        _ = try Self.compare(identifier, CollationOptions(ignoresAccents: true), texts: Array(Self.texts.prefix(80)))
    }
}
