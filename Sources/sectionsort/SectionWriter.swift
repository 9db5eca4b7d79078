import SectionSort

/// Writes a sectioned list of records in one of the output formats, record by record.
struct SectionWriter {
    let records: RecordSet
    let inputFormat: CommandLineOptions.InputFormat
    let output: BufferedOutput

    func write(_ list: SectionedList<Int>, format: CommandLineOptions.OutputFormat, locale: String) throws(CLIError) {
        switch format {
        case .text: try writeText(list)
        case .json: try writeJSON(list, locale: locale)
        case .jsonl: try writeJSONLines(list)
        case .csv: try writeCSV(list)
        }
        try output.flush()
    }

    private func raw(_ index: Int) throws(CLIError) {
        try records.withBytes(of: index) { (bytes) throws(CLIError) in try output.write(bytes) }
    }

    /// The record as a JSON value: JSON Lines records are objects already; others become strings.
    private func json(_ index: Int) throws(CLIError) {
        if inputFormat == .jsonl { return try raw(index) }
        try output.write(records.withBytes(of: index) { OutputEncoding.jsonString($0) })
    }

    private func writeText(_ list: SectionedList<Int>) throws(CLIError) {
        for (position, section) in list.enumerated() {
            if position > 0 { try output.write(byte: 0x0A) }
            try output.write(section.title + "\n")
            for record in section {
                try output.write("  ")
                try raw(record)
                try output.write(byte: 0x0A)
            }
        }
    }

    private func writeJSON(_ list: SectionedList<Int>, locale: String) throws(CLIError) {
        try output.write("{\"locale\": \(OutputEncoding.jsonString(locale)), \"indexTitles\": [")
        try output.write(list.indexTitles.map(OutputEncoding.jsonString).joined(separator: ", "))
        try output.write("], \"sections\": [")
        for (position, section) in list.enumerated() {
            try output.write(position == 0 ? "\n" : ",\n")
            try output.write("  {\"title\": \(OutputEncoding.jsonString(section.title)), \"items\": [")
            for (row, record) in section.enumerated() {
                try output.write(row == 0 ? "\n    " : ",\n    ")
                try json(record)
            }
            try output.write(section.isEmpty ? "]}" : "\n  ]}")
        }
        try output.write(list.isEmpty ? "]}\n" : "\n]}\n")
    }

    private func writeJSONLines(_ list: SectionedList<Int>) throws(CLIError) {
        for section in list {
            let title = OutputEncoding.jsonString(section.title)
            for record in section {
                try output.write("{\"section\": \(title), \"record\": ")
                try json(record)
                try output.write("}\n")
            }
        }
    }

    private func writeCSV(_ list: SectionedList<Int>) throws(CLIError) {
        let delimiter = inputFormat == .tsv ? "\t" : ","
        switch inputFormat {
        case .csv, .tsv:
            if let header = records.header {
                try header.withUnsafeBufferPointer { (bytes) throws(CLIError) in try output.write(bytes) }
            }
            try output.write(delimiter + "section\n")
        case .lines: try output.write("line,section\n")
        case .jsonl: try output.write("record,section\n")
        }
        for section in list {
            let title = OutputEncoding.csvField(section.title, delimiter: Character(delimiter))
            for record in section {
                switch inputFormat {
                case .csv, .tsv: try raw(record)
                case .lines, .jsonl:
                    try output.write(records.withBytes(of: record) { OutputEncoding.csvField(String(decoding: $0, as: UTF8.self)) })
                }
                try output.write(delimiter + title + "\n")
            }
        }
    }
}
