import SectionSort

import Foundation

/// What kind of sections are written, for the formats that say so.
enum SectionContext {
    case alphabetical(locale: String)
    case dates(timeZone: TimeZone, unit: DateUnit)
}

/// Writes a sectioned list of records in one of the output formats, record by record.
struct SectionWriter {
    let records: RecordSet
    let inputFormat: CommandLineOptions.InputFormat
    let output: BufferedOutput

    func write(_ list: SectionedList<Int>, format: CommandLineOptions.OutputFormat, context: SectionContext) throws(CLIError) {
        try records.bytes.withUnsafeBufferPointer { (all) throws(CLIError) in
            let writer = Bound(all: all, spans: records.spans, output: output, inputFormat: inputFormat)
            switch format {
            case .text: try writer.writeText(list)
            case .json: try writer.writeJSON(list, context: context)
            case .jsonl: try writer.writeJSONLines(list)
            case .csv: try writer.writeCSV(list, header: records.header)
            }
        }
        try output.flush()
    }
}

/// The writer with the records' bytes in hand, for the duration of one write.
private struct Bound {
    let all: UnsafeBufferPointer<UInt8>
    let spans: [Range<Int>]
    let output: BufferedOutput
    let inputFormat: CommandLineOptions.InputFormat

    private func bytes(_ index: Int) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: all[spans[index]]) }

    private func raw(_ index: Int) throws(CLIError) { try output.write(bytes(index)) }

    /// The record as a JSON value: JSON Lines records are objects already; others become strings.
    private func json(_ index: Int) throws(CLIError) {
        if inputFormat == .jsonl { return try raw(index) }
        try output.write(OutputEncoding.jsonString(bytes(index)))
    }

    func writeText(_ list: SectionedList<Int>) throws(CLIError) {
        for (position, section) in list.enumerated() {
            if position > 0 { try output.write(byte: 0x0A) }
            try output.write(section.title + (section.period.map { "  " + $0.header } ?? "") + "\n")
            for record in section {
                try output.write(byte: 0x20)
                try output.write(byte: 0x20)
                try raw(record)
                try output.write(byte: 0x0A)
            }
        }
    }

    func writeJSON(_ list: SectionedList<Int>, context: SectionContext) throws(CLIError) {
        var zone: TimeZone?
        switch context {
        case .alphabetical(let locale):
            try output.write("{\"locale\": \(OutputEncoding.jsonString(locale)), \"indexTitles\": [")
            try output.write(list.indexTitles.map(OutputEncoding.jsonString).joined(separator: ", "))
            try output.write("], \"sections\": [")
        case .dates(let timeZone, let unit):
            zone = timeZone
            try output.write("{\"timeZone\": \(OutputEncoding.jsonString(timeZone.identifier)), \"unit\": \"\(unit.rawValue)\", \"sections\": [")
        }
        for (position, section) in list.enumerated() {
            try output.write(position == 0 ? "\n" : ",\n")
            try output.write("  {\"title\": \(OutputEncoding.jsonString(section.title)), ")
            if let period = section.period, let zone {
                try output.write("\"start\": \"\(Timestamp.format(period.start, in: zone))\", \"header\": \(OutputEncoding.jsonString(period.header)), ")
            }
            try output.write("\"items\": [")
            for (row, record) in section.enumerated() {
                try output.write(row == 0 ? "\n    " : ",\n    ")
                try json(record)
            }
            try output.write(section.isEmpty ? "]}" : "\n  ]}")
        }
        try output.write(list.isEmpty ? "]}\n" : "\n]}\n")
    }

    func writeJSONLines(_ list: SectionedList<Int>) throws(CLIError) {
        for section in list {
            let title = OutputEncoding.jsonString(section.title)
            for record in section {
                try output.write("{\"section\": \(title), \"record\": ")
                try json(record)
                try output.write("}\n")
            }
        }
    }

    func writeCSV(_ list: SectionedList<Int>, header: [UInt8]?) throws(CLIError) {
        let delimiter = inputFormat == .tsv ? "\t" : ","
        switch inputFormat {
        case .csv, .tsv:
            if let header {
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
                    try output.write(OutputEncoding.csvField(String(decoding: bytes(record), as: UTF8.self)))
                }
                try output.write(delimiter + title + "\n")
            }
        }
    }
}
