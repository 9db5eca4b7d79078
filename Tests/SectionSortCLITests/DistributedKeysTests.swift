import Foundation
import Testing

/// `--emit-keys` over parts of an input, a byte sort, and `--from-keys`: the way past one machine.
/// Whatever the split, the result must be sectionsort's own output for the whole input, byte for byte.
@Suite struct DistributedKeysTests {
    /// Names with NFC and NFD spellings and case variants (equal under -i and under a locale's
    /// tertiary strength for NFC/NFD), so that ties between parts decide the order.
    private static let names: [String] = (0..<3000).map { index in
        let variants = [
            "Öberg", "O\u{308}berg", "öberg", "Oberg", "Åsa", "A\u{30A}sa", "åsa", "Émile", "E\u{301}mile", "émile",
            "anna", "Anna", "ANNA", "42", "", "Иван", "иван", "林", "さくら", "back\\slash",
        ]
        let hash = index &* 2_654_435_761 % 1_000_003
        return variants[hash % variants.count] + (hash % 3 == 0 ? "" : " \(hash % 5)")
    }

    /// Byte sort of key records, as a distributed sort would do it.
    private static func byteSort(_ bytes: [UInt8], zero: Bool = false) throws -> [UInt8] {
        let sorted = try SectionSortCommand.runProcess(
            URL(fileURLWithPath: "/usr/bin/env"), ["sort"] + (zero ? ["-z"] : []), input: bytes,
            environment: ["LC_ALL": "C"])
        #expect(sorted.status == 0, "\(sorted.stderr)")
        return sorted.stdoutBytes
    }

    /// Splits `records` into `count` consecutive parts.
    private static func parts<T>(_ records: [T], _ count: Int) -> [ArraySlice<T>] {
        (0..<count).map { records[records.count * $0 / count..<records.count * ($0 + 1) / count] }
    }

    @Test func partsKeyedApartSortToTheWholeInputsSections() throws {
        try withScratchDirectory { directory in try partsKeyedApart(in: directory) }
    }

    private func partsKeyedApart(in directory: URL) throws {
        for flags in [["-l", "sv_SE", "-i"], ["-l", "de", "-r"], ["-l", "sv_SE"]] {
            var byPart: [UInt8] = [], byOffset: [UInt8] = [], byByteOffset: [UInt8] = [], sortedParts: [String] = []
            var before = 0, bytesBefore = 0
            for (number, part) in Self.parts(Self.names, 4).enumerated() {
                let text = part.joined(separator: "\n") + "\n"
                let keyed = try SectionSortCommand.run(flags + ["--emit-keys", "--part", "\(number)"], stdin: text)
                #expect(keyed.status == 0, "\(keyed.stderr)")
                byPart += keyed.stdoutBytes
                let offset = try SectionSortCommand.run(flags + ["--emit-keys", "--part-offset", "\(before)"], stdin: text)
                byOffset += offset.stdoutBytes
                // A part's byte offset numbers it too: every record takes at least a byte.
                byByteOffset += try SectionSortCommand.run(flags + ["--emit-keys", "--part-offset", "\(bytesBefore)"], stdin: text)
                    .stdoutBytes
                bytesBefore += text.utf8.count
                let path = directory.appendingPathComponent("sorted-part-\(number)-\(flags.joined())").path
                try Data(try Self.byteSort(keyed.stdoutBytes)).write(to: URL(fileURLWithPath: path))
                sortedParts.append(path)
                before += part.count
            }
            let whole = Self.names.joined(separator: "\n") + "\n"
            for format in ["text", "plain", "json", "jsonl", "csv"] {
                let direct = try SectionSortCommand.run(flags + ["-F", format], stdin: whole)
                #expect(direct.status == 0)
                for (keys, name) in [(byPart, "--part"), (byOffset, "--part-offset"), (byByteOffset, "byte offsets")] {
                    let sections = try SectionSortCommand.run(["--from-keys", "-F", format], stdinBytes: try Self.byteSort(keys))
                    #expect(sections.status == 0, "\(sections.stderr)")
                    let same = sections.stdoutBytes == direct.stdoutBytes
                    #expect(same, "\(flags) \(format) \(name)")
                }
                // Separately sorted parts, merged as they are read.
                let merged = try SectionSortCommand.run(["--from-keys", "-F", format] + sortedParts)
                #expect(merged.status == 0, "\(merged.stderr)")
                let same = merged.stdoutBytes == direct.stdoutBytes
                #expect(same, "\(flags) \(format) merged")
            }
        }
    }

