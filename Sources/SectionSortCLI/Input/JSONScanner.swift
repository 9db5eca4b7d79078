/// Checks one JSON text against the grammar of RFC 8259 and finds the values of chosen members
/// of its top-level object, without building the values: the bytes of a record are written back
/// as they came, so the scanner only says where things are.
///
/// Written for JSON Lines rather than taken from Foundation, so that every platform accepts the
/// same texts, reads the same keys and names the same column in an error. Containers are tracked
/// on a stack of their own, not by recursion: any depth of nesting is read without exhausting
/// the thread's stack. Bytes of 0x80 and above are taken as they are inside strings; checking
/// them as UTF-8 is the caller's (see ``KeyDecoder``).
///
/// - Complexity: O(n) in the length of the text, plus O(d) memory for d levels of nesting.
struct JSONScanner {
    /// What a member's value is.
    enum Kind: Equatable {
        case string, number, `true`, `false`, null, object, array
    }

    /// A member's value: its kind and its bytes in the text (a string's with its quotes).
    struct Value: Equatable {
        var kind: Kind
        var range: Range<Int>
    }

    /// Where the text breaks the grammar (a byte offset, or the text's length for its end) and how.
    struct SyntaxError: Error, Equatable {
        var offset: Int
        var message: String
    }

    private let text: UnsafeBufferPointer<UInt8>
    private var position = 0

    private init(_ text: UnsafeBufferPointer<UInt8>) { self.text = text }

    /// Checks that `text` is one JSON value, with nothing but whitespace around it.
    ///
    /// - Parameters:
    ///   - text: The JSON text, without a line ending.
    ///   - names: Member names to look for in the top-level object, as UTF-8.
    /// - Returns: Whether the value is an object, and for each of `names` the value of the
    ///   top-level member of that name (the last one when a name is repeated, as JavaScript and
    ///   jq read it), nil where there is none.
    /// - Throws: The first place where the text is not JSON.
    /// - Complexity: O(n + m·k), where n is the length of the text, m the number of top-level
    ///   members and k the number of names.
    static func scan(_ text: UnsafeBufferPointer<UInt8>, names: [[UInt8]]) throws(SyntaxError) -> (isObject: Bool, values: [Value?]) {
        var scanner = JSONScanner(text)
        return try scanner.scanText(names: names)
    }

    private mutating func scanText(names: [[UInt8]]) throws(SyntaxError) -> (isObject: Bool, values: [Value?]) {
        var values = [Value?](repeating: nil, count: names.count)
        // true for an object, false for an array.
        var open: [Bool] = []
        // The wanted top-level member whose value is being read: its index in `names`, and where
        // its value starts.
        var member: (index: Int, start: Int?)?
        skipWhitespace()
        let isObject = position < text.count && text[position] == UInt8(ascii: "{")
        while true {
            // A value is expected here.
            skipWhitespace()
            guard position < text.count else { throw error("expected a value") }
            let start = position
            if open.count == 1, let wanted = member, wanted.start == nil { member = (wanted.index, start) }
            var kind: Kind
            switch text[position] {
            case UInt8(ascii: "{"):
                open.append(true)
                position += 1
                skipWhitespace()
                if position < text.count && text[position] == UInt8(ascii: "}") {
                    position += 1
                    open.removeLast()
                    kind = .object
                } else {
                    let index = try scanMemberName(names: open.count == 1 ? names : [])
                    if open.count == 1 { member = index.map { ($0, nil) } }
                    continue
                }
            case UInt8(ascii: "["):
                open.append(false)
                position += 1
                skipWhitespace()
                if position < text.count && text[position] == UInt8(ascii: "]") {
                    position += 1
                    open.removeLast()
                    kind = .array
                } else {
                    continue
                }
            case UInt8(ascii: "\""):
                _ = try scanString()
                kind = .string
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try scanNumber()
                kind = .number
            case UInt8(ascii: "t"):
                try scanLiteral("true")
                kind = .true
            case UInt8(ascii: "f"):
                try scanLiteral("false")
                kind = .false
            case UInt8(ascii: "n"):
                try scanLiteral("null")
                kind = .null
            default:
                throw error("expected a value")
            }
            // A whole value was read (a scalar or an empty container); what follows closes
            // containers or starts the next element.
            var end = position
            while true {
                if open.count == 1, let wanted = member, let valueStart = wanted.start {
                    values[wanted.index] = Value(kind: kind, range: valueStart..<end)
                    member = nil
                }
                skipWhitespace()
                guard let isInObject = open.last else {
                    guard position == text.count else { throw error("expected the end of the line after the JSON value") }
                    return (isObject, values)
                }
                guard position < text.count else { throw error(isInObject ? "expected ',' or '}'" : "expected ',' or ']'") }
                let byte = text[position]
                if byte == UInt8(ascii: ",") {
                    position += 1
                    if isInObject {
                        skipWhitespace()
                        let index = try scanMemberName(names: open.count == 1 ? names : [])
                        if open.count == 1 { member = index.map { ($0, nil) } }
                    }
                    break
                }
                guard byte == (isInObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw error(isInObject ? "expected ',' or '}'" : "expected ',' or ']'")
                }
                position += 1
                open.removeLast()
                kind = isInObject ? .object : .array
                end = position
            }
        }
    }

