/// The option reference of `Documentation/CLI.md` (between its `options:` markers), made from the
/// option table; a test keeps the guide's copy current.
enum OptionReference {
    static var markdown: String {
        var lines: [String] = []
        for group in OptionSpec.Group.allCases {
            lines += ["", "**\(group.rawValue)**", "", "| option | for | meaning |", "|---|---|---|"]
            for spec in OptionTable.all where spec.group == group {
                let takers =
                    spec.commands == CommandKind.all
                    ? "all" : CommandKind.allCases.filter(spec.commands.contains).map(\.description).joined(separator: ", ")
                var names = "`\(spec.synopsis)`"
                if case .choice(let values) = spec.kind { names += " (\(values.joined(separator: ", ")))" }
                lines.append("| \(escape(names)) | \(escape(takers)) | \(escape(spec.help)) |")
            }
        }
        return lines.dropFirst().joined(separator: "\n") + "\n"
    }

    /// `text` inside a table cell: its bars escaped.
    private static func escape(_ text: String) -> String {
        text.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
    }
}
