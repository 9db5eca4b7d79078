/// A rule of ICU's transliteration rule syntax, in the few forms that the Han transforms use:
/// `KEY > OUT;`, `[SET] > OUT;` and `ANTE{KEY}' '?POST > OUT;` with an optional ANTE of one
/// character and a POST of one character or a set. Anything else is refused, so that a change in
/// ICU's rules stops the generator instead of producing data the library reads wrongly.
struct TransformRule: Equatable {
    /// The one character before the key, if the rule has one.
    var ante: UInt32?
    /// The characters the rule replaces, one at a time.
    var keys: [UInt32]
    /// Whether a space may come between the key and `post`.
    var optionalSpace = false
    /// The characters one of which must follow, or nil.
    var post: [UInt32]?
    var output: String

    struct SyntaxError: Error, CustomStringConvertible {
        let rule: String
        let reason: String
        var description: String { "unexpected transform rule (\(reason)): \(rule)" }
    }

    init(ante: UInt32?, keys: [UInt32], optionalSpace: Bool, post: [UInt32]?, output: String) {
        self.ante = ante
        self.keys = keys
        self.optionalSpace = optionalSpace
        self.post = post
        self.output = output
    }

    init(parsing line: String) throws(SyntaxError) {
        func fail(_ reason: String) -> SyntaxError { SyntaxError(rule: line, reason: reason) }
        guard line.hasSuffix(";"), let arrow = line.range(of: " > ") else { throw fail("no ' > ' or ';'") }
        let left = line[..<arrow.lowerBound]
        guard let output = Self.characters(line[arrow.upperBound..<line.index(before: line.endIndex)]) else {
            throw fail("output")
        }
        self.output = String(String.UnicodeScalarView(output.compactMap(Unicode.Scalar.init)))
        if let open = left.firstIndex(of: "{") {
            guard let close = left.firstIndex(of: "}") else { throw fail("no '}'") }
            let ante = left[..<open]
            if !ante.isEmpty {
                guard let character = Self.characters(ante), character.count == 1 else { throw fail("context before") }
                self.ante = character[0]
            }
            guard let key = Self.characters(left[left.index(after: open)..<close]), key.count == 1 else { throw fail("key") }
            keys = key
            var after = left[left.index(after: close)...]
            if after.hasPrefix("' '?") {
                optionalSpace = true
                after = after.dropFirst(4)
            }
            if !after.isEmpty {
                if after.hasPrefix("[") {
                    guard let set = Self.set(after) else { throw fail("context after") }
                    post = set
                } else {
                    guard let character = Self.characters(after), character.count == 1 else { throw fail("context after") }
                    post = character
                }
            }
        } else if left.hasPrefix("[") {
            guard let set = Self.set(left) else { throw fail("key set") }
            keys = set
        } else {
            guard let key = Self.characters(left), key.count == 1 else { throw fail("key") }
            keys = key
        }
    }

    /// The code points a run of literal characters, \uXXXX and \UXXXXXXXX escapes and quoted text
    /// spells; nil for anything with syntax in it.
    static func characters(_ text: Substring) -> [UInt32]? {
        var result: [UInt32] = []
        var scalars = Array(text.unicodeScalars)[...]
        var quoted = false
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            if scalar == "'" {
                if scalars.first == "'" {
                    result.append(0x27)
                    scalars = scalars.dropFirst()
                } else {
                    quoted.toggle()
                }
            } else if quoted {
                result.append(scalar.value)
            } else if scalar == "\\" {
                guard let (value, rest) = escape(scalars) else { return nil }
                result.append(value)
                scalars = rest
            } else if "{}[]()$?*+>;:|^".unicodeScalars.contains(scalar) || scalar.properties.isWhitespace {
                return nil
            } else {
                result.append(scalar.value)
            }
        }
        return quoted ? nil : result
    }

    /// The code points of a set "[a\u4E00-\u4E05…]" of characters and ranges (no properties, no
    /// nesting); nil for anything else.
    static func set(_ text: Substring) -> [UInt32]? {
        guard text.hasPrefix("["), text.hasSuffix("]") else { return nil }
        var scalars = Array(text.unicodeScalars).dropFirst().dropLast()
        var result: [UInt32] = []
        var rangeStart: UInt32?
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            var value: UInt32
            switch scalar {
            case "[", "]", "^", "{", "}", "$": return nil
            case "-" where !result.isEmpty && rangeStart == nil:
                rangeStart = result.removeLast()
                continue
            case "\\":
                guard let (escaped, rest) = escape(scalars) else { return nil }
                value = escaped
                scalars = rest
            default:
                if scalar.properties.isWhitespace { continue }
                value = scalar.value
            }
            if let start = rangeStart {
                guard start <= value else { return nil }
                result += Array(start...value)
                rangeStart = nil
            } else {
                result.append(value)
            }
        }
        return rangeStart == nil ? result : nil
    }

    /// An escape after its backslash: \uXXXX, \UXXXXXXXX or a quoted character.
    private static func escape(_ scalars: ArraySlice<Unicode.Scalar>) -> (UInt32, ArraySlice<Unicode.Scalar>)? {
        guard let first = scalars.first else { return nil }
        let digits = first == "u" ? 4 : first == "U" ? 8 : 0
        if digits == 0 { return (first.value, scalars.dropFirst()) }
        let hex = scalars.dropFirst().prefix(digits)
        guard hex.count == digits, let value = UInt32(String(String.UnicodeScalarView(hex)), radix: 16) else { return nil }
        return (value, scalars.dropFirst(1 + digits))
    }
}
