/// What a command line asks sectionsort to do, besides `--help` and `--version`: the commands
/// that options may belong to (``OptionSpec/commands``).
enum CommandKind: String, CaseIterable, Sendable {
    /// Alphabetical sections (the default).
    case sections
    /// `--by date`.
    case dateSections
    /// `--emit-keys`.
    case emitKeys
    /// `--from-keys`.
    case fromKeys
    /// `-c`, `--check` and `-C`.
    case check
    /// `-m`, `--merge`.
    case merge

    /// The command in words, for messages.
    var description: String {
        switch self {
        case .sections: "alphabetical sections"
        case .dateSections: "--by date"
        case .emitKeys: "--emit-keys"
        case .fromKeys: "--from-keys"
        case .check: "--check"
        case .merge: "--merge"
        }
    }

    /// Every command.
    static let all = Set(allCases)
    /// The commands that read records in an input format (all but `--from-keys`).
    static let readingRecords: Set<CommandKind> = [.sections, .dateSections, .emitKeys, .check, .merge]
    /// The commands that order records alphabetically.
    static let alphabetical: Set<CommandKind> = [.sections, .emitKeys, .check, .merge]
    /// The commands that write sections.
    static let writingSections: Set<CommandKind> = [.sections, .dateSections, .fromKeys, .merge]
}
