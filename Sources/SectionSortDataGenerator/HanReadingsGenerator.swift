import Foundation
import SectionSortICUSupport

/// The tables of HanReadings.c: ICU's `Han-Latin/Names` transform as data, so that the library reads
/// Chinese names as ICU does without ICU.
///
/// The transform is a chain (ICU's rules, printed by `utrans_toRules`): mark the first Han
/// character of each name with U+FDD1; space it (`Han-Spacedhan`: NFKC of Han and ideographic
/// runs, `Fullwidth-Halfwidth`, CJK punctuation to ASCII, a space between a Han character and a
/// letter); the surname and context rules of Names; the marker becomes a space (or nothing at the
/// start); then `Han-Latin`: spacing again, its context rules and each character's pinyin. The
/// library implements the chain's fixed steps in code; the generator checks that ICU's rules still
/// have exactly those steps and writes everything else as tables.
enum HanReadingsGenerator {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func tables() throws -> [ByteTable] {
        let names = try rules(of: "Han-Latin/Names")
        let latin = try rules(of: "Han-Latin")
        let spacing = try rules(of: "Han-Spacedhan")
        let halfwidth = try rules(of: "Fullwidth-Halfwidth")

        // Names: marker, spacing, its own rules, a pass break, the marker's replacements, Han-Latin.
        let nameHead = ["[:^script=Han:]{([:script=Han:])} > \\uFDD1 $1 ;", "::Han-Spacedhan();"]
        let nameTail = ["::Null();", "[^$]{\\uFDD1} > ' ';", "\\uFDD1 > ;", "::Han-Latin();"]
        try expect(Array(names.prefix(2)) == nameHead && Array(names.suffix(4)) == nameTail, "Han-Latin/Names", names)
        let nameRules = try names.dropFirst(2).dropLast(4).map(parse)

        // Han-Latin: spacing, context rules, then one rule per reading with the set of its characters.
        try expect(latin.first == "::Han-Spacedhan();", "Han-Latin", latin)
        let latinRules = try latin.dropFirst().map(parse)
        let contextCount = latinRules.prefix { $0.post != nil || $0.ante != nil }.count
        try expect(latinRules.dropFirst(contextCount).allSatisfy { $0.post == nil && $0.ante == nil }, "Han-Latin", latin)

        // Han-Spacedhan: NFKC and halfwidth forms of the filtered characters, punctuation, then a
        // space between what ends a Han word and a letter, and between a letter (and its marks) and
        // what starts a Han word.
        try expect(spacing.count >= 4 && spacing[1] == "::fullwidth-halfwidth;", "Han-Spacedhan", spacing)
        guard let filter = match("^::(\\[.*\\]) nfkc;$", spacing[0]),
            let wordEnds = match("^(\\[.*\\])\\{\\}\\[:Letter:\\] > ' ';$", spacing[spacing.count - 2]),
            let wordStarts = match("^\\[:Letter:\\]\\[:Mark:\\]\\*\\{\\}(\\[.*\\]) > ' ';$", spacing[spacing.count - 1])
        else { throw Failure(description: "Han-Spacedhan: unexpected filter or spacing rule:\n\(spacing.joined(separator: "\n"))") }
        let punctuationRules = try spacing.dropFirst(2).dropLast(2).map(parse)
        let halfwidthRules = try halfwidth.map(parse)
        for rule in punctuationRules + halfwidthRules where rule.keys.count != 1 || rule.ante != nil || rule.post != nil {
            throw Failure(description: "a mapping rule with a set or context: \(rule)")
        }

        return readings(latinRules.dropFirst(contextCount)) + [
            contextRules("sscd_han_name_rules", "Names rules (after spacing)", nameRules),
            contextRules(
                "sscd_han_latin_rules", "Han-Latin's context rules (before the readings)", Array(latinRules.prefix(contextCount))),
            characterMap("sscd_han_punctuation_map", "Han-Spacedhan's punctuation rules", punctuationRules),
            characterMap("sscd_han_halfwidth_map", "Fullwidth-Halfwidth's rules", halfwidthRules),
            try ranges("sscd_han_filter", "Han-Spacedhan's filter of NFKC and halfwidth forms", filter),
            try ranges("sscd_han_word_ends", "What Han-Spacedhan puts a space after, before a letter", wordEnds),
            try ranges("sscd_han_word_starts", "What Han-Spacedhan puts a space before, after a letter", wordStarts),
            try ranges("sscd_han_letters", "Letters", "[:Letter:]"),
            try ranges("sscd_han_marks", "Marks", "[:Mark:]"),
        ]
    }

    /// The code points of the set `pattern` as ICU's properties give them, in runs: ICU tells
    /// through a transform filtered by the set, which escapes exactly the set's members.
    private static func ranges(_ name: String, _ summary: String, _ pattern: String) throws -> ByteTable {
        guard let escape = ICUTransliterator(id: pattern + " Any-Hex/C") else {
            throw Failure(description: "ICU cannot filter by \(pattern)")
        }
        var members: [UInt32] = []
        let values = Array((UInt32(0)...0x10FFFF).compactMap(Unicode.Scalar.init))
        for chunkStart in stride(from: 0, to: values.count, by: 4096) {
            let chunk = values[chunkStart..<min(values.count, chunkStart + 4096)]
            let output = Array(escape.transliterate(String(String.UnicodeScalarView(chunk))).unicodeScalars)
            var position = 0
            for scalar in chunk {
                let escaped = scalar.value > 0xFFFF ? String(format: "\\U%08X", scalar.value) : String(format: "\\u%04X", scalar.value)
                let escapedScalars = Array(escaped.unicodeScalars)
                if output[position...].starts(with: escapedScalars) {
                    members.append(scalar.value)
                    position += escapedScalars.count
                } else {
                    guard output[position] == scalar else {
                        throw Failure(description: "\(pattern): unexpected output at U+\(String(scalar.value, radix: 16))")
                    }
                    position += 1
                }
            }
        }
        var table = ByteTable(name: name, summary: "\(summary), \(pattern): runs of first and last code point, 24 bits each.")
        var index = 0
        while index < members.count {
            var end = index
            while end + 1 < members.count && members[end + 1] == members[end] + 1 { end += 1 }
            table.appendU24(Int(members[index]))
            table.appendU24(Int(members[end]))
            index = end + 1
        }
        return table
    }

