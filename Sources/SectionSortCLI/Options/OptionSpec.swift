/// One option of the command line, declared once: parsing, `--help`, the man page, the shell
/// completions and the checks of which commands take it all read this declaration
/// (``OptionTable``).
struct OptionSpec: Sendable {
    /// What follows the option's name.
    enum Kind: Sendable, Equatable {
        /// No value: `--ignore-case`.
        case flag
        /// A value from a fixed list: `--format json`.
        case choice([String])
        /// Free text, a number or a size, checked when the command is resolved.
        case text
        /// A path, which shells complete as one.
        case file
        case directory
        /// A program's name, which shells complete from the commands on `PATH`.
        case program

        var takesValue: Bool { self != .flag }
    }

    /// The headings of `--help` and the man page, in this order.
    enum Group: String, CaseIterable, Sendable {
        case commands = "Commands"
        case input = "Input"
        case ordering = "Ordering"
        case dates = "Dates"
        case filtering = "Filtering"
        case output = "Output"
        case running = "Running"
        case information = "Information"
    }

    let id: OptionID
    /// The one-letter name, without its dash.
    let short: Character?
    /// The long name, without its dashes.
    let long: String?
    /// What `--help` calls the value (`FORMAT`); nil for flags.
    let valueName: String?
    let group: Group
    /// One paragraph: `--help` and the man page wrap it.
    let help: String
    let kind: Kind
    /// The commands that accept the option; giving it to another is a usage error.
    let commands: Set<CommandKind>
    /// Whether the key records' identity holds this option, so that `--from-keys` takes it from
    /// there and refuses it on its command line.
    let fromKeyIdentity: Bool
    /// Whether the option may be given more than once (each value kept, in order).
    let repeatable: Bool

    init(
        _ id: OptionID, short: Character? = nil, long: String?, value valueName: String? = nil, group: Group,
        kind: Kind = .flag, commands: Set<CommandKind>, fromKeyIdentity: Bool = false, repeatable: Bool = false, help: String
    ) {
        self.id = id
        self.short = short
        self.long = long
        self.valueName = valueName
        self.group = group
        self.help = help
        self.kind = kind
        self.commands = commands
        self.fromKeyIdentity = fromKeyIdentity
        self.repeatable = repeatable
    }

    /// The name a message uses: the long one where there is one.
    var displayName: String { long.map { "--\($0)" } ?? "-\(short!)" }

    /// `-f, --input-format FORMAT`, as `--help` lists it.
    var synopsis: String {
        var names: [String] = []
        if let short { names.append("-\(short)") }
        if let long { names.append("--\(long)") }
        return names.joined(separator: ", ") + (valueName.map { " \($0)" } ?? "")
    }
}
