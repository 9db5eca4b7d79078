import SectionSort

/// A batch of records: the input bytes they came from, where each record's bytes are, and the
/// bytes of their keys. No string is made per record: the engine reads keys in place.
struct RecordSet: Sendable {
    /// The inputs' bytes, one after another, in reading order; bytes that no span covers may
    /// follow the last record (see ``appendInput(_:length:name:line:)``).
    var bytes: [UInt8] = []
    /// The bytes of record `i`, unchanged from its input: `bytes[spans[i]]`.
    var spans: RecordSpans = []
    /// Keys that had to be decoded out of their records (csv quoting, JSON escapes), one after another.
    var keyBytes: [UInt8] = []
    /// Record `i`'s key is `keyBytes[keySpans[i]]` (`bytes[keySpans[i]]` when `keysInBytes`
    /// says so); nil when each record is its own key (lines).
    var keySpans: [Range<Int>]?
    /// The records with keys read in place, from `bytes`: key fields of
    /// ``MemoryPlan/longRecord`` bytes or more, which a copy would hold twice.
    var keysInBytes: [Int: InPlaceKeys] = [:]
    /// How the escaped keys in place (``InPlaceKeys/escaped``) are unescaped: the quoting or the
    /// escapes of the input's format; nil while there are none.
    var unescape: KeyUnescaping.Unescape?
    /// One array per `--then` column or field, in their order: record `i`'s `n`th secondary key is
    /// `keyBytes[thenSpans[n][i]]` (in `bytes` when `keysInBytes` says so).
    var thenSpans: [[Range<Int>]] = []
    /// Present when readings were asked for: `keyBytes[readingSpans[i]]`, empty for none.
    var readingSpans: [Range<Int>]?
    /// Where each input's bytes start in `bytes`, and the line number they start on, to name
    /// places in errors.
    var inputStarts: [(name: String, offset: Int, line: Int)] = []

    var count: Int { spans.count }
    var isEmpty: Bool { spans.isEmpty }

    /// Appends the first `length` bytes of `data`, which start on line `line` of `name`; returns
    /// the offset they start at.
    mutating func appendInput(_ data: [UInt8], length: Int, name: String, line: Int) -> Int {
        let base = bytes.count
        inputStarts.append((name, base, line))
        if bytes.isEmpty && length >= data.count - data.count / 4 {
            // The common case of a batch's first read: shared, not copied. The bytes past
            // `length` (a record that the next read completes) belong to no record here.
            bytes = data
        } else {
            bytes += data[0..<length]
        }
        return base
    }

    /// Makes room in `keyBytes` for a long key of about `count` bytes before it is appended, so
    /// that it is copied once, into a block of its size, not grown into by doubling.
    mutating func reserveKeyBytes(_ count: Int) {
        if count >= MemoryPlan.longRecord { keyBytes.reserveCapacity(keyBytes.count + count) }
    }

    /// Marks the keys that a reader left in the batch it appended at `base`, their ranges relative
    /// to that batch, in place for the records from `first` on; `unescape` undoes the escapes of
    /// those that have them.
    ///
    /// - Complexity: O(n) in the number of keys in place.
    mutating func placeKeys(
        _ inPlace: [InPlaceKeys.Placed], ofRecordsFrom first: Int, at base: Int, unescape: @escaping KeyUnescaping.Unescape
    ) {
        func moved(_ range: Range<Int>) -> Range<Int> { base + range.lowerBound..<base + range.upperBound }
        for (number, key, escaped) in inPlace {
            keysInBytes[first + number, default: InPlaceKeys()].insert(key, escaped: escaped)
            if escaped { self.unescape = unescape }
            if key == 0 {
                keySpans![first + number] = moved(keySpans![first + number])
            } else {
                thenSpans[key - 1][first + number] = moved(thenSpans[key - 1][first + number])
            }
        }
    }

