import Foundation
import SectionSort

/// What kind of sections are written, for the formats that say so.
enum SectionContext {
    case alphabetical(locale: String, indexTitles: [String])
    case dates(timeZone: TimeZone, unit: DateUnit)
}

/// Writes sections of records in one of the output formats as they come: a section is started,
/// its records follow one by one, and nothing but the current section's title is kept.
final class SectionWriter {
    private let output: BufferedOutput
    private let format: CommandLineOptions.OutputFormat
    private let inputFormat: CommandLineOptions.InputFormat
    private let context: SectionContext
    private var sectionCount = 0
    private var itemsInSection = 0
    /// How the current section's records are written.
    private(set) var renderer: RecordRenderer
    /// Threads that render records at once (``write(_:of:cuttingAt:prepare:prefetch:span:)``).
    private let threads: Int

    init(
        output: BufferedOutput, format: CommandLineOptions.OutputFormat, inputFormat: CommandLineOptions.InputFormat,
        context: SectionContext, header: [UInt8]?, threads: Int = 1
    ) throws(CLIError) {
        self.output = output
        self.threads = max(1, threads)
        self.format = format
        self.inputFormat = inputFormat
        self.context = context
        renderer = RecordRenderer(format: format, inputFormat: inputFormat, encodedTitle: "")
        try begin(header: header)
    }

    private var delimiter: String { inputFormat == .tsv ? "\t" : "," }

    private func begin(header: [UInt8]?) throws(CLIError) {
        switch format {
        case .text, .jsonl: break
        case .plain:
            // The records alone, but a table keeps its header: the output is an input of the
            // same format again (for --check, --merge or another sort).
            if let header, inputFormat == .csv || inputFormat == .tsv {
                try header.withUnsafeBufferPointer { (bytes) throws(CLIError) in try output.write(bytes) }
                try output.write(byte: 0x0A)
            }
        case .json:
            switch context {
            case .alphabetical(let locale, let indexTitles):
                try output.write("{\"locale\": \(OutputEncoding.jsonString(locale)), \"indexTitles\": [")
                try output.write(indexTitles.map(OutputEncoding.jsonString).joined(separator: ", "))
                try output.write("], \"sections\": [")
            case .dates(let timeZone, let unit):
                try output.write(
                    "{\"timeZone\": \(OutputEncoding.jsonString(timeZone.identifier)), \"unit\": \"\(unit.rawValue)\", \"sections\": [")
            }
        case .csv:
            switch inputFormat {
            case .csv, .tsv:
                // Without a header row in (--no-header), none out. Its fields are CSV fields: U+FFFD
                // for what --lossy let in.
                guard let header else { break }
                var valid: [UInt8] = []
                header.withUnsafeBufferPointer { OutputEncoding.appendValidUTF8($0, to: &valid) }
                try valid.withUnsafeBufferPointer { (bytes) throws(CLIError) in try output.write(bytes) }
                try output.write(delimiter + "section\n")
            case .lines: try output.write("line,section\n")
            case .jsonl: try output.write("record,section\n")
            }
        }
    }

    /// Starts a section; its records follow.
    func startSection(title: String, period: DatePeriod? = nil) throws(CLIError) {
        try endSection()
        switch format {
        case .text:
            if sectionCount > 0 { try output.write(byte: 0x0A) }
            try output.write(title + (period.map { "  " + $0.header } ?? "") + "\n")
        case .plain: break
        case .json:
            try output.write(sectionCount == 0 ? "\n" : ",\n")
            try output.write("  {\"title\": \(OutputEncoding.jsonString(title)), ")
            if let period, case .dates(let zone, _) = context {
                try output.write(
                    "\"start\": \"\(Timestamp.format(period.start, in: zone))\", \"header\": \(OutputEncoding.jsonString(period.header)), ")
            }
            try output.write("\"items\": [")
        case .jsonl, .csv: renderer = renderer(forSectionTitled: title)
        }
        sectionCount += 1
        itemsInSection = 0
    }

    /// How the records of the section titled `title` are written, for threads that render a
    /// section before it is started.
    func renderer(forSectionTitled title: String) -> RecordRenderer {
        var renderer = self.renderer
        switch format {
        case .text, .plain, .json: break
        case .jsonl: renderer.encodedTitle = OutputEncoding.jsonString(title)
        case .csv: renderer.encodedTitle = OutputEncoding.csvField(title, delimiter: Character(delimiter))
        }
        return renderer
    }

