/// The collation elements of escaped text (``KeyUnescaping``), unescaped into a window a piece
/// at a time: the text is never held unescaped whole, and the elements are those of the whole
/// text, so its sort key is the same bytes.
///
/// Each piece ends where the text may be cut without changing an element (ICU's notion of a
/// character that is not "unsafe backward"): before a character that starts with no combining
/// mark (lead combining class 0), that no contraction or prefix mapping holds after its first
/// character (``ContextCharacters``), and that is not a digit under numeric order. There no
/// contraction, prefix, canonical reordering or digit run reaches across, so the elements of
/// the pieces one after another are the elements of the text. A window without such a place
/// grows until it has one (or holds the rest of the text).
struct PiecewiseCollationElements: CollationElementSource {
    private var iterator: CollationElementIterator
    private let escaped: UnsafeBufferPointer<UInt8>
    private let unescape: KeyUnescaping.Unescape
    private let boundaries: Boundaries
    /// The next byte of `escaped` to unescape.
    private var position = 0
    /// Unescaped text: `window[start..<end]` is the piece being read, `window[end..<count]`
    /// what follows it.
    ///
    /// Unsafe memory, as the iterator keeps a pointer to the text it reads: the window is
    /// allocated here and freed by ``deallocate()`` once the key is written, and it is moved,
    /// refilled or replaced by a larger one only between pieces, after the iterator has read its
    /// piece to the end and before it is reset on the next one.
    private var window: UnsafeMutableBufferPointer<UInt8>
    private var start = 0, end = 0, count = 0
    private var isLastPiece = false

    /// The first window's size; a piece is most of it.
    static let windowSize = 1 << 16

    /// The elements of `escaped` unescaped by `unescape`, skipping the leading article `articles`
    /// finds, with the mappings of `tailoring` under `settings`, cut at `boundaries` (theirs);
    /// `windowSize` (at least twice
    /// ``KeyUnescaping/minimumOutput``) is for tests. Call ``deallocate()`` when done.
    init(
        escaped: UnsafeBufferPointer<UInt8>, unescape: @escaping KeyUnescaping.Unescape, articles: LeadingArticleMatcher?,
        tailoring: CollationTailoring, settings: CollationSettings, boundaries: Boundaries, windowSize: Int = windowSize
    ) {
        precondition(windowSize >= 2 * KeyUnescaping.minimumOutput)
        self.escaped = escaped
        self.unescape = unescape
        self.boundaries = boundaries
        iterator = CollationElementIterator(
            data: tailoring.data, utf8: UnsafeBufferPointer(start: nil, count: 0), numeric: settings.isNumeric,
            checkFCD: settings.checksFCD)
        window = .allocate(capacity: windowSize)
        fill()
        if let articles {
            // The article and the spaces after it are skipped only when something follows them:
            // the window must see past the spaces.
            while position < escaped.count && (count == 0 || window[count - 1] == 0x20 || window[count - 1] == 0x09) { grow() }
            start = count - articles.remainder(of: UnsafeBufferPointer(rebasing: window[0..<count])).count
        }
        startPiece()
    }

    func deallocate() { window.deallocate() }

    /// Unescapes into the rest of the window.
    private mutating func fill() {
        while position < escaped.count && window.count - count >= KeyUnescaping.minimumOutput {
            count += unescape(escaped, &position, UnsafeMutableBufferPointer(rebasing: window[count...]))
        }
    }

    /// Doubles the window and fills it.
    private mutating func grow() {
        let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: window.count * 2)
        _ = larger.initialize(from: window[0..<count])
        window.deallocate()
        window = larger
        fill()
    }

    /// Starts the iterator on the next piece: up to the last place in the window where the text
    /// may be cut, or the rest of the text.
    private mutating func startPiece() {
        while true {
            if position == escaped.count {
                end = count
                isLastPiece = true
                break
            }
            if let cut = boundaries.lastCut(in: UnsafeBufferPointer(rebasing: window[0..<count]), after: start) {
                end = cut
                break
            }
            grow()
        }
        iterator.reset(utf8: UnsafeBufferPointer(rebasing: window[start..<end]))
    }

    /// Moves what follows the piece to the front of the window, fills the window, and starts the
    /// next piece.
    private mutating func nextPiece() {
        let rest = count - end
        if rest > 0 { window.baseAddress!.update(from: window.baseAddress! + end, count: rest) }
        count = rest
        start = 0
        fill()
        startPiece()
    }

    mutating func nextCE() -> UInt64 {
        while true {
            let ce = iterator.nextCE()
            if ce != CE32.noCE || isLastPiece { return ce }
            nextPiece()
        }
    }

    mutating func forEachCE(prepared: PreparedElementTable?, _ body: (UInt64, Bool) -> Bool) {
        while true {
            var pieceEnded = false
            let isLast = isLastPiece
            iterator.forEachCE(prepared: prepared) { ce, isPrepared in
                if !isPrepared && ce == CE32.noCE && !isLast {
                    pieceEnded = true
                    return false
                }
                return body(ce, isPrepared)
            }
            guard pieceEnded else { return }
            nextPiece()
        }
    }

    /// Where text may be cut for a collation's tailoring and numeric setting.
    struct Boundaries {
        /// The characters inside contractions and prefix mappings.
        private let inside: Set<UInt32>
        private let data: CollationData
        private let numeric: Bool
        /// The characters at or above this are not cut before (the sets above end there).
        private static let limit: UInt32 = 0xD800

        init(tailoring: CollationTailoring, numeric: Bool) {
            inside = ContextCharacters.inside(tailoring, below: Self.limit)
            data = tailoring.data
            self.numeric = numeric
        }

        /// Whether the text may be cut before `c`.
        func isCut(before c: UInt32) -> Bool {
            guard c < Self.limit, NormalizationTable.shared.fcd16(c) >> 8 == 0, !inside.contains(c) else { return false }
            return !numeric || !CE32.hasTag(data.finalCE32(c).0, .digit)
        }

        /// The last offset after `start` in `text` where it may be cut, nil for none. A
        /// character cut off by the end of `text` reads as U+FFFD, which is not cut before.
        func lastCut(in text: UnsafeBufferPointer<UInt8>, after start: Int) -> Int? {
            var offset = text.count - 1
            while offset > start {
                // Only where a character starts: neither a lead byte nor ASCII ends a sequence
                // before it, so the text before decodes as it does in the whole.
                if text[offset] & 0xC0 != 0x80 {
                    var next = offset
                    if isCut(before: CollationUTF8.decode(text, at: &next)) { return offset }
                }
                offset -= 1
            }
            return nil
        }
    }
}
