/// `--help`, `--generate-manpage` and `--completions SHELL`: a text made from the option table,
/// written to standard output.
struct HelpCommand: Command {
    let text: String

    func run() throws(CLIError) {
        // Through the checked output, so that `--help > /dev/full` fails as a write error.
        let output = BufferedOutput()
        try output.write(text)
        try output.flush()
    }
}