    /// Writes one record of the current section: its bytes as they were in the input.
    func write(record: UnsafeBufferPointer<UInt8>) throws(CLIError) {
        if RecordRenderer.isLong(record.count) && (format == .text || format == .plain) {
            // Written from where it is, around its framing, not copied into rendered bytes.
            if format == .text { try output.write("  ") }
            try output.write(record)
            try output.write(byte: 0x0A)
        } else if format == .text {
            // The default format, written straight to the buffer.
            try output.write(count: RecordRenderer.textSize(ofRecord: record.count)) { _ = RecordRenderer.writeText(record, at: $0) }
        } else {
            var text: [UInt8] = []
            renderer.append(record, isFirstInSection: itemsInSection == 0, to: &text)
            try text.withUnsafeBufferPointer { (bytes) throws(CLIError) in try output.write(bytes) }
        }
        itemsInSection += 1
    }

    /// Writes `count` records of the current section that ``renderer`` has rendered into `text`.
    func write(rendered text: [UInt8], count: Int) throws(CLIError) {
        try text.withUnsafeBufferPointer { (bytes) throws(CLIError) in try output.write(bytes) }
        itemsInSection += count
    }

    /// Writes the records at `positions` in the current section, in order, rendered by several
    /// threads (``ParallelRendering``): the record at position `p` is `bytes[span(p, bytes)]`.
    /// Each thread first calls `prepare` with its piece of positions, which starts and ends where
    /// `cut` allows (``ParallelRendering/forEachPiece(of:threads:cuttingAt:render:write:)``), then
    /// reads the piece's records in order, calling `prefetch` with the position of the piece
    /// ``ParallelRendering/prefetchDistance`` ahead of each (records scattered over `bytes` are
    /// then read while the ones before them are copied).
    ///
    /// - Complexity: O(n + m), where n is the number of positions and m the bytes written, plus
    ///   the work of `prepare`.
    func write(
        _ positions: Range<Int>, of bytes: [UInt8], cuttingAt cut: (Int) -> Int = { $0 },
        prepare: (@Sendable (_ positions: Range<Int>) -> Void)? = nil,
        prefetch: (@Sendable (_ position: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Void)? = nil,
        span: @escaping @Sendable (_ position: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>
    ) throws(CLIError) {
        // Not optional inside the loops: binding an optional closure there retains it each time.
        let distance = prefetch == nil ? Int.max / 2 : ParallelRendering.prefetchDistance, hint = prefetch ?? { _, _ in }
        let renderer = self.renderer
        let startsSection = isAtSectionStart
        try ParallelRendering.forEachPiece(of: positions, threads: threads, cuttingAt: cut) { range in
            prepare?(range)
            return bytes.withUnsafeBufferPointer { bytes in
                var rendered = Rendered()
                if renderer.format == .text || renderer.format == .plain {
                    // Each record found once, the bytes sized first, then copied without growing
                    // an array. Records of a mebibyte or more (one longer than the memory limit,
                    // perhaps) are left out: the piece says where they go, and they are written
                    // from where they are (``write(record:)``), not copied.
                    let records = range.map { position in
                        if position + distance < range.upperBound { hint(position + distance, bytes) }
                        return span(position, bytes)
                    }
                    let framing = renderer.format == .text ? 3 : 1
                    let size = records.reduce(0) { $0 + (RecordRenderer.isLong($1.count) ? 0 : $1.count + framing) }
                    guard size > 0 else {
                        // Long records alone (an array of no bytes is not made uninitialized: that
                        // would write to the runtime's shared empty storage, which other threads read).
                        rendered.long = records.map { (0, $0) }
                        return rendered
                    }
                    rendered.text = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                        var next = buffer.baseAddress!
                        for record in records {
                            if RecordRenderer.isLong(record.count) {
                                rendered.long.append((buffer.baseAddress!.distance(to: next), record))
                            } else if framing == 3 {
                                next = RecordRenderer.writeText(UnsafeBufferPointer(rebasing: bytes[record]), at: next)
                            } else {
                                next.update(from: bytes.baseAddress! + record.lowerBound, count: record.count)
                                next[record.count] = 0x0A
                                next += record.count + 1
                            }
                        }
                        count = size
                    }
                    return rendered
                }
                rendered.text.reserveCapacity(range.count * 48)
                for position in range {
                    if position + distance < range.upperBound { hint(position + distance, bytes) }
                    renderer.append(
                        UnsafeBufferPointer(rebasing: bytes[span(position, bytes)]),
                        isFirstInSection: startsSection && position == positions.lowerBound, to: &rendered.text)
                }
                return rendered
            }
        } write: { (piece, range) throws(CLIError) in
            try piece.text.withUnsafeBufferPointer { (text) throws(CLIError) in
                var written = 0
                for (offset, record) in piece.long {
                    try output.write(UnsafeBufferPointer(rebasing: text[written..<offset]))
                    try bytes.withUnsafeBufferPointer { (bytes) throws(CLIError) in
                        try write(record: UnsafeBufferPointer(rebasing: bytes[record]))
                    }
                    written = offset
                }
                try output.write(UnsafeBufferPointer(rebasing: text[written...]))
            }
            itemsInSection += range.count - piece.long.count
        }
    }

    /// A piece of records rendered by one thread: their bytes, and where in them each long
    /// record goes (its range in the input's bytes).
    private struct Rendered {
        var text: [UInt8] = []
        var long: [(offset: Int, record: Range<Int>)] = []
    }

    /// Whether the next record would be its section's first.
    var isAtSectionStart: Bool { itemsInSection == 0 }

    /// Ends the output and flushes it.
    func finish() throws(CLIError) {
        try endSection()
        if format == .json { try output.write(sectionCount == 0 ? "]}\n" : "\n]}\n") }
        try output.flush()
    }

    private func endSection() throws(CLIError) {
        guard format == .json, sectionCount > 0, itemsInSection >= 0 else { return }
        try output.write(itemsInSection == 0 ? "]}" : "\n  ]}")
        itemsInSection = -1
    }
}

/// How one record of a section is written in an output format: a value, so that threads can
/// render records at the same time.
struct RecordRenderer: Sendable {
    let format: CommandLineOptions.OutputFormat
    let inputFormat: CommandLineOptions.InputFormat
    /// The section's title as a jsonl or csv value.
    var encodedTitle: String

