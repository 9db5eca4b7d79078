/// Keys kept escaped where they are stored (a CSV field in quotes with doubled quotes, a JSON
/// string with escapes) and unescaped a piece at a time while their sort keys are written, so
/// that a long key is never held unescaped whole beside its record and its sort key.
///
/// The engine reads such a key through ``UTF8Keys``'s `read` as its escaped bytes; ``items``
/// says which keys of which items they are, and ``unescape`` turns them into text.
package struct KeyUnescaping: Sendable {
    /// Unescapes `escaped` from `position` into `output` (16 bytes or more), as far as whole
    /// escapes fit, and moves `position` past what it read; returns the number of bytes written,
    /// which is 0 only when `position` is at the end of `escaped`.
    package typealias Unescape =
        @Sendable (_ escaped: UnsafeBufferPointer<UInt8>, _ position: inout Int, _ output: UnsafeMutableBufferPointer<UInt8>) -> Int

    /// The room ``Unescape`` may count on in its output.
    package static let minimumOutput = 16

    package let unescape: Unescape
    /// For each item with escaped keys, which ones: bit 0 its primary key, bit `1 + n` its `n`th
    /// secondary key.
    package let items: [Int: UInt64]

    package init(items: [Int: UInt64], unescape: @escaping Unescape) {
        self.items = items
        self.unescape = unescape
    }

    /// The text of `escaped` whole: for what needs it at once (readings, Chinese names, search).
    ///
    /// - Complexity: O(n) for n escaped bytes.
    package static func unescaped(_ escaped: UnsafeBufferPointer<UInt8>, _ unescape: Unescape) -> [UInt8] {
        // Unescaping never lengthens: an escape is longer than what it stands for.
        var text = [UInt8](repeating: 0, count: escaped.count + minimumOutput)
        var position = 0, count = 0
        text.withUnsafeMutableBufferPointer { output in
            while true {
                let written = unescape(escaped, &position, UnsafeMutableBufferPointer(rebasing: output[count...]))
                if written == 0 { break }
                count += written
            }
        }
        text.removeLast(text.count - count)
        return text
    }

    /// Calls `body` with a function that gives the code points of the text of `escaped`
    /// (ill-formed parts as U+FFFD, as ``CollationUTF8`` decodes the text whole), after its
    /// leading article (`articles`), one at a time and nil at the end: the text is unescaped into
    /// a window of `windowSize` bytes (at least twice ``minimumOutput``) at a time, never whole,
    /// for the identical level of a long key.
    ///
    /// - Complexity: O(n) for n escaped bytes.
    static func withCodePoints(
        of escaped: UnsafeBufferPointer<UInt8>, _ unescape: @escaping Unescape, articles: LeadingArticleMatcher?, windowSize: Int,
        _ body: (_ next: () -> UInt32?) -> Void
    ) {
        precondition(windowSize >= 2 * minimumOutput)
        // Unescaping never lengthens: a short key's window holds it whole, and costs no more.
        var window = [UInt8](repeating: 0, count: min(windowSize, max(2 * minimumOutput, escaped.count + minimumOutput)))
        // Unescaped text: `window[start..<count]` is still to be decoded.
        var position = 0, start = 0, count = 0
        func fill() {
            while position < escaped.count && window.count - count >= minimumOutput {
                let from = count
                let written = window.withUnsafeMutableBufferPointer { output in
                    unescape(escaped, &position, UnsafeMutableBufferPointer(rebasing: output[from...]))
                }
                count += written
            }
        }
        fill()
        if let articles {
            // As for the elements (PiecewiseCollationElements): the article and the spaces after it
            // are skipped only when something follows them, so the window must see past the spaces.
            while position < escaped.count && (count == 0 || window[count - 1] == 0x20 || window[count - 1] == 0x09) {
                window += repeatElement(0, count: window.count)
                fill()
            }
            let end = count
            start = end - window.withUnsafeBufferPointer { articles.remainder(of: UnsafeBufferPointer(rebasing: $0[..<end])).count }
        }
        body {
            // A code point is decoded from at most 4 bytes: with fewer in the window, the rest
            // moves to its front and the window is filled again.
            if count - start < 4 && position < escaped.count {
                window.replaceSubrange(0..<start, with: EmptyCollection())
                window += repeatElement(0, count: start)
                count -= start
                start = 0
                fill()
            }
            guard start < count else { return nil }
            let end = count
            return window.withUnsafeBufferPointer { CollationUTF8.decode(UnsafeBufferPointer(rebasing: $0[..<end]), at: &start) }
        }
    }
}

/// An item's escaped keys as the engine hands them on: which ones (``KeyUnescaping/items``)
/// and how they are unescaped.
struct EscapedKeys {
    let keys: UInt64
    let unescape: KeyUnescaping.Unescape

    /// Whether key `index` (0 the primary, `1 + n` the `n`th secondary) is escaped.
    func contains(_ index: Int) -> Bool { index < 64 && keys & 1 << UInt64(index) != 0 }
}