    /// Reads a member name and its colon; returns the index in `names` of the name, if any.
    private mutating func scanMemberName(names: [[UInt8]]) throws(SyntaxError) -> Int? {
        guard position < text.count && text[position] == UInt8(ascii: "\"") else {
            throw error("expected a member name in double quotes")
        }
        let start = position
        let hasEscapes = try scanString()
        var found: Int?
        if !names.isEmpty {
            let content = UnsafeBufferPointer(rebasing: text[start + 1..<position - 1])
            if hasEscapes {
                var decoded: [UInt8] = []
                // A name that is no Unicode text (a lone surrogate) matches no name asked for.
                if (try? Self.decodeString(text, start..<position, lossy: false, into: &decoded)) != nil {
                    found = names.lastIndex { $0 == decoded }
                }
            } else {
                found = names.lastIndex { $0.elementsEqual(content) }
            }
        }
        skipWhitespace()
        guard position < text.count && text[position] == UInt8(ascii: ":") else { throw error("expected ':' after a member name") }
        position += 1
        return found
    }

    /// Reads a string from its opening quote to past its closing one; returns whether it has escapes.
    private mutating func scanString() throws(SyntaxError) -> Bool {
        let opening = position
        position += 1
        var hasEscapes = false
        while position < text.count {
            let byte = text[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return hasEscapes
            }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                try scanEscape()
            } else if byte < 0x20 {
                throw SyntaxError(offset: position, message: "a control character (\(Self.describe(byte))) in a string must be escaped")
            } else {
                position += 1
            }
        }
        throw SyntaxError(offset: position, message: "the string opened at column \(opening + 1) is not closed at the end of the line")
    }

    /// Reads one escape sequence, from its backslash.
    private mutating func scanEscape() throws(SyntaxError) {
        position += 1
        guard position < text.count else { throw error("expected an escaped character after '\\'") }
        switch text[position] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
            UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 1
        case UInt8(ascii: "u"):
            position += 1
            for _ in 0..<4 {
                guard position < text.count, Self.hexValue(text[position]) != nil else {
                    throw error("expected four hexadecimal digits after '\\u'")
                }
                position += 1
            }
        default:
            throw error("invalid escape (JSON escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX)")
        }
    }

    /// Reads a number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func scanNumber() throws(SyntaxError) {
        if text[position] == UInt8(ascii: "-") { position += 1 }
        guard position < text.count, Self.isDigit(text[position]) else { throw error("expected a digit") }
        if text[position] == UInt8(ascii: "0") {
            position += 1
            if position < text.count && Self.isDigit(text[position]) { throw error("a number may not have a leading zero") }
        } else {
            skipDigits()
        }
        if position < text.count && text[position] == UInt8(ascii: ".") {
            position += 1
            guard position < text.count, Self.isDigit(text[position]) else { throw error("expected a digit after the decimal point") }
            skipDigits()
        }
        if position < text.count && (text[position] | 0x20) == UInt8(ascii: "e") {
            position += 1
            if position < text.count && (text[position] == UInt8(ascii: "+") || text[position] == UInt8(ascii: "-")) { position += 1 }
            guard position < text.count, Self.isDigit(text[position]) else { throw error("expected a digit in the exponent") }
            skipDigits()
        }
    }

    private mutating func skipDigits() {
        while position < text.count && Self.isDigit(text[position]) { position += 1 }
    }

    private mutating func scanLiteral(_ literal: StaticString) throws(SyntaxError) {
        let start = position
        for expected in UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount) {
            guard position < text.count && text[position] == expected else {
                position = start
                throw error("expected a value (true, false and null are written in lowercase, in full)")
            }
            position += 1
        }
    }

    private mutating func skipWhitespace() {
        while position < text.count {
            switch text[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// The error at the current position, naming what is there.
    private func error(_ message: String) -> SyntaxError {
        let found = position < text.count ? Self.describe(text[position]) : "the end of the line"
        return SyntaxError(offset: position, message: "\(message), found \(found)")
    }

    /// A byte for a message: printable ASCII quoted, anything else by its value.
    private static func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte == 0x20 { return "a space" }
        let digits = String(byte, radix: 16, uppercase: true)
        return byte < 0x80 ? "U+\(String(repeating: "0", count: 4 - digits.count))\(digits)" : "the byte 0x\(digits)"
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// Why a lone surrogate escape of `value` is refused.
    static func loneSurrogateMessage(_ value: UInt32) -> String {
        "a lone surrogate (\\u\(String(value, radix: 16, uppercase: true))) is no Unicode text (use --lossy to read it as U+FFFD)"
    }

    /// Unescapes the content of a scanned string (`escaped`, without its quotes) from `position`
    /// into `output`, as far as whole escapes fit (four bytes of room take any), and moves
    /// `position` past what it read; returns the bytes written, 0 only at the end. A lone
    /// surrogate becomes U+FFFD, and the first one's escape (its offset and value) is left in
    /// `loneSurrogate`: the pieces of ``decodeString(_:_:lossy:into:)``, for a long key written a
    /// piece at a time (``KeyUnescaping``).
    ///
    /// - Complexity: O(n) in the bytes read.
    static func unescapePiece(
        _ escaped: UnsafeBufferPointer<UInt8>, _ position: inout Int, into output: UnsafeMutableBufferPointer<UInt8>,
        loneSurrogate: inout (offset: Int, value: UInt32)?
    ) -> Int {
        var written = 0
        let end = escaped.count
        func hex(at offset: Int) -> UInt32 {
            (0..<4).reduce(0) { $0 << 4 | hexValue(escaped[offset + $1])! }
        }
        while position < end && output.count - written >= 4 {
            let byte = escaped[position]
            guard byte == UInt8(ascii: "\\") else {
                output[written] = byte
                written += 1
                position += 1
                continue
            }
            let simple: UInt8? =
                switch escaped[position + 1] {
                case UInt8(ascii: "b"): 0x08
                case UInt8(ascii: "f"): 0x0C
                case UInt8(ascii: "n"): 0x0A
                case UInt8(ascii: "r"): 0x0D
                case UInt8(ascii: "t"): 0x09
                case UInt8(ascii: "u"): nil
                case let other: other
                }
            if let simple {
                output[written] = simple
                written += 1
                position += 2
                continue
            }
            var value = hex(at: position + 2)
            let escapeStart = position
            position += 6
            if (0xD800..<0xDC00).contains(value), position + 6 <= end, escaped[position] == UInt8(ascii: "\\"),
                escaped[position + 1] == UInt8(ascii: "u"), case let low = hex(at: position + 2), (0xDC00..<0xE000).contains(low)
            {
                value = 0x10000 + (value - 0xD800) << 10 + (low - 0xDC00)
                position += 6
            }
            let scalar = Unicode.Scalar(value)
            if scalar == nil && loneSurrogate == nil { loneSurrogate = (escapeStart, value) }
            for unit in UTF8.encode(scalar ?? "\u{FFFD}")! {
                output[written] = unit
                written += 1
            }
        }
        return written
    }

    /// Appends the text of the string at `range` of `text` (quotes included, already scanned) to
    /// `output` as UTF-8, its escapes resolved.
    ///
    /// A `\u` escape of a lone surrogate (which the grammar allows but no Unicode text has)
    /// becomes U+FFFD when `lossy`, else is an error at its backslash.
    /// - Complexity: O(n) in the length of the string.
    static func decodeString(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, lossy: Bool, into output: inout [UInt8]
    ) throws(SyntaxError) {
        let content = UnsafeBufferPointer(rebasing: text[range.lowerBound + 1..<range.upperBound - 1])
        // Every escape is longer than the UTF-8 it stands for, so the content's length, and the
        // four bytes of room that a piece needs to go on, take the whole string in one piece.
        let room = content.count + 4
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: room))
        var position = 0
        var loneSurrogate: (offset: Int, value: UInt32)?
        let written = output.withUnsafeMutableBufferPointer { output in
            unescapePiece(content, &position, into: UnsafeMutableBufferPointer(rebasing: output[start...]), loneSurrogate: &loneSurrogate)
        }
        output.removeLast(room - written)
        if let loneSurrogate, !lossy {
            throw SyntaxError(offset: range.lowerBound + 1 + loneSurrogate.offset, message: loneSurrogateMessage(loneSurrogate.value))
        }
    }
}
