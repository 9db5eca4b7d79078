/// One thing sectionsort does: sections, date sections, emit keys, from keys, check, merge, help or
/// version. `main.swift` resolves the options, picks the command and runs it; each command reports
/// progress and `--verbose`'s phase times the same way (``CommandContext``).
protocol Command {
    func run() throws(CLIError)
}
