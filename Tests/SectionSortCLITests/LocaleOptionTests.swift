import Foundation
import Testing

/// Which locale the CLI collates in, and which it refuses.
@Suite struct LocaleOptionTests {
    @Test func localesWhoseCollationIsTheRootCollationSection() throws {
        for locale in ["eu", "gd", "so", "mi", "qu", "jv", "su", "sd", "ckb"] {
            let result = try SectionSortCommand.run(["--locale", locale], stdin: "zebra\nApa\n")
            #expect(result.status == 0, "\(locale): \(result.stderr)")
            #expect(result.stdout == "A\n  Apa\n\nZ\n  zebra\n", "\(locale)")
        }
    }

    @Test func dateModeRefusesALocaleICUHasNoDataFor() throws {
        let result = try SectionSortCommand.run(
            ["--by", "date", "--locale", "xx_YY", "--time-zone", "UTC"],
            stdin: "2026-11-23T10:00:00Z\n")
        #expect(result.status == 64)
        #expect(result.stderr.contains("unknown locale 'xx_YY'"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let known = try SectionSortCommand.run(
            ["--by", "date", "--locale", "eu", "--time-zone", "UTC"],
            stdin: "2026-11-23T10:00:00Z\n")
        #expect(known.status == 0, "\(known.stderr)")
    }

    @Test func lcAllDecidesBeforeLangAndCMeansTheDefault() throws {
        let input = "Öberg\nZeta\n"
        let swedish = "Z\n  Zeta\n\nÖ\n  Öberg\n"
        let english = "O\n  Öberg\n\nZ\n  Zeta\n"
        let cases: [([String: String], String)] = [
            (["LANG": "sv_SE.UTF-8"], swedish),
            (["LC_ALL": "C", "LANG": "sv_SE.UTF-8"], english),
            (["LC_ALL": "POSIX", "LC_COLLATE": "sv_SE.UTF-8"], english),
            (["LC_COLLATE": "sv_SE.UTF-8", "LANG": "C"], swedish),
            (["LC_ALL": "", "LANG": "sv_SE.UTF-8"], swedish),
            (["LC_ALL": "C.UTF-8", "LANG": "sv_SE.UTF-8"], english),
        ]
        for (environment, expected) in cases {
            let result = try SectionSortCommand.run([], stdin: input, environment: environment)
            #expect(result.status == 0)
            #expect(result.stdout == expected, "\(environment)")
        }
    }
}