    /// Calls `body` with the text of record `index`'s primary key: an escaped one unescaped
    /// whole, for what reads the text rather than keying it.
    func withKeyText<Result>(of index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        guard let keySpans else { return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[spans[index]])) } }
        let place = keysInBytes[index] ?? InPlaceKeys()
        if place.isEscaped(0), let unescape {
            return bytes.withUnsafeBufferPointer { bytes in
                KeyUnescaping.unescaped(UnsafeBufferPointer(rebasing: bytes[keySpans[index]]), unescape).withUnsafeBufferPointer(body)
            }
        }
        return (place.isInBytes(0) ? bytes : keyBytes).withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[keySpans[index]])) }
    }

    /// The primary key of record `index` as a string (lossy), for the date mode and messages.
    func key(at index: Int) -> String {
        withKeyText(of: index) { String(decoding: $0, as: UTF8.self) }
    }

    /// The keys, read in place by the engine's threads.
    var utf8Keys: UTF8Keys {
        let bytes = self.bytes, spans = self.spans, keyBytes = self.keyBytes
        let keySpans = self.keySpans, thenSpans = self.thenSpans, readingSpans = self.readingSpans
        let keysInBytes = self.keysInBytes
        var readReading: (@Sendable (Int, (UnsafeBufferPointer<UInt8>?) -> Void) -> Void)?
        if let readingSpans {
            readReading = { item, body in keyBytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[readingSpans[item]])) } }
        }
        guard let keySpans else {
            // Lines: each record is its key.
            return UTF8Keys(
                count: count,
                read: { item, body in
                    bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[spans[item]]), SecondaryKeys()) }
                }, readReading: readReading)
        }
        var unescaping: KeyUnescaping?
        if let unescape {
            unescaping = KeyUnescaping(items: keysInBytes.compactMapValues { $0.escaped == 0 ? nil : $0.escaped }, unescape: unescape)
        }
        return UTF8Keys(
            count: count,
            read: { item, body in
                keyBytes.withUnsafeBufferPointer { keys in
                    if !keysInBytes.isEmpty, let place = keysInBytes[item] {
                        // A record with keys in place: each key from where it is.
                        bytes.withUnsafeBufferPointer { bytes in
                            func text(_ key: Int, _ span: Range<Int>) -> UnsafeBufferPointer<UInt8> {
                                UnsafeBufferPointer(rebasing: (place.isInBytes(key) ? bytes : keys)[span])
                            }
                            SecondaryKeys.with(count: thenSpans.count, { text(1 + $0, thenSpans[$0][item]) }) { secondaries in
                                body(text(0, keySpans[item]), secondaries)
                            }
                        }
                        return
                    }
                    SecondaryKeys.with(count: thenSpans.count, { UnsafeBufferPointer(rebasing: keys[thenSpans[$0][item]]) }) {
                        (secondaries) in
                        body(UnsafeBufferPointer(rebasing: keys[keySpans[item]]), secondaries)
                    }
                }
            }, readReading: readReading, unescaping: unescaping)
    }

    /// The records at `positions` (ascending), in that order; the bytes are shared, not copied.
    func keeping(_ positions: [Int]) -> RecordSet {
        var kept = self
        kept.spans = RecordSpans(positions.lazy.map { spans[$0] })
        kept.keySpans = keySpans.map { spans in positions.map { spans[$0] } }
        kept.keysInBytes = [:]
        if !keysInBytes.isEmpty {
            for (position, record) in positions.enumerated() { kept.keysInBytes[position] = keysInBytes[record] }
        }
        kept.thenSpans = thenSpans.map { spans in positions.map { spans[$0] } }
        kept.readingSpans = readingSpans.map { spans in positions.map { spans[$0] } }
        return kept
    }

    /// What sorting this batch in memory is expected to take, in bytes: the batch itself, the keys
    /// (about twice the key text), and the engine's entries and order (about 70 bytes a record).
    var estimatedSortingMemory: Int {
        let inPlace = keysInBytes.reduce(0) { total, entry in
            total
                + ([keySpans![entry.key]] + thenSpans.map { $0[entry.key] }).enumerated().reduce(0) {
                    $0 + (entry.value.isInBytes($1.offset) ? $1.element.count : 0)
                }
        }
        return bytes.count + 2 * (keySpans == nil ? bytes.count : keyBytes.count + inPlace) + keyBytes.count
            + count * (8 + (keySpans == nil ? 0 : 16) + 16 * thenSpans.count + (readingSpans == nil ? 0 : 16) + 72)
    }

    /// Where byte `offset` of `bytes` is: its input, line and column (counted on this error path only).
    func location(ofByte offset: Int) -> SourceLocation {
        let input = inputStarts.last { $0.offset <= offset } ?? ("?", 0, 1)
        var line = input.line, lineStart = input.offset
        for position in input.offset..<offset where bytes[position] == 0x0A {
            line += 1
            lineStart = position + 1
        }
        return SourceLocation(file: input.name, line: line, column: offset - lineStart + 1)
    }

    /// Where record `index` starts (with `column` instead of the record's own column).
    func location(ofRecord index: Int, column: Int = 1) -> SourceLocation {
        var location = location(ofByte: spans[index].lowerBound)
        location.column = column
        return location
    }
}

/// Which keys of a record are read in place, from its batch's bytes, and which of those are
/// escaped (a quoted CSV field with doubled quotes, a JSON string with escapes), to be unescaped a
/// piece at a time as they are keyed (``KeyUnescaping``): bit 0 the primary key, bit `1 + n` the
/// `n`th `--then` key.
struct InPlaceKeys: Sendable {
    var inBytes: UInt64 = 0
    var escaped: UInt64 = 0

    /// The most keys of a record that can be in place; the others are copied.
    static let limit = 64

    /// A key a reader left in place: its record's number in the reader's batch, the key's (0 the
    /// primary key, 1 + n the nth `--then` key), and whether it is escaped.
    typealias Placed = (record: Int, key: Int, escaped: Bool)

    func isInBytes(_ key: Int) -> Bool { inBytes & 1 << UInt64(key) != 0 }
    func isEscaped(_ key: Int) -> Bool { escaped & 1 << UInt64(key) != 0 }

    mutating func insert(_ key: Int, escaped isEscaped: Bool) {
        inBytes |= 1 << UInt64(key)
        if isEscaped { escaped |= 1 << UInt64(key) }
    }
}

/// Checking key bytes: strict (an error names the first invalid byte) or lossy (the engine reads
/// ill-formed bytes as U+FFFD).
struct KeyDecoder {
    let lossy: Bool

    /// Fails on invalid UTF-8 in `bytes`, which start at `location`, unless lossy.
    func validate(_ bytes: UnsafeBufferPointer<UInt8>, at location: @autoclosure () -> SourceLocation) throws(CLIError) {
        guard !lossy, let offset = UTF8Decoding.firstInvalidOffset(bytes) else { return }
        var place = location()
        place.column += offset
        throw Self.invalid(at: place)
    }

    /// The string of `bytes` (lossy or checked), for header names.
    func decode(_ bytes: UnsafeBufferPointer<UInt8>, at location: SourceLocation) throws(CLIError) -> String {
        try validate(bytes, at: location)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func invalid(at location: SourceLocation) -> CLIError {
        .data("invalid UTF-8 (use --lossy to replace it with U+FFFD in keys)", at: location)
    }
}