    private var delimiter: UInt8 { inputFormat == .tsv ? 0x09 : 0x2C }

    /// The bytes a record takes in the text format: two spaces, the record and a line feed.
    static func textSize(ofRecord count: Int) -> Int { count + 3 }

    /// Whether a record of `count` bytes is written from where it is rather than copied into
    /// rendered bytes (``MemoryPlan/longRecord``), in the formats that write records as they are
    /// (text and plain).
    static func isLong(_ count: Int) -> Bool { count >= MemoryPlan.longRecord }

    /// Writes `record` at `start` as the text format does and returns where the next one goes.
    static func writeText(_ record: UnsafeBufferPointer<UInt8>, at start: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        start[0] = 0x20
        start[1] = 0x20
        if let base = record.baseAddress { (start + 2).update(from: base, count: record.count) }
        start[record.count + 2] = 0x0A
        return start + record.count + 3
    }

    /// Appends `record` as the output format writes it.
    func append(_ record: UnsafeBufferPointer<UInt8>, isFirstInSection: Bool, to text: inout [UInt8]) {
        switch format {
        case .text:
            text.append(0x20)
            text.append(0x20)
            text.append(contentsOf: record)
            text.append(0x0A)
        case .plain:
            text.append(contentsOf: record)
            text.append(0x0A)
        case .json:
            text.append(contentsOf: (isFirstInSection ? "\n    " : ",\n    ").utf8)
            appendJSONValue(record, to: &text)
        case .jsonl:
            text.append(contentsOf: "{\"section\": ".utf8)
            text.append(contentsOf: encodedTitle.utf8)
            text.append(contentsOf: ", \"record\": ".utf8)
            appendJSONValue(record, to: &text)
            text.append(contentsOf: "}\n".utf8)
        case .csv:
            switch inputFormat {
            // A row of the input is CSV fields already; --lossy's invalid bytes become U+FFFD.
            case .csv, .tsv: OutputEncoding.appendValidUTF8(record, to: &text)
            case .lines, .jsonl: OutputEncoding.appendCSVField(record, to: &text)
            }
            text.append(delimiter)
            text.append(contentsOf: encodedTitle.utf8)
            text.append(0x0A)
        }
    }

    /// JSON Lines records are objects already; others become strings.
    private func appendJSONValue(_ record: UnsafeBufferPointer<UInt8>, to text: inout [UInt8]) {
        if inputFormat == .jsonl {
            // Written as it was, unless --lossy let invalid UTF-8 in: then U+FFFD, so that the
            // output stays valid JSON.
            return OutputEncoding.appendValidUTF8(record, to: &text)
        }
        OutputEncoding.appendJSONString(record, to: &text)
    }
}
