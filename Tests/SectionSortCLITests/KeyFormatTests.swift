import Testing

/// Key streams name what changes their keys or titles.
@Suite struct KeyFormatTests {
    @Test func aStreamOfTheFormatBeforeTheNewSettingsIsRefused() throws {
        // Format 2 had no field for --index-locales: read as this format, its section numbers
        // could name other titles.
        let identity = "#sectionsort-keys\t{\"sectionsort\": \"0.1.0\", \"keyFormat\": 2}\n"
        let result = try SectionSortCommand.run(["--from-keys"], stdin: identity)
        #expect(result.status == 65 && result.stderr.contains("key format 2"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