    @Test func partsWithoutTheirOwnNumbersAreCaughtOrMisordered() throws {
        let flags = ["-l", "sv_SE", "-i"]
        let parts = Self.parts(Self.names, 2).map { Array(($0.joined(separator: "\n") + "\n").utf8) }
        // Positions restart in every part without --part: equal keys of different parts interleave,
        // which is why parts need their numbers (and why the test data above has such ties).
        var keys: [UInt8] = []
        for part in parts { keys += try SectionSortCommand.run(flags + ["--emit-keys"], stdinBytes: part).stdoutBytes }
        let interleaved = try SectionSortCommand.run(["--from-keys"], stdinBytes: try Self.byteSort(keys))
        let direct = try SectionSortCommand.run(flags, stdinBytes: parts[0] + parts[1])
        #expect(interleaved.status == 0 && interleaved.stdoutBytes != direct.stdoutBytes)
        // The same part twice: every position comes twice, and reading them back fails.
        let once = try SectionSortCommand.run(flags + ["--emit-keys", "--part", "3"], stdinBytes: parts[0]).stdoutBytes
        let twice = try SectionSortCommand.run(["--from-keys"], stdinBytes: try Self.byteSort(once + once))
        #expect(twice.status == 65)
        #expect(twice.stdout.isEmpty)
        #expect(twice.stderr.contains("parts overlap"), "\(twice.stderr)")
    }

