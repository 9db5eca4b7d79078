import Foundation
import Testing

/// The collation flags (--ignore-punctuation, --normalize, --case-first) and the locale keywords
/// that name the same settings.
@Suite struct CollationFlagTests {
    @Test func aNumericKeywordInTheLocaleIsNumeric() throws {
        let result = try SectionSortCommand.run(["-l", "en-u-kn"], stdin: "Track 10\nTrack 2\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "T\n  Track 2\n  Track 10\n")
    }

    @Test func aStrengthKeywordInTheLocaleIsKept() throws {
        // At primary strength "résumé" and "Resume" are equal and keep their input order.
        let result = try SectionSortCommand.run(["-l", "en-u-ks-level1"], stdin: "résumé\nResume\nresume\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "R\n  résumé\n  Resume\n  resume\n")
    }

    @Test func aKeywordContradictingAFlagIsAUsageError() throws {
        for (arguments, flag) in [
            (["-l", "en-u-kn-false", "-n"], "--numeric"), (["-l", "en-u-ks-level3", "-i"], "--ignore-case"),
            (["-l", "en-u-ka-noignore", "--ignore-punctuation"], "--ignore-punctuation"),
            (["-l", "en-u-kf-lower", "--case-first", "upper"], "--case-first"),
            (["-l", "en-u-kk-false", "--normalize"], "--normalize"),
        ] {
            let result = try SectionSortCommand.run(arguments, stdin: "a\n")
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.contains(flag) && result.stderr.contains(arguments[1]), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func ignorePunctuationSectionsByTheFirstLetter() throws {
        let input = "Delgado\nde la Cruz\n'Til Tuesday\nDeacon\n"
        let plain = try SectionSortCommand.run(["-l", "en_US"], stdin: input)
        #expect(plain.stdout == "D\n  de la Cruz\n  Deacon\n  Delgado\n\n#\n  'Til Tuesday\n")
        let ignoring = try SectionSortCommand.run(["-l", "en_US", "--ignore-punctuation"], stdin: input)
        #expect(ignoring.status == 0, "\(ignoring.stderr)")
        #expect(ignoring.stdout == "D\n  Deacon\n  de la Cruz\n  Delgado\n\nT\n  'Til Tuesday\n")
    }

    @Test func caseFirstPutsUpperOrLowerCaseFirst() throws {
        let upper = try SectionSortCommand.run(["-l", "en_US", "--case-first", "upper"], stdin: "apple\nApple\n")
        #expect(upper.stdout == "A\n  Apple\n  apple\n")
        let lower = try SectionSortCommand.run(["-l", "da", "--case-first=lower"], stdin: "Apple\napple\n")
        #expect(lower.stdout == "A\n  apple\n  Apple\n")
        let wrong = try SectionSortCommand.run(["--case-first", "sideways"], stdin: "a\n")
        #expect(wrong.status == 64 && wrong.stderr.contains("--case-first takes upper or lower"), "\(wrong.stderr)")
        #expect(wrong.stdout.isEmpty)
    }

    @Test func normalizeSortsCanonicallyEquivalentTextAlike() throws {
        // "ạ́" with its marks in canonical order, then out of it: with normalization the two
        // spellings are equal and keep their input order; without, the acute sorts first.
        let input = "a\u{323}\u{301}x\nab\na\u{301}\u{323}x\n"
        let normalized = try SectionSortCommand.run(["-l", "en_US", "--normalize"], stdin: input)
        #expect(normalized.status == 0, "\(normalized.stderr)")
        #expect(normalized.stdout == "A\n  ab\n  a\u{323}\u{301}x\n  a\u{301}\u{323}x\n")
        let plain = try SectionSortCommand.run(["-l", "en_US"], stdin: input)
        #expect(plain.stdout == "A\n  ab\n  a\u{301}\u{323}x\n  a\u{323}\u{301}x\n")
        let takesNoValue = try SectionSortCommand.run(["--normalize=yes"], stdin: "a\n")
        #expect(takesNoValue.status == 64)
    }

    @Test func fromKeysAndDateSectionsRefuseTheFlags() throws {
        // --from-keys takes them from the key identity; dates are not collated.
        for flag in [
            ["--ignore-punctuation"], ["--normalize"], ["--case-first", "lower"], ["--ignore-articles"], ["--index-locales", "ru"],
        ] {
            let fromKeys = try SectionSortCommand.run(["--from-keys"] + flag, stdin: "")
            #expect(fromKeys.status == 64 && fromKeys.stderr.contains("from the key records"), "\(flag): \(fromKeys.stderr)")
            let dates = try SectionSortCommand.run(["--by", "date"] + flag, stdin: "")
            #expect(dates.status == 64 && dates.stderr.contains("does not apply to --by date"), "\(flag): \(dates.stderr)")
            #expect(fromKeys.stdout.isEmpty && dates.stdout.isEmpty)
        }
    }

    @Test func theKeyIdentityNamesTheSettingsAndFromKeysUsesThem() throws {
        let flags = ["-l", "en_US", "--ignore-punctuation", "--normalize", "--case-first", "upper"]
        let version = try SectionSortCommand.run(["--version", "-F", "json"] + flags)
        #expect(version.stdout.contains("\"ignorePunctuation\": true, \"normalize\": true, \"caseFirst\": \"upper\""), "\(version.stdout)")
        let input = "apple\n'Til Tuesday\nApple\n"
        let keys = try SectionSortCommand.run(["--emit-keys"] + flags, stdin: input)
        #expect(keys.status == 0, "\(keys.stderr)")
        let sorted = try SectionSortCommand.runProcess(
            URL(fileURLWithPath: "/usr/bin/env"), ["sort"], input: keys.stdoutBytes, environment: ["LC_ALL": "C"])
        let sections = try SectionSortCommand.run(["--from-keys"], stdinBytes: sorted.stdoutBytes)
        #expect(sections.status == 0, "\(sections.stderr)")
        #expect(sections.stdout == (try SectionSortCommand.run(flags, stdin: input)).stdout)
        #expect(sections.stdout == "A\n  Apple\n  apple\n\nT\n  'Til Tuesday\n")
    }
}

/// --ignore-articles[=LANGS].
@Suite struct IgnoreArticlesFlagTests {
    @Test func theLocalesArticlesAreSkippedAndRecordsWrittenUnchanged() throws {
        let input = "The Beatles\nBeach Boys\nThe Who\nA Tribe Called Quest\n"
        let result = try SectionSortCommand.run(["-l", "en_US", "--ignore-articles"], stdin: input)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "B\n  Beach Boys\n  The Beatles\n\nT\n  A Tribe Called Quest\n\nW\n  The Who\n")
        let plain = try SectionSortCommand.run(["-l", "en_US"], stdin: input)
        #expect(plain.stdout == "A\n  A Tribe Called Quest\n\nB\n  Beach Boys\n\nT\n  The Beatles\n  The Who\n")
    }

    @Test func listedLanguagesAddTheirArticles() throws {
        let result = try SectionSortCommand.run(["-l", "en_US", "--ignore-articles=fr,de", "-F", "jsonl"], stdin: "Le Tigre\nDie Ärzte\n")
        #expect(result.stdout == "{\"section\": \"A\", \"record\": \"Die Ärzte\"}\n{\"section\": \"T\", \"record\": \"Le Tigre\"}\n")
        let unknown = try SectionSortCommand.run(["--ignore-articles=sv"], stdin: "a\n")
        #expect(unknown.status == 64 && unknown.stderr.contains("'sv'"), "\(unknown.stderr)")
        #expect(unknown.stdout.isEmpty)
    }

    @Test func aFileAfterTheFlagIsAFile() throws {
        try withScratchDirectory { directory in
            let file = directory.appendingPathComponent("bands.txt")
            try "The Cure\n".write(to: file, atomically: true, encoding: .utf8)
            let result = try SectionSortCommand.run(["--ignore-articles", file.path])
            #expect(result.stdout == "C\n  The Cure\n", "\(result.stderr)")
        }
    }

    @Test func keysMadeApartSkipTheArticlesToo() throws {
        let flags = ["-l", "en_US", "--ignore-articles=fr"]
        let input = "The Beatles\nLe Tigre\nAbba\n"
        let keys = try SectionSortCommand.run(["--emit-keys"] + flags, stdin: input)
        #expect(keys.stdout.contains("\"ignoreArticles\": \"fr\""))
        let sorted = try SectionSortCommand.runProcess(
            URL(fileURLWithPath: "/usr/bin/env"), ["sort"], input: keys.stdoutBytes, environment: ["LC_ALL": "C"])
        let sections = try SectionSortCommand.run(["--from-keys"], stdinBytes: sorted.stdoutBytes)
        #expect(sections.status == 0, "\(sections.stderr)")
        #expect(sections.stdout == "A\n  Abba\n\nB\n  The Beatles\n\nT\n  Le Tigre\n")
    }
}

/// --index-locales LIST.
@Suite struct IndexLocalesFlagTests {
    @Test func contactsInThreeAlphabetsGetTheirOwnSections() throws {
        let input = "Иван\nAnna\nΑλέξης\n"
        let plain = try SectionSortCommand.run(["-l", "en_US"], stdin: input)
        #expect(plain.stdout == "A\n  Anna\n\n#\n  Αλέξης\n  Иван\n")
        let result = try SectionSortCommand.run(["-l", "en_US", "--index-locales", "ru,el"], stdin: input)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "A\n  Anna\n\nΑ\n  Αλέξης\n\nИ\n  Иван\n")
    }

    @Test func anUnknownIndexLocaleIsAUsageError() throws {
        let result = try SectionSortCommand.run(["--index-locales", "ru,xx_YY"], stdin: "a\n")
        #expect(result.status == 64 && result.stderr.contains("'xx_YY'") && result.stderr.contains("--index-locales"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func keysMadeApartKeepTheTitles() throws {
        let flags = ["-l", "en_US", "--index-locales=ru", "-F", "json"]
        let keys = try SectionSortCommand.run(["--emit-keys"] + Array(flags.dropLast(2)), stdin: "Иван\nAnna\n")
        #expect(keys.stdout.contains("\"indexLocales\": \"ru\""))
        let sorted = try SectionSortCommand.runProcess(
            URL(fileURLWithPath: "/usr/bin/env"), ["sort"], input: keys.stdoutBytes, environment: ["LC_ALL": "C"])
        let fromKeys = try SectionSortCommand.run(["--from-keys", "-F", "json"], stdinBytes: sorted.stdoutBytes)
        let direct = try SectionSortCommand.run(flags, stdin: "Иван\nAnna\n")
        #expect(fromKeys.status == 0, "\(fromKeys.stderr)")
        #expect(fromKeys.stdout == direct.stdout)
        #expect(direct.stdout.contains("\"И\""))
    }

    /// `--index-locales auto`: the alphabets the keys begin with get their letters.
    @Test func automaticChoiceTitlesEveryAlphabetOfTheContacts() throws {
        let input = "Иван\nAnna\nΑλέξης\nБорис\nZoë\n"
        let result = try SectionSortCommand.run(["-l", "en_US", "--index-locales", "auto"], stdin: input)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "A\n  Anna\n\nZ\n  Zoë\n\nΑ\n  Αλέξης\n\nБ\n  Борис\n\nИ\n  Иван\n")
        // Only what the data has: Latin alone adds nothing, and the locale's own alphabet is no extra.
        let latin = try SectionSortCommand.run(["-l", "en_US", "--index-locales", "auto", "--emit-keys"], stdin: "Anna\n")
        #expect(latin.stdout.contains("\"indexLocales\": null"), "\(latin.stdout)")
        let russian = try SectionSortCommand.run(["-l", "ru", "--index-locales", "auto", "--emit-keys"], stdin: input)
        #expect(russian.stdout.contains("\"indexLocales\": \"el\""), "\(russian.stdout)")
        // Listed locales stay, and auto adds the others.
        let listed = try SectionSortCommand.run(["-l", "en_US", "--index-locales", "el,auto", "--emit-keys"], stdin: input)
        #expect(listed.stdout.contains("\"indexLocales\": \"el,ru\""), "\(listed.stdout)")

        // The example contacts: a CSV column, and the same sections as the locales listed by hand.
        let contacts = ["-f", "csv", "-k", "last_name", "-l", "en_US", "-F", "json", "Examples/contacts.csv"]
        let automatic = try SectionSortCommand.run(contacts + ["--index-locales", "auto"])
        let byHand = try SectionSortCommand.run(contacts + ["--index-locales", "ru,el,ja,ko"])
        #expect(automatic.status == 0 && automatic.stdout == byHand.stdout, "\(automatic.stderr)")
        let titles = sections(try jsonObject(automatic.stdout)).map(\.0)
        #expect(titles.contains("Α") && titles.contains("И") && titles.contains("ㄱ"), "\(titles)")
    }

    /// The key identity holds the locales chosen, so --from-keys titles as the run did.
    @Test func automaticChoiceSurvivesKeysMadeApart() throws {
        let input = "Иван\nAnna\nΑλέξης\n"
        let keys = try SectionSortCommand.run(["-l", "en_US", "--index-locales", "auto", "--emit-keys"], stdin: input)
        #expect(keys.stdout.contains("\"indexLocales\": \"ru,el\""), "\(keys.stdout)")
        let sorted = keys.stdout.split(separator: "\n").map(String.init).sorted { Array($0.utf8).lexicographicallyPrecedes($1.utf8) }
        let fromKeys = try SectionSortCommand.run(["--from-keys"], stdin: sorted.joined(separator: "\n") + "\n")
        #expect(fromKeys.status == 0 && fromKeys.stdout == "A\n  Anna\n\nΑ\n  Αλέξης\n\nИ\n  Иван\n", "\(fromKeys.stderr)")
    }

    /// Sorted runs need the collation before the first of them: the first batch decides, and a
    /// script that first appears later goes under "#". -m reads the first batch of every input.
    @Test func automaticChoiceReadsTheFirstBatch() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sectionsort-auto-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let latin = (0..<40_000).map { "Name \($0)" }
        let file = directory.appendingPathComponent("names.txt")
        try (["Иван"] + latin + ["Αλέξης"]).joined(separator: "\n").appending("\n").write(to: file, atomically: true, encoding: .utf8)
        let flags = ["-l", "en_US", "--index-locales", "auto", "-F", "json"]
        let whole = try SectionSortCommand.run(flags + [file.path])
        #expect(Set(sections(try jsonObject(whole.stdout)).map(\.0)).isSuperset(of: ["Α", "И"]), "in memory, every record counts")
        let runs = try SectionSortCommand.run(["-v", "-S", "1M"] + flags + [file.path])
        #expect(runs.status == 0 && runs.stderr.contains("merging"), "\(runs.stderr)")
        let titled = sections(try jsonObject(runs.stdout))
        #expect(titled.contains { $0.0 == "И" } && !titled.contains { $0.0 == "Α" }, "\(titled.map(\.0))")
        #expect(titled.last?.0 == "#" && titled.last?.1 == ["Αλέξης"])

        // -m: Greek only in the second input still gets its letters, and the merge is checked.
        let parts = [("a.txt", "Anna\nИван\n"), ("b.txt", "Bo\nΑλέξης\n")].map { name, text in
            let url = directory.appendingPathComponent(name)
            try? text.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
        let merged = try SectionSortCommand.run(["-l", "en_US", "--index-locales", "auto", "-m"] + parts)
        #expect(merged.status == 0 && merged.stdout == "A\n  Anna\n\nB\n  Bo\n\nΑ\n  Αλέξης\n\nИ\n  Иван\n", "\(merged.stderr)")
        let check = try SectionSortCommand.run(["-l", "en_US", "--index-locales", "auto", "-c", "-"], stdin: "Anna\nИван\nБорис\n")
        #expect(check.status == 1 && check.stderr.contains("<stdin>:3"), "Б sorts before И: \(check.stderr)")
    }
}
