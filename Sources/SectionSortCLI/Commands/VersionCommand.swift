/// `--version`: sectionsort's, ICU's and the collation's versions, in words or (with
/// `--format json`) as the identity that `--emit-keys` writes for these options.
struct VersionCommand: Command {
    let options: CommandLineOptions

    func run() throws(CLIError) {
        let collation = try CommandContext.makeCollation(options.ordering)
        let identity = KeyIdentity(collation: collation, ordering: options.ordering, header: nil)
        let output = BufferedOutput()
        if options.outputFormat == .json {
            try output.write(identity.json + "\n")
        } else {
            try output.write("sectionsort \(Version.number)\n")
            try output.write("ICU \(identity.version.icu), Unicode Collation Algorithm \(identity.version.uca)\n")
            try output.write(
                "collation: locale \(collation.locale) (asked: \(collation.requestedLocale)), collator version \(identity.version.collator)\n"
            )
        }
        try output.flush()
    }
}
