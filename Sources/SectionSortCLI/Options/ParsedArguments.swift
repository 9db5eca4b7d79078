/// A command line as it was typed: the options in order, each with its value, and the operands
/// (the files). Nothing is checked here but the names and whether a value is there or not;
/// ``CommandLineOptions/resolve(_:environment:)`` makes a command of it.
struct ParsedArguments {
    struct Given {
        let spec: OptionSpec
        /// The value, for options that take one.
        let value: String?
        /// The name as typed (`-k`, `--key`), for messages.
        let name: String
    }

    private(set) var options: [Given] = []
    private(set) var operands: [String] = []

    /// Parses `arguments` (without the program name), GNU style: long options as `--name value` or
    /// `--name=value` (or any unambiguous start of the name); short options clustered (`-in`), with
    /// their value next or attached (`-kname`, `-k name`); `--` ends the options, `-` alone is
    /// standard input.
    static func parse(_ arguments: [String]) throws(CLIError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        func nextValue(for name: String) throws(CLIError) -> String {
            index += 1
            guard index < arguments.count else { throw .usage("option '\(Echo.bounded(name))' needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            defer { index += 1 }
            let argument = arguments[index]
            if argument == "--" {
                parsed.operands += arguments[(index + 1)...]
                break
            }
            if argument == "-" || !argument.hasPrefix("-") {
                parsed.operands.append(argument)
                continue
            }
            if argument.hasPrefix("--") {
                var name = String(argument.dropFirst(2)), inline: String?
                if let equals = name.firstIndex(of: "=") {
                    inline = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
                let spec = try longOption(name)
                let typed = "--\(spec.long!)"
                if spec.kind.takesValue {
                    var value = inline
                    if value == nil { value = try nextValue(for: typed) }
                    parsed.options.append(Given(spec: spec, value: value, name: typed))
                } else {
                    if inline != nil { throw .usage("option '\(typed)' takes no value") }
                    parsed.options.append(Given(spec: spec, value: nil, name: typed))
                }
                continue
            }
            // A cluster of short options: each a flag, until one that takes a value, which is the
            // rest of the argument or the next one.
            var letters = Substring(argument.dropFirst())
            while let letter = letters.first {
                letters = letters.dropFirst()
                guard let spec = OptionTable.byShort[letter] else { throw .usage("unknown option '-\(Echo.bounded(String(letter)))'") }
                let typed = "-\(letter)"
                if spec.kind.takesValue {
                    let value = letters.isEmpty ? try nextValue(for: typed) : String(letters)
                    parsed.options.append(Given(spec: spec, value: value, name: typed))
                    break
                }
                parsed.options.append(Given(spec: spec, value: nil, name: typed))
            }
        }
        return parsed
    }

    /// The option whose long name is `name`, or the only one that starts with it.
    private static func longOption(_ name: String) throws(CLIError) -> OptionSpec {
        if let spec = OptionTable.byLong[name] { return spec }
        let candidates = name.isEmpty ? [] : OptionTable.all.filter { $0.long?.hasPrefix(name) ?? false }
        if candidates.count == 1 { return candidates[0] }
        if candidates.count > 1 {
            throw .usage(
                "option '--\(Echo.bounded(name))' is ambiguous: \(candidates.map(\.displayName).joined(separator: ", "))")
        }
        throw .usage("unknown option '--\(Echo.bounded(name))'")
    }

    /// Whether `id` was given.
    func has(_ id: OptionID) -> Bool { options.contains { $0.spec.id == id } }

    /// The last value given for `id` (a later option wins, as in sort(1)).
    func value(_ id: OptionID) -> String? { options.last { $0.spec.id == id }?.value }

    /// The name `id` was typed as, last.
    func name(_ id: OptionID) -> String? { options.last { $0.spec.id == id }?.name }
}
