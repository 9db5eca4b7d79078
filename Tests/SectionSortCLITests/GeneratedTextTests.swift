import Foundation
import Testing

@testable import SectionSortCLI

/// `--help`, the man page, the completions and the CLI guide's option reference all come from the
/// option table; these tests hold the checked-in copies to what the binary writes. After a
/// deliberate change, `scripts/generate-cli-docs` rewrites the copies (it runs these tests with
/// `SECTIONSORT_REGENERATE=1`); review the difference before committing it.
struct GeneratedTextTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let regenerating = ProcessInfo.processInfo.environment["SECTIONSORT_REGENERATE"] == "1"

    /// Compares `actual` with the file at `path` (from the repository's root), or rewrites the file.
    static func expectCurrent(_ actual: String, in path: String, what: String) throws {
        let url = root.appendingPathComponent(path)
        if regenerating { try actual.write(to: url, atomically: true, encoding: .utf8) }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(actual == expected, "\(what) differs from \(path): run scripts/generate-cli-docs and review the difference")
    }

    @Test func helpSnapshot() throws {
        let help = try SectionSortCommand.run(["--help"])
        #expect(help.status == 0 && help.stderr.isEmpty)
        try Self.expectCurrent(help.stdout, in: "Tests/Snapshots/help.txt", what: "sectionsort --help")
    }

    @Test func manPageIsCurrent() throws {
        let page = try SectionSortCommand.run(["--generate-manpage"])
        #expect(page.status == 0 && page.stderr.isEmpty)
        try Self.expectCurrent(page.stdout, in: "Documentation/sectionsort.1", what: "sectionsort --generate-manpage")
    }

    /// The man page is ASCII (other characters named as troff names them) and troff reads it
    /// without a warning, where groff is installed.
    @Test func manPageIsCleanRoff() throws {
        let page = ManPage.text
        let isASCII = page.unicodeScalars.allSatisfy(\.isASCII)
        #expect(isASCII, "characters past ASCII are named, as \\[u00C5]")
        guard let groff = ["/usr/bin/groff", "/opt/homebrew/bin/groff"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            return
        }
        let checked = try SectionSortCommand.runProcess(
            URL(fileURLWithPath: groff), ["-man", "-Tutf8", "-ww", "-z"], input: Array(page.utf8))
        #expect(checked.status == 0 && checked.stderr.isEmpty, "\(checked.stderr)")
    }

    /// The option reference of Documentation/CLI.md is the table's, between its markers.
    @Test func guideReferenceIsCurrent() throws {
        let url = Self.root.appendingPathComponent("Documentation/CLI.md")
        let guide = try String(contentsOf: url, encoding: .utf8)
        let begin = "<!-- options: begin -->\n", end = "<!-- options: end -->"
        let start = try #require(guide.range(of: begin), "CLI.md has the begin marker")
        let stop = try #require(guide.range(of: end), "CLI.md has the end marker")
        let current = String(guide[start.upperBound..<stop.lowerBound])
        if Self.regenerating {
            try (guide[..<start.upperBound] + OptionReference.markdown + guide[stop.lowerBound...]).write(
                to: url, atomically: true, encoding: .utf8)
        } else {
            #expect(current == OptionReference.markdown, "CLI.md's option reference is stale: run scripts/generate-cli-docs")
        }
    }

    /// Every option of the table is in every text made from it, under each of its names.
    @Test func everyOptionIsInEveryText() throws {
        let help = HelpText.text, page = ManPage.text
        let scripts = Completions.Shell.allCases.map(Completions.script(for:))
        for spec in OptionTable.all {
            #expect(help.contains(spec.synopsis), "--help lists \(spec.synopsis)")
            if let long = spec.long {
                #expect(page.contains("\\-\\-" + ManPage.escape(long)), "the man page lists --\(long)")
                for script in scripts { #expect(script.contains(long), "completions offer --\(long)") }
                #expect(OptionReference.markdown.contains("--\(long)"), "the guide lists --\(long)")
            }
        }
    }

    /// Each shell accepts its script (where the shell is installed).
    @Test func completionScriptsParse() throws {
        for (shell, check) in [("bash", ["-n"]), ("zsh", ["-n"]), ("fish", ["--no-execute"])] {
            guard let path = ["/bin/\(shell)", "/usr/bin/\(shell)"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
                continue
            }
            let script = try SectionSortCommand.run(["--completions", shell])
            #expect(script.status == 0 && !script.stdout.isEmpty)
            let checked = try SectionSortCommand.runProcess(URL(fileURLWithPath: path), check, input: Array(script.stdout.utf8))
            #expect(checked.status == 0, "\(shell) refuses its completions: \(checked.stderr)")
        }
        let unknown = try SectionSortCommand.run(["--completions", "csh"])
        #expect(unknown.status == 64 && unknown.stderr.contains("bash, zsh or fish"))
    }

    /// The man page's examples run, from the repository's root, with the built sectionsort first
    /// on PATH.
    @Test func manPageExamplesRun() throws {
        let products = SectionSortCommand.executable.deletingLastPathComponent().path
        for example in ManPage.examples {
            let shell = Process()
            shell.executableURL = URL(fileURLWithPath: "/bin/sh")
            shell.arguments = ["-c", "set -e; " + example.command + " > /dev/null"]
            shell.currentDirectoryURL = Self.root
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] = products + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            shell.environment = environment
            let error = Pipe()
            try SectionSortCommand.whileLaunching {
                shell.standardError = error
                try shell.run()
            }
            let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            shell.waitUntilExit()
            #expect(shell.terminationStatus == 0, "\(example.command): \(message)")
        }
    }

    /// The version follows CHANGELOG.md: "X-dev" while its first section is "Unreleased (X)", else
    /// that section's version; the key identity and `--version` say the same.
    @Test func versionFollowsTheChangelog() throws {
        let changelog = try String(contentsOf: Self.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let heading = try #require(changelog.split(separator: "\n").first { $0.hasPrefix("## ") })
        let expected: String
        if let open = heading.firstIndex(of: "("), heading.hasPrefix("## Unreleased") {
            expected = heading[heading.index(after: open)...].prefix { $0 != ")" } + "-dev"
        } else {
            expected = String(heading.dropFirst(3).prefix { $0 != " " })
        }
        #expect(Version.number == expected, "CHANGELOG's \(heading) gives \(expected)")
        let words = try SectionSortCommand.run(["--version"])
        #expect(words.stdout.hasPrefix("sectionsort \(expected)\n"))
        let identity = try SectionSortCommand.run(["--version", "-F", "json"])
        #expect(identity.stdout.hasPrefix("{\"sectionsort\": \"\(expected)\""))
    }
}