    private static func rules(of id: String) throws -> [String] {
        guard let transform = ICUTransliterator(id: id) else { throw Failure(description: "ICU has no transform \(id)") }
        return transform.rules().split(separator: "\n").map(String.init)
    }

    private static func parse(_ line: String) throws -> TransformRule { try TransformRule(parsing: line) }

    private static func expect(_ condition: Bool, _ id: String, _ rules: [String]) throws {
        if !condition {
            throw Failure(
                description: "\(id) no longer has the structure the library implements:\n\(rules.prefix(8).joined(separator: "\n"))")
        }
    }

    private static func match(_ pattern: String, _ text: String) -> String? {
        guard let expression = try? NSRegularExpression(pattern: pattern),
            let found = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let range = Range(found.range(at: 1), in: text)
        else { return nil }
        return String(text[range])
    }

    /// Each character's reading, first rule first: the readings (each ended by 0), a page table
    /// (16 bits per 256 code points up to U+10FFFF: 0xFFFF for a page without readings, else the
    /// page's number) and the pages (16 bits per code point: the offset of its reading, 0xFFFF for
    /// none).
    private static func readings(_ rules: ArraySlice<TransformRule>) -> [ByteTable] {
        var reading: [UInt32: String] = [:]
        for rule in rules {
            for key in rule.keys where reading[key] == nil { reading[key] = rule.output }
        }
        var syllables = ByteTable(name: "sscd_han_syllables", summary: "Han-Latin's readings, each ended by 0.")
        var offsets: [String: Int] = [:]
        for syllable in Set(reading.values).sorted() {
            offsets[syllable] = syllables.bytes.count
            syllables.appendString(syllable)
            syllables.appendU8(0)
        }
        var pageTable = ByteTable(
            name: "sscd_han_reading_page_table", summary: "For each 256 code points, 0xFFFF or the number of their page.")
        var pages = ByteTable(
            name: "sscd_han_reading_pages", summary: "Pages of 256 code points: 0xFFFF or the offset of each one's reading.")
        var pageCount = 0
        for page in 0..<0x1100 {
            let values = (page << 8)..<((page + 1) << 8)
            guard values.contains(where: { reading[UInt32($0)] != nil }) else {
                pageTable.appendU16(0xFFFF)
                continue
            }
            pageTable.appendU16(pageCount)
            pageCount += 1
            for value in values { pages.appendU16(reading[UInt32(value)].map { offsets[$0]! } ?? 0xFFFF) }
        }
        return [syllables, pageTable, pages]
    }

    /// Rules in their order: flags (1: the marker U+FDD1 before, 2: an optional space before the
    /// context after, 4: a context after), the key (24 bits), the number of characters of the
    /// context after, those (24 bits each), the output's length in bytes, the output.
    private static func contextRules(_ name: String, _ summary: String, _ rules: [TransformRule]) -> ByteTable {
        var table = ByteTable(
            name: name,
            summary: summary
                + ": flags (1 marker before, 2 optional space, 4 context after), key (24 bits), context count, context (24 bits each), output length, output."
        )
        for rule in rules {
            precondition(rule.keys.count == 1 && (rule.ante == nil || rule.ante == 0xFDD1), "unexpected rule \(rule)")
            table.appendU8((rule.ante != nil ? 1 : 0) | (rule.optionalSpace ? 2 : 0) | (rule.post != nil ? 4 : 0))
            table.appendU24(Int(rule.keys[0]))
            let post = rule.post ?? []
            table.appendU8(post.count)
            for value in post { table.appendU24(Int(value)) }
            table.appendU8(rule.output.utf8.count)
            table.appendString(rule.output)
        }
        return table
    }

    /// Single characters and their replacements, by code point: the key (24 bits), the output's
    /// length in bytes (8 bits) and the output padded to 12 bytes, 16 bytes a record.
    private static func characterMap(_ name: String, _ summary: String, _ rules: [TransformRule]) -> ByteTable {
        var table = ByteTable(
            name: name, summary: summary + ": by key, 16-byte records: key (24 bits), output length, output (up to 12 bytes).")
        var first: [UInt32: String] = [:]
        for rule in rules where first[rule.keys[0]] == nil { first[rule.keys[0]] = rule.output }
        for key in first.keys.sorted() {
            let output = Array(first[key]!.utf8)
            precondition(output.count <= 12, "\(name): output of U+\(String(key, radix: 16)) longer than 12 bytes")
            table.appendU24(Int(key))
            table.appendU8(output.count)
            table.bytes += output + [UInt8](repeating: 0, count: 12 - output.count)
        }
        return table
    }
}