    /// CSV whose fields hold line breaks, carriage returns, tabs and backslashes.
    private static let csvRecords: [String] = (0..<600).map { index in
        let name = names[index * 7 % names.count]
        let note = [
            "plain", "\"two\nlines\"", "\"cr\r\nlf\"", "tab\there", "\"back\\\\slash \"\"quoted\"\"\"", "\"\\n is not a line break\"",
        ][index % 6]
        return "\(index),\(name.contains(",") ? "\"\(name)\"" : name),\(note)"
    }

    @Test func recordsWithLineBreaksSurviveLineAndNulFraming() throws {
        try withScratchDirectory { directory in
            try recordsWithLineBreaks(headerFile: try write("id,name,note\n9,x,y\n", to: "header.csv", in: directory))
        }
    }

    private func recordsWithLineBreaks(headerFile: String) throws {
        let header = "id,name,note"
        let whole = ([header] + Self.csvRecords).joined(separator: "\n") + "\n"
        let flags = ["-f", "csv", "-k", "name", "--then", "id", "-l", "sv_SE"]
        for zero in [false, true] {
            var keys: [UInt8] = []
            for (number, part) in Self.parts(Self.csvRecords, 3).enumerated() {
                let text = part.joined(separator: "\n") + "\n"
                // The first part has its header row; the others take it from a file or the option.
                let (input, given): (String, [String]) =
                    switch number {
                    case 0: (header + "\n" + text, [])
                    case 1: (text, ["--header-file", headerFile])
                    default: (text, ["--header", header])
                    }
                let keyed = try SectionSortCommand.run(
                    flags + given + ["--emit-keys", "--part", "\(number)"] + (zero ? ["-z"] : []), stdin: input)
                #expect(keyed.status == 0, "\(keyed.stderr)")
                if !zero { #expect(!keyed.stdout.contains("\r"), "line-feed framing escapes carriage returns") }
                keys += keyed.stdoutBytes
            }
            let sorted = try Self.byteSort(keys, zero: zero)
            for format in ["csv", "json", "jsonl", "text"] {
                let direct = try SectionSortCommand.run(flags + ["-F", format], stdin: whole)
                let sections = try SectionSortCommand.run(["--from-keys", "-F", format] + (zero ? ["-z"] : []), stdinBytes: sorted)
                #expect(sections.status == 0, "\(sections.stderr)")
                let same = sections.stdoutBytes == direct.stdoutBytes
                #expect(same, "\(format) zero: \(zero)")
            }
        }
    }

    @Test func jsonLinesPartsGiveTheWholeInputsSections() throws {
        let records = Self.names.prefix(900).enumerated().map { "{\"n\": \(String(reflecting: $1)), \"i\": \($0 % 7)}" }
        let flags = ["-f", "jsonl", "-k", "n", "--then", "i", "-l", "ja"]
        var keys: [UInt8] = []
        for (number, part) in Self.parts(records, 3).enumerated() {
            keys += try SectionSortCommand.run(flags + ["--emit-keys", "--part", "\(number)"], stdin: part.joined(separator: "\n"))
                .stdoutBytes
        }
        let sorted = try Self.byteSort(keys)
        for format in ["text", "plain", "json", "jsonl", "csv"] {
            let direct = try SectionSortCommand.run(flags + ["-F", format], stdin: records.joined(separator: "\n"))
            let sections = try SectionSortCommand.run(["--from-keys", "-F", format], stdinBytes: sorted)
            #expect(sections.status == 0, "\(sections.stderr)")
            let same = sections.stdoutBytes == direct.stdoutBytes
            #expect(same, "\(format)")
        }
    }

    @Test func aRecordHoldingNulCannotBeNulFramed() throws {
        let input: [UInt8] = Array("a\nb".utf8) + [0] + Array("c\n".utf8)
        let result = try SectionSortCommand.run(["--emit-keys", "-z"], stdinBytes: input)
        #expect(result.status == 65)
        #expect(result.stderr.contains("<stdin>:2:1: the record holds a NUL byte"), "\(result.stderr)")
        // Line-feed framing carries it.
        let keyed = try SectionSortCommand.run(["--emit-keys"], stdinBytes: input)
        let back = try SectionSortCommand.run(["--from-keys"], stdinBytes: try Self.byteSort(keyed.stdoutBytes))
        #expect(back.stdoutBytes == (try SectionSortCommand.run([], stdinBytes: input)).stdoutBytes)
    }

    @Test func versionNamesICUAndCollation() throws {
        let text = try SectionSortCommand.run(["--version", "-l", "sv_SE"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("ICU ") && text.stdout.contains("Unicode Collation Algorithm ") && text.stdout.contains("locale sv"))
        let json = try jsonObject(try SectionSortCommand.run(["--version", "-F", "json", "-l", "sv_SE", "-i"]).stdout)
        #expect((json["icu"] as? String)?.first?.isNumber == true)
        #expect((json["uca"] as? String)?.first?.isNumber == true)
        #expect((json["collator"] as? String)?.isEmpty == false)
        #expect(json["locale"] as? String == "sv" && json["ignoreCase"] as? Bool == true)
        // The version in words agrees with the identity.
        #expect(text.stdout.contains("ICU \(json["icu"] as? String ?? "?"), Unicode Collation Algorithm \(json["uca"] as? String ?? "?")"))
    }

    @Test func keysFromAnotherICUOrLocaleFailLoudly() throws {
        let input = Self.names.prefix(200).joined(separator: "\n")
        let keyed = try SectionSortCommand.run(["-l", "sv_SE", "--emit-keys"], stdin: input)
        let identityEnd = try #require(keyed.stdoutBytes.firstIndex(of: 0x0A))
        let identity = String(decoding: keyed.stdoutBytes[..<identityEnd], as: UTF8.self)
        let icu = try #require(identity.range(of: "\"icu\": \"")).upperBound

        // A machine with another ICU made these keys.
        var otherICU = identity
        otherICU.insert(contentsOf: "0", at: icu)
        let forged = Array(otherICU.utf8) + keyed.stdoutBytes[identityEnd...]
        let wrongICU = try SectionSortCommand.run(["--from-keys"], stdinBytes: try Self.byteSort(forged))
        #expect(wrongICU.status == 65)
        #expect(wrongICU.stdout.isEmpty)
        #expect(wrongICU.stderr.contains("<stdin>:1:1: the keys were made with sectionsort"), "\(wrongICU.stderr)")
        #expect(wrongICU.stderr.contains("this machine has"))

        // Parts keyed with different locales (a node with another LANG).
        let other = try SectionSortCommand.run(["--emit-keys", "--part", "1"], stdin: input, environment: ["LANG": "de_DE.UTF-8"])
        let mixed = try SectionSortCommand.run(["--from-keys"], stdinBytes: try Self.byteSort(keyed.stdoutBytes + other.stdoutBytes))
        #expect(mixed.status == 65)
        #expect(mixed.stderr.contains("every part must be keyed with the same"), "\(mixed.stderr)")

        // No identity: not key records from --emit-keys.
        let bare = try SectionSortCommand.run(["--from-keys"], stdinBytes: Array(keyed.stdoutBytes[(identityEnd + 1)...]))
        #expect(bare.status == 65)
        #expect(bare.stderr.contains("no identity record"), "\(bare.stderr)")
    }

    @Test func unsortedOrMalformedKeyRecordsAreDataErrors() throws {
        let keyed = try SectionSortCommand.run(["-l", "sv_SE", "--emit-keys"], stdin: "b\na\nc\n")
        let unsorted = try SectionSortCommand.run(["--from-keys"], stdinBytes: keyed.stdoutBytes)
        #expect(unsorted.status == 65 && unsorted.stdout.isEmpty)
        #expect(unsorted.stderr.contains("<stdin>:3:1: key records are not sorted by bytes"), "\(unsorted.stderr)")

        let identity = keyed.stdout.split(separator: "\n")[0]
        let malformed = try SectionSortCommand.run(["--from-keys"], stdin: identity + "\n00001\tAB\tshort\trecord\n")
        #expect(malformed.status == 65)
        #expect(malformed.stderr.contains("<stdin>:2:22: not a key record: expected a 12-digit POSITION"), "\(malformed.stderr)")

        let escape = try SectionSortCommand.run(["--from-keys"], stdin: identity + "\n00001\tAB\t------------\tbad\\t\n")
        #expect(escape.status == 65)
        #expect(escape.stderr.contains("<stdin>:2:26: a backslash"), "\(escape.stderr)")

        let options = try SectionSortCommand.run(["--from-keys", "-l", "de"], stdin: "")
        #expect(options.status == 64)
    }
}
