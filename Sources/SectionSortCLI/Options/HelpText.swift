/// `sectionsort --help`, made from the option table.
enum HelpText {
    static let usage = "sectionsort [OPTION]... [FILE]..."

    static let summary =
        "Sort records into locale-aware alphabetical sections (A…Z, the locale's own letters, #), or into date sections, with ICU's collation (its exact sort keys, from data built into the tool), all cores, and one collation key per record."

    static let inputs = "With no FILE, or when FILE is -, read standard input. Several files are read in order."

    static let exitStatus =
        "Exit status: 0 success, 1 --check found a record out of order, 64 usage error, 65 bad input data, 66 input not found, 70 internal error, 74 read or write error; on SIGHUP, SIGINT, SIGQUIT, SIGTERM or a broken pipe, the temporary files are removed and the program dies of the signal."

    /// The column where option descriptions start, and the width lines are wrapped at.
    private static let descriptionColumn = 29
    private static let width = 100

    static var text: String {
        var lines = ["Usage: \(usage)"]
        lines += wrap(summary, width: width)
        lines.append("")
        lines += wrap(inputs, width: width)
        for group in OptionSpec.Group.allCases {
            lines.append("")
            lines.append("\(group.rawValue):")
            for spec in OptionTable.all where spec.group == group {
                let names = (spec.short == nil ? "      " : "  ") + spec.synopsis
                let body = wrap(spec.help, width: width - descriptionColumn)
                let indent = String(repeating: " ", count: descriptionColumn)
                if names.count + 2 <= descriptionColumn {
                    lines.append(names + String(repeating: " ", count: descriptionColumn - names.count) + body[0])
                    lines += body.dropFirst().map { indent + $0 }
                } else {
                    lines.append(names)
                    lines += body.map { indent + $0 }
                }
            }
        }
        lines.append("")
        lines += wrap(exitStatus, width: width)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` in lines of at most `width` characters, broken at spaces.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + [line]
    }
}
