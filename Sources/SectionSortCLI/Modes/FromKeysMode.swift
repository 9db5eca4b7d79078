import Foundation
import SectionSort

/// `--from-keys`: key records (``KeyRecord``) sorted by bytes, from one stream or several sorted
/// parts merged as they are read, become sections in any output format, written as they come: the
/// output of `--emit-keys` over the parts of an input, sorted by any byte-order sort, gives
/// exactly what sectionsort gives for the whole input.
///
/// The identity records at the start of the streams must all be equal and match this machine's
/// ICU; the records must be in byte order, each SECTION, KEY and POSITION once.
struct SectionsFromKeys {
    let options: CommandLineOptions
    let progress: ProgressLine
    let output: BufferedOutput

    func run() throws(CLIError) {
        let framing: KeyRecord.Framing = options.zeroTerminated ? .nul : .lineFeed
        var readers: [KeyRecordReader] = []
        for path in options.inputs { readers.append(try KeyRecordReader(path: path, framing: framing)) }
        var identity: (record: [UInt8], location: SourceLocation)?
        func noteIdentity(_ reader: KeyRecordReader) throws(CLIError) {
            let record = Array(reader.record)
            guard let known = identity else { identity = (record, reader.location()); return }
            guard record == known.record else {
                throw .data(
                    "this part's keys were made differently from those of \(known.location): "
                        + "\(Self.describe(record)) against \(Self.describe(known.record)); every part must be keyed with the same "
                        + "sectionsort, ICU, locale and options", at: reader.location())
            }
        }
        // Each stream's leading identity records, then its first key record.
        var active: [Int] = []
        for (index, reader) in readers.enumerated() {
            while try reader.advance() {
                if reader.record.first == UInt8(ascii: "#") { try noteIdentity(reader); continue }
                active.append(index)
                break
            }
        }
        guard let identity else {
            throw .data(
                "no identity record (#sectionsort-keys): key records are made by sectionsort --emit-keys, which writes one first",
                at: SourceLocation(file: readers.first?.name ?? "<stdin>", line: 1, column: 1))
        }
        let keyed: KeyIdentity
        switch identity.record.withUnsafeBufferPointer({ KeyIdentity.parse($0) }) {
        case .success(let parsed): keyed = parsed
        case .failure(let error): throw .data("not an identity record this sectionsort reads: \(error.reason)", at: identity.location)
        }
        let made = keyed.ordering
        let collation: IndexedCollation
        do {
            collation = try CommandContext.makeCollation(made)
        } catch {
            throw CLIError(code: .software, message: error.message)
        }
        let here = KeyIdentity(collation: collation, ordering: made, header: keyed.header.map { Array($0.utf8) })
        guard here == keyed else {
            throw .data(
                "the keys were made with \(keyed.versionDescription); this machine has \(here.versionDescription): "
                    + "keys from different versions do not order alike, so they cannot be read here", at: identity.location)
        }
        let titles = collation.sectionTitlesInDisplayOrder(SectioningOptions(order: made.descending ? .reverse : .forward))
        let writer = try SectionWriter(
            output: output, format: options.outputFormat, inputFormat: made.inputFormat,
            context: .alphabetical(locale: collation.locale, indexTitles: collation.sectionTitles),
            header: keyed.header.map { Array($0.utf8) })
        // SECTION, KEY and POSITION of the record before, to check the order (a long one from a file).
        let previous = PreviousKey(spillingUnder: options.temporaryDirectory)
        var rank = -1, written = 0
        var unescaped: [UInt8] = []
        // The streams with key records, merged by the runs' loser tree.
        var exhausted = [Bool](repeating: false, count: active.count)
        try LoserTree.merge(
            count: active.count, isExhausted: { exhausted[$0] },
            compare: { ByteOrder.compare(readers[active[$0]].record, readers[active[$1]].record) }
        ) { (best) throws(CLIError) in
            let reader = readers[active[best]]
            let bytes = reader.record
            if bytes.first == UInt8(ascii: "#") {
                throw .data("an identity record after key records: the key records are not sorted by bytes", at: reader.location())
            }
            let fields: KeyRecord.Fields
            switch KeyRecord.fields(of: bytes) {
            case .success(let found): fields = found
            case .failure(let error):
                throw .data(
                    "not a key record: expected \(error.expected) (SECTION<TAB>KEY<TAB>POSITION<TAB>RECORD)",
                    at: reader.location(column: error.offset))
            }
            guard fields.rank < titles.count else {
                throw .data(
                    "SECTION \(fields.rank) is past the \(titles.count) sections of locale \(collation.locale)", at: reader.location())
            }
            let prefix = UnsafeBufferPointer(rebasing: bytes[0..<fields.prefixLength])
            if let order = try previous.compare(prefix) {
                if order == 0 {
                    throw .data(
                        "the same SECTION, KEY and POSITION as the record before: parts overlap (give each part its own --part)",
                        at: reader.location())
                }
                if order < 0 { throw .data("key records are not sorted by bytes (sort them with LC_ALL=C sort)", at: reader.location()) }
            }
            try previous.remember(prefix)
            if fields.rank != rank {
                try writer.startSection(title: titles[fields.rank])
                rank = fields.rank
            }
            let record = UnsafeBufferPointer(rebasing: bytes[fields.recordStart...])
            if framing == .lineFeed, let base = record.baseAddress, memchr(base, 0x5C, record.count) != nil {
                unescaped.removeAll(keepingCapacity: true)
                if let bad = KeyRecord.unescape(record, into: &unescaped) {
                    throw .data("a backslash that is not \\\\, \\n or \\r in RECORD", at: reader.location(column: fields.recordStart + bad))
                }
                try unescaped.withUnsafeBufferPointer { (bytes) throws(CLIError) in try writer.write(record: bytes) }
            } else {
                try writer.write(record: record)
            }
            written += 1
            if written & 0xFFFF == 0 { progress.update("writing sections", done: written, total: nil) }
            if try !reader.advance() { exhausted[best] = true }
        }
        try writer.finish()
    }

    /// An identity record's versions in words, or its text when it cannot be read.
    private static func describe(_ record: [UInt8]) -> String {
        switch record.withUnsafeBufferPointer({ KeyIdentity.parse($0) }) {
        case .success(let identity): "\(identity.versionDescription), options \(identity.json)"
        case .failure: "'\(String(decoding: record.prefix(200), as: UTF8.self))'"
        }
    }
}
