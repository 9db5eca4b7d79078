import Foundation
import SectionSort

/// Reads JSON Lines: one JSON object a line (RFC 8259, checked by ``JSONScanner``), sectioned by
/// one of its fields: a string by its text, a number by its digits as written, a boolean by its
/// word (`true` under T); null, an object or an array is an error. Blank lines
/// (only spaces and tabs) may end an input, as GNU tools and jq allow, but not come between
/// records. Invalid UTF-8 is an error, or with `--lossy` read as U+FFFD (the record's bytes stay
/// as they are).
struct JSONLinesReader {
    let keyField: String
    /// The `--then` fields, in their order.
    let thenFields: [String]
    /// The field of each record's reading: absent, null or "" means none.
    let readingField: String?
    let decoder: KeyDecoder
    /// The fields to find, each once, as UTF-8; the key's, the `--then` fields' and the reading's
    /// indices in it.
    private let names: [[UInt8]]
    private let keyIndex: Int
    private let thenIndices: [Int]
    private let readingIndex: Int?
    /// The first blank line not yet followed by a record: an error if one follows.
    private var pendingBlankLine: SourceLocation?

    init(keyField: String, thenFields: [String] = [], readingField: String? = nil, decoder: KeyDecoder) {
        self.keyField = keyField
        self.thenFields = thenFields
        self.readingField = readingField
        self.decoder = decoder
        var names: [[UInt8]] = []
        func index(_ field: String) -> Int {
            if let found = names.firstIndex(of: Array(field.utf8)) { return found }
            names.append(Array(field.utf8))
            return names.count - 1
        }
        keyIndex = index(keyField)
        thenIndices = thenFields.map(index)
        readingIndex = readingField.map(index)
        self.names = names
    }

    /// Adds the whole lines at the start of `data` (which starts on line `line` of `name`) and
    /// returns how many bytes they took.
    mutating func read(_ data: [UInt8], isFinal: Bool, name: String, line: Int, into set: inout RecordSet) throws(CLIError) -> Int {
        let length = LineReader.completeLength(of: data, isFinal: isFinal)
        // Key ranges are in `set.keyBytes`, where the fields are decoded straight into, or in
        // `data` for a key read in place (listed in `inPlace`).
        var records: [(bytes: Range<Int>, key: Range<Int>, then: [Range<Int>], reading: Range<Int>?)] = []
        // The keys read in place (long values): the record's number in `records`, the key's (0 the
        // primary key, 1 + n the nth --then key), and whether it has escapes to resolve.
        var inPlace: [InPlaceKeys.Placed] = []
        try data.withUnsafeBufferPointer { (bytes) throws(CLIError) in
            try LineReader.forEachLine(in: UnsafeBufferPointer(rebasing: bytes[0..<length])) { (range, number) throws(CLIError) in
                let location = SourceLocation(file: name, line: line + number, column: 1)
                func at(_ offset: Int) -> SourceLocation {
                    SourceLocation(file: name, line: line + number, column: offset + 1)
                }
                let text = UnsafeBufferPointer(rebasing: bytes[range])
                if text.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                    if pendingBlankLine == nil { pendingBlankLine = location }
                    return
                }
                if let blank = pendingBlankLine {
                    throw .data("blank line between records (JSON Lines allows blank lines only at the end)", at: blank)
                }
                // A byte order mark is stripped at the start of an input, and is not JSON elsewhere.
                if text.starts(with: RecordBatches.byteOrderMark) {
                    throw .data("a byte order mark inside the input (it may only start it)", at: location)
                }
                // Checks UTF-8 first, so that an encoding error is reported as one.
                try decoder.validate(text, at: location)
                let scanned: (isObject: Bool, values: [JSONScanner.Value?])
                do throws(JSONScanner.SyntaxError) {
                    scanned = try JSONScanner.scan(text, names: names)
                } catch {
                    throw .data("not valid JSON: \(error.message)", at: at(error.offset))
                }
                guard scanned.isObject else { throw .data("expected a JSON object", at: location) }
                /// Key `key`'s field (`index` of `names`): where it is in `set.keyBytes`, or in `data`
                /// when it is long and read in place, and then whether it is escaped (nil: copied).
                /// It leaves `records` and `inPlace` to the caller: captured, they would be checked
                /// for exclusive access at every use.
                func field(_ index: Int, key: Int? = nil) throws(CLIError) -> (range: Range<Int>, escaped: Bool?) {
                    let name = Echo.bounded(String(decoding: names[index], as: UTF8.self))
                    guard let value = scanned.values[index] else { throw .data("no field '\(name)'", at: location) }
                    // In place, the key's range is in `data`, not in the line.
                    func placed(_ bytes: Range<Int>, escaped: Bool) -> (range: Range<Int>, escaped: Bool?) {
                        (range.lowerBound + bytes.lowerBound..<range.lowerBound + bytes.upperBound, escaped)
                    }
                    let long = key.map { $0 < InPlaceKeys.limit } == true && value.range.count >= MemoryPlan.longRecord
                    if !long { set.reserveKeyBytes(value.range.count) }
                    let start = set.keyBytes.count
                    switch value.kind {
                    case .string:
                        let content = value.range.lowerBound + 1..<value.range.upperBound - 1
                        if long {
                            // A long string is keyed between its quotes, its escapes resolved a
                            // piece at a time (checked here, where an error can name the place).
                            let escaped = memchr(text.baseAddress! + content.lowerBound, 0x5C, content.count) != nil
                            if escaped && !decoder.lossy,
                                let surrogate = Self.loneSurrogate(in: UnsafeBufferPointer(rebasing: text[content]))
                            {
                                throw .data(
                                    "field '\(name)': " + JSONScanner.loneSurrogateMessage(surrogate.value),
                                    at: at(content.lowerBound + surrogate.offset))
                            }
                            return placed(content, escaped: escaped)
                        }
                        do throws(JSONScanner.SyntaxError) {
                            try JSONScanner.decodeString(text, value.range, lossy: decoder.lossy, into: &set.keyBytes)
                        } catch {
                            throw .data("field '\(name)': \(error.message)", at: at(error.offset))
                        }
                        return (start..<set.keyBytes.count, nil)
                    case .number, .true, .false:
                        // As written: a number keeps its digits (1E400, 0.10), a boolean is its word.
                        if long { return placed(value.range, escaped: false) }
                        set.keyBytes.append(contentsOf: text[value.range])
                        return (start..<set.keyBytes.count, nil)
                    case .null:
                        throw .data("field '\(name)' is null", at: at(value.range.lowerBound))
                    case .object, .array:
                        throw .data(
                            "field '\(name)' is \(value.kind == .object ? "an object" : "an array"), not a string, number or boolean",
                            at: at(value.range.lowerBound))
                    }
                }
                let key = try field(keyIndex, key: 0)
                if let escaped = key.escaped { inPlace.append((records.count, 0, escaped)) }
                let then = try thenIndices.indices.map { (number) throws(CLIError) -> Range<Int> in
                    let field = try field(thenIndices[number], key: 1 + number)
                    if let escaped = field.escaped { inPlace.append((records.count, 1 + number, escaped)) }
                    return field.range
                }
                // A record without a reading (absent or null) is read by its key.
                let reading = try readingIndex.map { (index) throws(CLIError) -> Range<Int> in
                    guard let value = scanned.values[index], value.kind != .null else { return set.keyBytes.count..<set.keyBytes.count }
                    return try field(index).range
                }
                records.append((range, key.range, then, reading))
            }
        }
        let base = set.appendInput(data, length: length, name: name, line: line)
        if set.keySpans == nil { set.keySpans = [] }
        if set.thenSpans.isEmpty { set.thenSpans = thenFields.map { _ in [] } }
        if readingField != nil && set.readingSpans == nil { set.readingSpans = [] }
        let first = set.count
        for record in records {
            set.spans.append(base + record.bytes.lowerBound..<base + record.bytes.upperBound)
            set.keySpans!.append(record.key)
            for (field, then) in record.then.enumerated() { set.thenSpans[field].append(then) }
            if let reading = record.reading { set.readingSpans!.append(reading) }
        }
        set.placeKeys(inPlace, ofRecordsFrom: first, at: base, unescape: Self.unescape)
        return length
    }

    /// The text of a string's content (``KeyUnescaping/Unescape``), its escapes resolved; a lone
    /// surrogate, refused when read unless `--lossy`, is U+FFFD.
    static let unescape: KeyUnescaping.Unescape = { escaped, position, output in
        var loneSurrogate: (offset: Int, value: UInt32)?
        return JSONScanner.unescapePiece(escaped, &position, into: output, loneSurrogate: &loneSurrogate)
    }

    /// The first lone surrogate escape in a string's content: its offset and value.
    private static func loneSurrogate(in content: UnsafeBufferPointer<UInt8>) -> (offset: Int, value: UInt32)? {
        var found: (offset: Int, value: UInt32)?, position = 0
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096) { scratch in
            while found == nil && JSONScanner.unescapePiece(content, &position, into: scratch, loneSurrogate: &found) > 0 {}
        }
        return found
    }
}
