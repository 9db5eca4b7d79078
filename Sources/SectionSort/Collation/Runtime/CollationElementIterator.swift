/// Turns UTF-8 text into ICU's 64-bit collation elements (CEs), as the FCD iterator behind ICU 76's
/// `ucol_getSortKey` does for the same data (its forward segmentation is that of ICU's FCD UTF-8
/// iterator; where contraction matching backs up into a normalized segment, it follows the UTF-16
/// one's backward check): FCD check and NFD of the segments that fail it (when
/// `checkFCD`, ICU's normalization setting), contractions including discontiguous ones, prefix
/// (context) mappings, expansions, implicit weights, Hangul syllables and numeric digit sequences
/// (when `numeric`).
///
/// The text is read forward once; the code points read so far stay in a buffer, since prefix
/// mappings look back and contraction matching backs up. Ill-formed UTF-8 reads as U+FFFD per
/// maximal subpart.
///
/// The iterator keeps a pointer to the text: the buffer must stay valid while it is used.
package struct CollationElementIterator {
    private let data: CollationData
    /// The tries of `data` and of its base, held here so that the per-character look-up reads no
    /// object.
    private let trie: CollationTrie
    private let baseTrie: CollationTrie?
    /// The parts of `data` and of its base that characters read without context use, for the
    /// same reason.
    private let parts: CollationData.Parts
    private let baseParts: CollationData.Parts
    private let numeric: Bool
    private let checkFCD: Bool
    private let normalization = NormalizationTable.shared

    private var text: UnsafeBufferPointer<UInt8>
    /// The next byte of `text` to decode.
    private var textPosition = 0
    /// The code points decoded so far (FCD segments normalized), and the reading position.
    private let codePoints = CollationScratchBuffer<UInt32>(capacity: 64)
    private var position = 0
    /// CEs of the current code point(s) not yet returned.
    private let ces = CollationScratchBuffer<UInt64>(capacity: 16)
    private var cesIndex = 0
    private var skipped = SkippedMarks()
    /// The segments that the FCD check normalized where ICU 76 reads the text again without
    /// normalizing when it backs up into them after it has read beyond them (see
    /// ``backward(_:)``), in text order.
    private var rereadSegments: [RereadSegment] = []
    private var discontiguousLoopCount = 0
    /// Whether the text is read without the code point buffer: while no character so far needed
    /// context (contractions, prefixes, FCD segments), the characters are not kept; the first one
    /// that does goes to the buffered reading, which first decodes the text read since
    /// `unbufferedStart` into the buffer (prefixes look back), and returns to this mode once the
    /// buffer is used up.
    private var isUnbuffered = true
    private var unbufferedStart = 0
    /// The CEs of U+0000–U+017F, each with bit 0 set where it holds only before a character
    /// that does not start with a combining mark (the defaults of contractions whose suffixes all start with a combining mark,
    /// and Latin-1 letters under the FCD check), or 1 where the character needs the buffered
    /// reading.
    private let latinCEs: CollationScratchBuffer<UInt64>
    /// The elements of ``latinCEs``, for ``readLeftCharacter(at:previousWasRead:prepared:)``,
    /// without the buffer's indirection. Valid while the iterator lives: the iterator holds the
    /// buffer, which is filled once at init and never appended to again, so its memory never
    /// moves.
    private let latinTable: UnsafePointer<UInt64>
    private static let latinLimit: UInt32 = 0x180

    private static let noCodePoint = UInt32.max
    /// A bound on contraction matching work for one element, against pathological input (later
    /// ICU versions bound it per text).
    private static let discontiguousLoopLimit = 2400

    /// An iterator over `utf8` with the mappings of `data`.
    package init(data: CollationData, utf8: UnsafeBufferPointer<UInt8>, numeric: Bool = false, checkFCD: Bool = false) {
        self.data = data
        trie = data.trie
        baseTrie = data.base?.trie
        parts = data.parts
        baseParts = data.base?.parts ?? data.parts
        self.numeric = numeric
        self.checkFCD = checkFCD
        text = utf8
        latinCEs = Self.latinCEs(data, numeric: numeric, checkFCD: checkFCD)
        latinTable = latinCEs.elements
    }

    /// The table of ``latinCEs``: what reading U+0000–U+017F without context gives.
    private static func latinCEs(_ data: CollationData, numeric: Bool, checkFCD: Bool) -> CollationScratchBuffer<UInt64> {
        let table = CollationScratchBuffer<UInt64>(capacity: Int(latinLimit))
        let normalization = NormalizationTable.shared
        for c in 0..<latinLimit {
            var (ce32, d) = data.finalCE32(c)
            var entry: UInt64 = 1
            var beforeStarterOnly = checkFCD && normalization.fcd16(c) & 0xFF != 0
            if CE32.hasTag(ce32, .digit) && !numeric { ce32 = d.ce32s.uint32(CE32.index(ce32)) }
            if CE32.hasTag(ce32, .contraction) && ce32 & CE32.contractNextCCC != 0 {
                ce32 = d.contextDefaultCE32(CE32.index(ce32))
                beforeStarterOnly = true
            }
            if !CE32.isSpecial(ce32) || CE32.hasTag(ce32, .longPrimary) || CE32.hasTag(ce32, .longSecondary) {
                entry = CE32.ce(ce32)
                // An ignorable before a starter only: the buffered reading.
                if beforeStarterOnly { entry = entry == 0 ? 1 : entry | 1 }
            }
            table.append(entry)
        }
        return table
    }

    /// Starts over on new text, keeping the buffers.
    package mutating func reset(utf8: UnsafeBufferPointer<UInt8>) {
        text = utf8
        textPosition = 0
        codePoints.removeAll()
        position = 0
        ces.removeAll()
        cesIndex = 0
        skipped.clear()
        // Tested first: emptying an array is a call even when it is empty.
        if !rereadSegments.isEmpty { rereadSegments.removeAll(keepingCapacity: true) }
        discontiguousLoopCount = 0
        isUnbuffered = true
        unbufferedStart = 0
    }

    /// The next collation element, or ``CE32/noCE`` at the end of the text.
    ///
    /// Inlined into the key writer's loop: the common case (a character read without context
    /// whose CE32 is simple or a long primary) costs no call.
    @inline(__always)
    package mutating func nextCE() -> UInt64 {
        if cesIndex < ces.count {
            cesIndex += 1
            return ces[cesIndex - 1]
        }
        guard isUnbuffered else { return nextBufferedCE() }
        guard textPosition < text.count else { return CE32.noCE }
        let byte = text[textPosition]
        if byte < 0x80 {
            let entry = latinCEs[Int(byte)]
            if entry & 1 == 0 {
                textPosition += 1
                return entry
            }
            return nextLatinCE(entry, UInt32(byte), end: textPosition + 1)
        }
        var end = textPosition
        let c = CollationUTF8.decode(text, at: &end)
        if c < Self.latinLimit { return nextLatinCE(latinCEs[Int(c)], c, end: end) }
        // Under the FCD check, only characters that do not start with a combining mark, and end
        // with one only before a character that does not start with one, are read without context.
        let fcd = checkFCD ? normalization.fcd16(c) : 0
        if fcd == 0 || (fcd <= 0xFF && isBeforeStarter(end)) {
            var ce32 = trie.get(c)
            if !CE32.isSpecial(ce32) {
                textPosition = end
                return CE32.simpleCE(ce32)
            }
            var inBase = false
            if ce32 == CE32.fallback, let baseTrie {
                ce32 = baseTrie.get(c)
                if !CE32.isSpecial(ce32) {
                    textPosition = end
                    return CE32.simpleCE(ce32)
                }
                inBase = true
            }
            if ce32 & 0xFF == 0xC1 {
                textPosition = end
                return CE32.ce(ce32)
            }
            let ce = contextFreeCE(c, ce32, inBase: inBase, end: &end)
            if ce != 1 {
                textPosition = end
                return ce
            }
        }
        return startBuffering()
    }

    /// Calls `body` with each CE in turn, ``CE32/noCE`` last, until it returns false: the CEs of
    /// ``nextCE()``, with the characters that need no context read in a loop that keeps the
    /// reading position in a local variable (a CE handed to `body` does not make the loop read it
    /// from the iterator again). Where `prepared` has an entry for a character, `body` gets that
    /// entry instead of the CE, with true.
    ///
    /// Inlined with `body` into the key writer, whose levels are then written from the same loop.
    /// The loop reads the characters with prepared elements itself and calls
    /// ``readLeftCharacter(at:previousWasRead:prepared:)`` for the others: the smaller the loop,
    /// the more of `body` the compiler inlines into it (code added to the loop made every script
    /// slower, the code moved out made most faster; see Benchmarks/README.md).
    @inline(__always)
    package mutating func forEachCE(prepared: PreparedElementTable?, _ body: (UInt64, Bool) -> Bool) {
        // Whether the loop below reached the end of the text, where nextCE() would return
        // ``CE32/noCE``: handed on without the call.
        var isAtEnd = false
        let blocks = prepared?.blocks
        while true {
            if isUnbuffered {
                let text = text
                var position = textPosition
                // The CEs not yet returned (of an expansion or a Hangul syllable), read from
                // `ces` through a pointer taken after each change of the buffer.
                var pending = ces.elements
                var pendingIndex = cesIndex
                var pendingCount = ces.count
                // Whether the last character was read by this loop.
                var previousWasRead = false
                while true {
                    if let blocks, pendingIndex == pendingCount, let base = text.baseAddress {
                        // The characters with one prepared element and no condition on the
                        // next one, in a loop of their own that keeps few variables: a pointer
                        // into the text rather than an index and the text's start.
                        let textEnd = base + text.count
                        var current = base + position
                        while current < textEnd {
                            var end = current
                            let c = CollationUTF8.decode(at: &end, end: textEnd)
                            guard c < 0x10000 else { break }
                            let block = blocks[Int(c >> 6)]
                            var elements = block + Int(c & 63)
                            let entry = elements.pointee
                            var count = 1
                            if entry & PreparedElementTable.special != 0 {
                                // Before a starter only: followed by a character below U+0300
                                // (lead byte CC) or by the end here, the others are checked below.
                                if entry & PreparedElementTable.beforeStarterOnly != 0 {
                                    guard isBeforeStarterInline(end, textEnd: textEnd) else { break }
                                }
                                if entry & PreparedElementTable.unfilled == PreparedElementTable.multiple {
                                    count = Int((entry >> 16) & 0xFF)
                                    if count != 0 {
                                        elements = block + Int(entry >> 32)
                                    } else {
                                        // A Hangul syllable: its jamo's elements.
                                        let table = prepared.unsafelyUnwrapped
                                        let s = c - 0xAC00
                                        let t = Int(s % 28)
                                        elements = table.syllable
                                        if entry & PreparedElementTable.fusedHangul != 0 {
                                            let fused = table.fusedJamo + Int(entry >> 32) * FusedJamo.count
                                            elements[0] = fused[Int(s / 28)] | fused[FusedJamo.trailingStart + t]
                                            elements[1] = FusedJamo.commonWeightsOnly
                                            elements[2] = FusedJamo.commonWeightsOnly
                                        } else {
                                            let jamo = table.jamo + Int(entry >> 32) * 67
                                            elements[0] = jamo[Int(s / 588)]
                                            elements[1] = jamo[19 + Int((s % 588) / 28)]
                                            elements[2] = jamo[39 + t]
                                        }
                                        count = t == 0 ? 2 : 3
                                    }
                                } else if entry & PreparedElementTable.unfilled != 0 {
                                    break
                                }
                            }
                            current = end
                            // One call of `body`, so that its code is inlined once. Prepared
                            // elements are never the end, for which alone the writer returns false.
                            var index = 0
                            repeat {
                                _ = body(elements[index], true)
                                index += 1
                            } while index < count
                        }
                        if current != base + position {
                            position = current - base
                            previousWasRead = true
                        }
                    }
                    var ce: UInt64
                    var isPrepared = false
                    if pendingIndex < pendingCount {
                        ce = pending[pendingIndex]
                        pendingIndex += 1
                    } else if position == text.count {
                        isAtEnd = true
                        break
                    } else {
                        let left = readLeftCharacter(at: position, previousWasRead: previousWasRead, prepared: prepared)
                        pending = ces.elements
                        pendingIndex = cesIndex
                        pendingCount = ces.count
                        if left.kind == .filled { continue }
                        if left.kind == .buffered { break }
                        ce = left.ce
                        isPrepared = left.kind == .preparedEntry
                        position = left.end
                        previousWasRead = true
                    }
                    guard body(ce, isPrepared) else {
                        textPosition = position
                        cesIndex = pendingIndex
                        return
                    }
                }
                textPosition = position
                cesIndex = pendingIndex
            }
            guard body(isAtEnd ? CE32.noCE : nextCEOutOfLine(), false) else { return }
        }
    }

    /// What ``readLeftCharacter(at:previousWasRead:prepared:)`` read.
    private enum LeftCharacter {
        /// A collation element, with the rest of the character's in the CE buffer.
        case element
        /// The character's prepared entry.
        case preparedEntry
        /// Nothing: the character's block of prepared entries was filled, to be read again.
        case filled
        /// Nothing: the character needs the buffered reading.
        case buffered
    }

    /// Reads the character at `position` that the prepared loop of ``forEachCE(prepared:_:)``
    /// leaves (an element before a starter only, a block not filled yet, no entry): its first CE,
    /// the others put in the CE buffer (emptied first), where it ends, and what it is. Out of
    /// line, so that the loop that calls it stays small enough for the key writer to be inlined
    /// into it.
    @inline(never)
    private mutating func readLeftCharacter(
        at position: Int, previousWasRead: Bool, prepared: PreparedElementTable?
    ) -> (ce: UInt64, end: Int, kind: LeftCharacter) {
        ces.removeAll()
        cesIndex = 0
        let lead = text[position]
        var end = position + 1
        var c = UInt32(lead)
        if lead >= 0x80 {
            end = position
            c = CollationUTF8.decode(text, at: &end)
        }
        if let prepared, c < 0x10000 {
            let entry = prepared.blocks[Int(c >> 6)][Int(c & 63)]
            if entry & PreparedElementTable.unfilled == PreparedElementTable.unfilled {
                prepared.fill(c)
                return (0, end, .filled)
            }
            if entry & PreparedElementTable.unfilled == 0 && isBeforeStarter(end) { return (entry, end, .preparedEntry) }
        }
        var ce: UInt64
        if lead < 0x80 {
            ce = latinTable[Int(lead)]
            // Bit 0: before a character that starts with no combining mark only (below U+0300,
            // lead byte CC, and the end are such).
            let beforeMark: UInt64 = end < text.count && text[end] >= 0xCC ? 1 : 0
            guard (ce & beforeMark) | (ce == 1 ? 1 : 0) == 0 else { return (0, end, .buffered) }
            ce &= ~1
        } else if c < Self.latinLimit {
            ce = latinTable[Int(c)]
            if ce & 1 != 0 {
                guard ce != 1 && isBeforeStarter(end) else { return (0, end, .buffered) }
                ce &= ~1
            }
        } else {
            if checkFCD {
                // A combining mark (lead class > 0) after a character the loop read (so one
                // without a contraction that could take the mark, whose trail class is 0 since a
                // mark follows) and before a character that starts with none is a segment in FCD
                // order: read as it is, as ICU does. Tibetan composite vowels always go through
                // the segment check.
                let fcd = normalization.fcd16(c)
                if fcd != 0 {
                    guard fcd <= 0xFF || (previousWasRead && !Self.isTibetanCompositeVowel(fcd)), isBeforeStarter(end) else {
                        return (0, end, .buffered)
                    }
                }
            }
            var ce32 = trie.get(c)
            var inBase = false
            if ce32 == CE32.fallback, let baseTrie {
                ce32 = baseTrie.get(c)
                inBase = true
            }
            if !CE32.isSpecial(ce32) {
                ce = CE32.simpleCE(ce32)
            } else if ce32 & 0xFF == 0xC1 {
                ce = CE32.ce(ce32)
            } else {
                ce = contextFreeCE(c, ce32, inBase: inBase, end: &end)
                guard ce != 1 else {
                    ces.removeAll()
                    cesIndex = 0
                    return (0, end, .buffered)
                }
            }
        }
        return (ce, end, .element)
    }

    /// ``nextCE()`` as a call, for the characters that ``forEachCE(_:)`` does not read itself.
    @inline(never)
    private mutating func nextCEOutOfLine() -> UInt64 { nextCE() }

    /// The CE of a character below U+0180 whose table entry has bit 0 set: its CE where the next
    /// character does not start with a combining mark, else the buffered reading's.
    @inline(__always)
    private mutating func nextLatinCE(_ entry: UInt64, _ c: UInt32, end: Int) -> UInt64 {
        if entry != 1 && isBeforeStarter(end) {
            textPosition = end
            return entry & ~1
        }
        return startBuffering()
    }

    /// Whether the character at byte `end` (if any) does not start with a combining mark (its
    /// lead combining class is 0): below U+0300 (lead byte CC) without a look-up.
    @inline(__always)
    private func isBeforeStarter(_ end: Int) -> Bool {
        end == text.count || text[end] < 0xCC || Self.leadCombiningClassIsZero(text, at: end)
    }

    /// ``isBeforeStarter(_:)`` with the look-up inline, for the loop of prepared elements, where
    /// the character after one that holds before a starter only is mostly a letter of the same
    /// script (from U+0300 on for Greek, Cyrillic, kana).
    @inline(__always)
    private func isBeforeStarterInline(_ end: UnsafePointer<UInt8>, textEnd: UnsafePointer<UInt8>) -> Bool {
        if end == textEnd || end.pointee < 0xCC { return true }
        var at = end
        return normalization.fcd16(CollationUTF8.decode(at: &at, end: textEnd)) <= 0xFF
    }

    /// Static, with the text passed in: a method called from the middle of a mutating one made a
    /// copy of the whole iterator for each call.
    @inline(never)
    private static func leadCombiningClassIsZero(_ text: UnsafeBufferPointer<UInt8>, at end: Int) -> Bool {
        var at = end
        return NormalizationTable.shared.fcd16(CollationUTF8.decode(text, at: &at)) <= 0xFF
    }

    /// The first CE of a special CE32 that needs no context (expansions, computed weights, and
    /// contractions that the next character decides: see ``contractionCE32(_:_:end:)``), with the
    /// others put in the CE buffer; or 1 (no CE) for the others. `end` is where the character's
    /// bytes end, moved past the next character where a contraction takes it (only when a CE is
    /// returned).
    ///
    /// Reads the data's parts held in ``parts`` rather than through the data objects, so that it
    /// retains nothing.
    @inline(never)
    private mutating func contextFreeCE(_ c: UInt32, _ value: UInt32, inBase: Bool, end: inout Int) -> UInt64 {
        let parts = inBase ? baseParts : parts
        var ce32 = value
        var matchEnd = end
        if CE32.hasTag(ce32, .contraction) {
            guard let matched = contractionCE32(ce32, parts.contexts, end: &matchEnd) else { return 1 }
            ce32 = matched
            if !CE32.isSpecial(ce32) {
                end = matchEnd
                return CE32.simpleCE(ce32)
            }
            // A suffix's CE32: an expansion or a single CE (the computed ones belong to a code
            // point, not to a contraction).
            if matchEnd != end && !Self.isSuffixTag(CE32.tag(ce32)) { return 1 }
        }
        let ce: UInt64
        switch CE32.tag(ce32) {
        case .longPrimary, .longSecondary:
            ce = CE32.ce(ce32)
        case .latinExpansion:
            startCEs(UInt64(ce32 & 0xFF00) << 16 | 0x0500)
            ce = UInt64(ce32 & 0xFF00_0000) << 32 | 0x0500_0000 | UInt64((ce32 & 0xFF_0000) >> 8)
        case .expansion32:
            let start = CE32.index(ce32)
            let length = CE32.length(ce32)
            if length > 1 {
                startCEs(CE32.ce(parts.ce32s.uint32(start + 1)))
                for index in start + 2..<start + length { ces.append(CE32.ce(parts.ce32s.uint32(index))) }
            }
            ce = CE32.ce(parts.ce32s.uint32(start))
        case .expansion:
            let start = CE32.index(ce32)
            let length = CE32.length(ce32)
            if length > 1 {
                startCEs(parts.ces.uint64(start + 1))
                for index in start + 2..<start + length { ces.append(parts.ces.uint64(index)) }
            }
            ce = parts.ces.uint64(start)
        case .offset:
            ce = CollationData.ceFromOffsetCE32(c, ce32, ces: parts.ces)
        case .hangul where ce32 & CE32.hangulNoSpecialJamo != 0:
            var syllable = c - 0xAC00
            let t = Int(syllable % 28)
            syllable /= 28
            let v = Int(syllable % 21)
            let l = Int(syllable / 21)
            startCEs(CE32.ce(parts.jamoCE32s.uint32(19 + v)))
            if t != 0 { ces.append(CE32.ce(parts.jamoCE32s.uint32(39 + t))) }
            ce = CE32.ce(parts.jamoCE32s.uint32(l))
        case .implicit where c < 0xD800 || c > 0xDFFF:
            ce = CE32.ce(primary: CE32.unassignedPrimary(c))
        default:
            return 1
        }
        end = matchEnd
        return ce
    }

    @inline(__always)
    private static func isSuffixTag(_ tag: CE32.Tag) -> Bool {
        switch tag {
        case .longPrimary, .longSecondary, .latinExpansion, .expansion32, .expansion: true
        default: false
        }
    }

    /// The CE32 of a character whose CE32 is the contraction `ce32` where the next character
    /// decides it without the buffered reading, as ICU's contraction matching would: the
    /// default at the end of the text, or before a character that starts with no combining mark
    /// when every suffix starts with one; the suffix's CE32 where the next character (one that
    /// normalization leaves as it is) is a whole suffix that no longer one continues (`end` then
    /// moves past it); the default where no suffix starts with it (a character without a
    /// combining class, so no discontiguous match either). Nil for the rest.
    @inline(__always)
    private func contractionCE32(_ ce32: UInt32, _ contexts: CollationBytes, end: inout Int) -> UInt32? {
        let index = CE32.index(ce32)
        let defaultCE32 = UInt32(contexts.uint16(index)) << 16 | UInt32(contexts.uint16(index + 1))
        if end == text.count || (ce32 & CE32.contractNextCCC != 0 && isBeforeStarter(end)) { return defaultCE32 }
        var next = end
        let following = CollationUTF8.decode(text, at: &next)
        guard normalization.fcd16(following) == 0 else { return nil }
        var suffixes = ContextTrie(contexts, root: index + 2)
        switch suffixes.first(following) {
        case .finalValue:
            end = next
            return UInt32(bitPattern: suffixes.value)
        case .noMatch:
            return defaultCE32
        default:
            return nil
        }
    }

    /// Empties the CE buffer and puts `ce` in it, the next CE to return.
    @inline(__always)
    private mutating func startCEs(_ ce: UInt64) {
        ces.removeAll()
        cesIndex = 0
        ces.append(ce)
    }

    /// Leaves the unbuffered reading at the character at `textPosition`: the code points read
    /// without the buffer go into it, and the character is read with context.
    @inline(never)
    private mutating func startBuffering() -> UInt64 {
        var at = unbufferedStart
        while at < textPosition { codePoints.append(CollationUTF8.decode(text, at: &at)) }
        position = codePoints.count
        isUnbuffered = false
        return nextBufferedCE()
    }

    /// The next CE from the buffered reading (ICU's), which returns to the unbuffered one once
    /// the buffer and the skipped combining marks are used up.
    @inline(never)
    private mutating func nextBufferedCE() -> UInt64 {
        while true {
            ces.removeAll()
            cesIndex = 0
            // The bound on contraction matching holds per element: ICU 76 matches any number of
            // contractions in one text (a text of 2,500 Slovak "ch" has 2,500 elements).
            discontiguousLoopCount = 0
            let c: UInt32
            if position < codePoints.count {
                c = codePoints[position]
            } else if textPosition < text.count {
                // ASCII needs no FCD check: read it here rather than through readMore.
                let byte = text[textPosition]
                if byte < 0x80 {
                    textPosition += 1
                    c = UInt32(byte)
                    codePoints.append(c)
                } else {
                    readMore()
                    c = codePoints[position]
                }
            } else {
                return CE32.noCE
            }
            if !rereadSegments.isEmpty { markLeftRereadSegment() }
            position += 1
            let (ce32, d) = data.finalCE32(c)
            appendCEs(d, c, ce32)
            if position == codePoints.count && skipped.isEmpty {
                isUnbuffered = true
                unbufferedStart = textPosition
            }
            if !ces.isEmpty {
                cesIndex = 1
                return ces[0]
            }
            if isUnbuffered { return nextCE() }
        }
    }

    // MARK: Reading code points

    private mutating func nextCodePoint() -> UInt32? {
        if !rereadSegments.isEmpty { markLeftRereadSegment() }
        if position == codePoints.count {
            guard textPosition < text.count else { return nil }
            readMore()
        }
        position += 1
        return codePoints[position - 1]
    }

    private mutating func previousCodePoint() -> UInt32? {
        guard position > 0 else { return nil }
        backward(1)
        return codePoints[position]
    }

    private mutating func forward(_ count: Int) {
        for _ in 0..<count where nextCodePoint() == nil { break }
    }

    /// Marks the last reread segment as left once the reading is beyond it (the ones before it
    /// were left when it was read).
    @inline(__always)
    private mutating func markLeftRereadSegment() {
        let last = rereadSegments.count - 1
        if position >= rereadSegments[last].end { rereadSegments[last].isLeft = true }
    }

    private mutating func backward(_ count: Int) {
        var newPosition = max(0, position - count)
        // Out of every reread segment the backup crosses, the latest first, as ICU reads the text
        // backward segment by segment.
        while let index = lastRereadSegment(before: position, after: newPosition) {
            let segment = rereadSegments.remove(at: index)
            let back = segment.end - newPosition
            let newEnd = backIntoRereadSegment(segment)
            // The segments after it (the reading is back inside or before them) move with the
            // code points.
            for later in index..<rereadSegments.count {
                rereadSegments[later].start += newEnd - segment.end
                rereadSegments[later].end += newEnd - segment.end
                rereadSegments[later].isLeft = false
            }
            position = newEnd
            newPosition = max(0, newEnd - back)
        }
        position = newPosition
    }

    /// The index of the last reread segment that reading has left, that ends at or before
    /// `position` and after `newPosition`: the segments are in text order, so the search stops
    /// at the first one that ends at or before `newPosition` (a backup is short; the list may be
    /// long).
    private func lastRereadSegment(before position: Int, after newPosition: Int) -> Int? {
        var index = rereadSegments.count - 1
        while index >= 0 {
            let segment = rereadSegments[index]
            if segment.end <= newPosition { return nil }
            if segment.isLeft && segment.end <= position { return index }
            index -= 1
        }
        return nil
    }

    /// Replaces the code points of `segment` with what ICU's FCD UTF-16 iterator reads when it
    /// backs up into the segment after it has left it, and returns the segment's new end: it reads
    /// the text backward again, checking FCD between code units. Its check sees no trailing
    /// combining class in a trail surrogate, so a last character that follows a supplementary one
    /// reads as it is in the text, and the characters before it are checked again on their own.
    private mutating func backIntoRereadSegment(_ segment: RereadSegment) -> Int {
        var front = Array(segment.raw.dropLast())
        if !Self.isFCD(front, normalization) { normalization.normalizeToNFD(&front) }
        let replacement = front + [segment.raw[segment.raw.count - 1]]
        codePoints.replaceSubrange(segment.start..<segment.end, with: replacement)
        return segment.start + replacement.count
    }

    /// Whether `codePoints` pass ICU's forward FCD check (ICU's FCD UTF-16 nextSegment).
    static func isFCD(_ codePoints: [UInt32], _ normalization: NormalizationTable) -> Bool {
        var previousCC: UInt16 = 0
        for c in codePoints {
            let fcd = normalization.fcd16(c)
            let leadCC = fcd >> 8
            if leadCC != 0 && (previousCC > leadCC || isTibetanCompositeVowel(fcd)) { return false }
            previousCC = fcd & 0xFF
        }
        return true
    }

    /// Decodes the next code point, or, where the text fails ICU's FCD check, the next segment
    /// up to the following FCD boundary in NFD.
    @inline(__always)
    private mutating func readMore() {
        let start = textPosition
        let c = CollationUTF8.decode(text, at: &textPosition)
        guard checkFCD, c >= 0xC0 else {
            codePoints.append(c)
            return
        }
        readMoreChecked(c, from: start)
    }

    /// The rest of ``readMore()`` for a character that may start a segment that is not in FCD.
    private mutating func readMoreChecked(_ c: UInt32, from start: Int) {
        let fcd = normalization.fcd16(c)
        guard fcd & 0xFF != 0, Self.isTibetanCompositeVowel(fcd) || nextHasLeadCombiningClass() else {
            codePoints.append(c)
            return
        }
        textPosition = start
        readSegment()
    }

    private static func isTibetanCompositeVowel(_ fcd: UInt16) -> Bool { fcd == 0x8182 || fcd == 0x8184 }

    private func nextHasLeadCombiningClass() -> Bool {
        guard textPosition < text.count, text[textPosition] >= 0xCC else { return false }
        var at = textPosition
        return normalization.fcd16(CollationUTF8.decode(text, at: &at)) > 0xFF
    }

    /// ICU's FCDUTF8CollationIterator::nextSegment: the characters up to the next FCD boundary,
    /// normalized if they are not in FCD order.
    private mutating func readSegment() {
        let segmentStart = textPosition
        var segment: [UInt32] = []
        var previousCC: UInt16 = 0
        while true {
            let characterStart = textPosition
            let c = CollationUTF8.decode(text, at: &textPosition)
            let fcd = normalization.fcd16(c)
            let leadCC = fcd >> 8
            if leadCC == 0 && characterStart != segmentStart {
                textPosition = characterStart
                break
            }
            segment.append(c)
            if leadCC != 0 && (previousCC > leadCC || Self.isTibetanCompositeVowel(fcd)) {
                // Not FCD: take everything up to the next character with lead class 0, in NFD.
                while textPosition < text.count {
                    let next = textPosition
                    let c = CollationUTF8.decode(text, at: &textPosition)
                    if normalization.fcd16(c) <= 0xFF {
                        textPosition = next
                        break
                    }
                    segment.append(c)
                }
                let raw = segment
                normalization.normalizeToNFD(&segment)
                // Kept only where ICU's backward check would not find the boundary again: a BMP
                // last character after a supplementary one (the check sees no combining class on a
                // trail surrogate), unless it may be a Tibetan composite vowel (an odd code point
                // in U+0F01–U+0FFF).
                let last = raw[raw.count - 1]
                if raw.count >= 2 && last < 0x10000 && last & 0x1F_FF01 != 0xF01 && raw[raw.count - 2] >= 0x10000 {
                    // Reading on from the one before it has left that one.
                    if !rereadSegments.isEmpty { rereadSegments[rereadSegments.count - 1].isLeft = true }
                    rereadSegments.append(
                        RereadSegment(start: codePoints.count, end: codePoints.count + segment.count, raw: raw))
                }
                break
            }
            previousCC = fcd & 0xFF
            if textPosition == text.count || previousCC == 0 { break }
        }
        codePoints.append(contentsOf: segment)
    }

    // MARK: CE32s to CEs (ICU's CollationIterator::appendCEsFromCE32, forward only)

    private mutating func appendCEs(_ d: CollationData, _ codePoint: UInt32, _ value: UInt32) {
        var c = codePoint
        var ce32 = value
        while CE32.isSpecial(ce32) {
            switch CE32.tag(ce32) {
            case .fallback, .reserved3, .builderData:
                // Not in runtime data; ICU reports an internal error.
                ce32 = CE32.fffd
            case .longPrimary, .longSecondary:
                ces.append(CE32.ce(ce32))
                return
            case .latinExpansion:
                ces.append(UInt64(ce32 & 0xFF00_0000) << 32 | 0x0500_0000 | UInt64((ce32 & 0xFF_0000) >> 8))
                ces.append(UInt64(ce32 & 0xFF00) << 16 | 0x0500)
                return
            case .expansion32:
                let start = CE32.index(ce32)
                for index in start..<start + CE32.length(ce32) { ces.append(CE32.ce(d.ce32s.uint32(index))) }
                return
            case .expansion:
                let start = CE32.index(ce32)
                for index in start..<start + CE32.length(ce32) { ces.append(d.ces.uint64(index)) }
                return
            case .prefix:
                backward(1)
                ce32 = ce32FromPrefix(d, ce32)
                forward(1)
            case .contraction:
                let index = CE32.index(ce32)
                let defaultCE32 = d.contextDefaultCE32(index)
                guard let next = nextSkippedCodePoint() else {
                    ce32 = defaultCE32
                    continue
                }
                if ce32 & CE32.contractNextCCC != 0 && normalization.fcd16(next) <= 0xFF {
                    // Every suffix starts with a character of lead class > 0; this one has 0.
                    backwardSkipped(1)
                    ce32 = defaultCE32
                    continue
                }
                ce32 = ce32FromContraction(d, ce32, trieRoot: index + 2, defaultCE32, next)
                if ce32 == CE32.noCE32 { return }
            case .digit:
                if numeric {
                    appendNumericCEs(ce32)
                    return
                }
                ce32 = d.ce32s.uint32(CE32.index(ce32))
            case .u0000:
                ce32 = d.ce32s.uint32(0)
            case .hangul:
                let jamo = d.jamoCE32s
                var syllable = c - 0xAC00
                let t = Int(syllable % 28)
                syllable /= 28
                let v = Int(syllable % 21)
                let l = Int(syllable / 21)
                if ce32 & CE32.hangulNoSpecialJamo != 0 {
                    ces.append(CE32.ce(jamo.uint32(l)))
                    ces.append(CE32.ce(jamo.uint32(19 + v)))
                    if t != 0 { ces.append(CE32.ce(jamo.uint32(39 + t))) }
                    return
                }
                appendCEs(d, Self.noCodePoint, jamo.uint32(l))
                appendCEs(d, Self.noCodePoint, jamo.uint32(19 + v))
                if t == 0 { return }
                ce32 = jamo.uint32(39 + t)
                c = Self.noCodePoint
            case .leadSurrogate:
                // Only UTF-16 code units map to this tag; code points never do.
                ce32 = CE32.fffd
            case .offset:
                ces.append(CollationData.ceFromOffsetCE32(c, ce32, ces: d.ces))
                return
            case .implicit:
                if c >= 0xD800 && c <= 0xDFFF {
                    ce32 = CE32.fffd
                } else {
                    ces.append(CE32.ce(primary: CE32.unassignedPrimary(c)))
                    return
                }
            }
        }
        ces.append(CE32.simpleCE(ce32))
    }

    // MARK: Prefixes and contractions

    private mutating func ce32FromPrefix(_ d: CollationData, _ prefixCE32: UInt32) -> UInt32 {
        let index = CE32.index(prefixCE32)
        var ce32 = d.contextDefaultCE32(index)
        var prefixes = ContextTrie(d.contexts, root: index + 2)
        var lookBehind = 0
        while let c = previousCodePoint() {
            lookBehind += 1
            let match = prefixes.next(c)
            if match.hasValue { ce32 = UInt32(bitPattern: prefixes.value) }
            if !match.hasNext { break }
        }
        forward(lookBehind)
        return ce32
    }

    private mutating func nextSkippedCodePoint() -> UInt32? {
        if skipped.hasNext { return skipped.next() }
        let c = nextCodePoint()
        if c != nil && !skipped.isEmpty { skipped.incrementBeyond() }
        return c
    }

    private mutating func backwardSkipped(_ count: Int) {
        var count = count
        if !skipped.isEmpty { count = skipped.backward(count) }
        backward(count)
    }

    /// ICU's nextCE32FromContraction: the longest contiguous match, then a discontiguous one.
    private mutating func ce32FromContraction(
        _ d: CollationData, _ contractionCE32: UInt32, trieRoot: Int, _ defaultCE32: UInt32, _ first: UInt32
    ) -> UInt32 {
        var ce32 = defaultCE32
        var c = first
        // Code points read beyond the original one, and since the last match.
        var lookAhead = 1
        var sinceMatch = 1
        var suffixes = ContextTrie(d.contexts, root: trieRoot)
        if !skipped.isEmpty { skipped.saveTrieState(suffixes) }
        var match = suffixes.first(c)
        while true {
            discontiguousLoopCount += 1
            if discontiguousLoopCount >= Self.discontiguousLoopLimit { break }
            if match.hasValue {
                ce32 = UInt32(bitPattern: suffixes.value)
                guard match.hasNext, let next = nextSkippedCodePoint() else { return ce32 }
                c = next
                if !skipped.isEmpty { skipped.saveTrieState(suffixes) }
                sinceMatch = 1
            } else if match == .noMatch {
                return discontiguousOrBackUp(
                    d, contractionCE32, &suffixes, ce32, &lookAhead, &sinceMatch, c)
            } else if let next = nextSkippedCodePoint() {
                // A partial match: go on with the next code point.
                c = next
                sinceMatch += 1
            } else {
                return discontiguousOrBackUp(
                    d, contractionCE32, &suffixes, ce32, &lookAhead, &sinceMatch, c)
            }
            lookAhead += 1
            match = suffixes.next(c)
        }
        backwardSkipped(sinceMatch)
        return ce32
    }

    /// After a contiguous match stopped at `c`: tries a discontiguous contraction where the data
    /// has suffixes ending in a combining mark, else backs up to just after the last match.
    private mutating func discontiguousOrBackUp(
        _ d: CollationData, _ contractionCE32: UInt32, _ suffixes: inout ContextTrie, _ ce32: UInt32,
        _ lookAhead: inout Int, _ sinceMatch: inout Int, _ mismatch: UInt32
    ) -> UInt32 {
        var c = mismatch
        if contractionCE32 & CE32.contractTrailingCCC != 0
            && (contractionCE32 & CE32.contractSingleCodePointNoMatch == 0 || sinceMatch < lookAhead)
        {
            if sinceMatch > 1 {
                // Return to just after the last match and re-read the first unmatched code point.
                backwardSkipped(sinceMatch)
                c = nextSkippedCodePoint() ?? c
                lookAhead -= sinceMatch - 1
                sinceMatch = 1
            }
            if normalization.fcd16(c) > 0xFF {
                return ce32FromDiscontiguousContraction(d, &suffixes, ce32, lookAhead, c)
            }
        }
        backwardSkipped(sinceMatch)
        return ce32
    }

    /// ICU's nextCE32FromDiscontiguousContraction (UCA S2.1.1–S2.1.3): combining marks that are
    /// not blocked may extend the match; the skipped marks are processed after it. Returns
    /// ``CE32/noCE32`` when it has appended the CEs itself.
    private mutating func ce32FromDiscontiguousContraction(
        _ d: CollationData, _ suffixes: inout ContextTrie, _ matchedCE32: UInt32, _ lookAhead: Int, _ mismatch: UInt32
    ) -> UInt32 {
        var ce32 = matchedCE32
        var lookAhead = lookAhead
        var c = mismatch
        discontiguousLoopCount += 1
        if discontiguousLoopCount >= Self.discontiguousLoopLimit { return ce32 }
        var fcd = normalization.fcd16(c)
        guard let next = nextSkippedCodePoint() else {
            backwardSkipped(1)
            return ce32
        }
        lookAhead += 1
        var previousCC = UInt8(truncatingIfNeeded: fcd)
        fcd = normalization.fcd16(next)
        if fcd <= 0xFF {
            // The code point after c is a starter.
            backwardSkipped(2)
            return ce32
        }
        if skipped.isEmpty {
            suffixes.reset()
            if lookAhead > 2 {
                // Replay the partial match so far.
                backward(lookAhead)
                _ = suffixes.first(nextCodePoint() ?? 0)
                if lookAhead > 3 {
                    for _ in 3..<lookAhead { _ = suffixes.next(nextCodePoint() ?? 0) }
                }
                // Skip c (which did not match) and next (which is tried now).
                forward(2)
            }
            skipped.saveTrieState(suffixes)
        } else {
            suffixes.restore(skipped.trieState)
        }
        skipped.setFirstSkipped(c)
        var sinceMatch = 2
        c = next
        while true {
            discontiguousLoopCount += 1
            if discontiguousLoopCount >= Self.discontiguousLoopLimit { break }
            var matched = false
            if previousCC < UInt8(fcd >> 8) {
                let match = suffixes.next(c)
                if match.hasValue {
                    // Not blocked, and S + C has a match: it replaces S; C is consumed.
                    ce32 = UInt32(bitPattern: suffixes.value)
                    sinceMatch = 0
                    skipped.recordMatch()
                    matched = true
                    if !match.hasNext { break }
                    skipped.saveTrieState(suffixes)
                }
            }
            if !matched {
                skipped.skip(c)
                suffixes.restore(skipped.trieState)
                previousCC = UInt8(truncatingIfNeeded: fcd)
            }
            guard let following = nextSkippedCodePoint() else { break }
            c = following
            sinceMatch += 1
            fcd = normalization.fcd16(c)
            if fcd <= 0xFF { break }
        }
        backwardSkipped(sinceMatch)
        let isTopDiscontiguous = skipped.isEmpty
        skipped.replaceMatch()
        if isTopDiscontiguous && !skipped.isEmpty {
            // A match after skipping marks, not nested in another discontiguous match: the CEs of
            // the contraction, then those of the skipped marks (from the main data, with fallback).
            var data = d
            var c = Self.noCodePoint
            while true {
                appendCEs(data, c, ce32)
                discontiguousLoopCount += 1
                if discontiguousLoopCount >= Self.discontiguousLoopLimit { break }
                guard skipped.hasNext else { break }
                c = skipped.next()
                (ce32, data) = self.data.finalCE32(c)
            }
            skipped.clear()
            return CE32.noCE32
        }
        return ce32
    }

    // MARK: Numeric collation

    /// ICU's appendNumericCEs: the digits from here on, leading zeros dropped, as CEs whose
    /// primary weights sort by numeric value, at most 254 digits per segment.
    private mutating func appendNumericCEs(_ firstCE32: UInt32) {
        var digits: [UInt8] = [UInt8((firstCE32 >> 8) & 0xF)]
        while let c = nextCodePoint() {
            let (ce32, _) = data.finalCE32(c)
            guard CE32.hasTag(ce32, .digit) else {
                backward(1)
                break
            }
            digits.append(UInt8((ce32 >> 8) & 0xF))
        }
        var position = 0
        repeat {
            while position < digits.count - 1 && digits[position] == 0 { position += 1 }
            let length = min(digits.count - position, 254)
            appendNumericSegment(digits[position..<position + length])
            position += length
        } while position < digits.count
    }

    private mutating func appendNumericSegment(_ digits: ArraySlice<UInt8>) {
        let numericPrimary = data.numericPrimary
        let first = digits.startIndex
        var length = digits.count
        if length <= 7 {
            var value = 0
            for digit in digits { value = value * 10 + Int(digit) }
            // Two-byte primaries for 0...73, three-byte ones up to 10,233, four-byte ones up to
            // 1,042,489 (ICU's encoding, second byte 2...131).
            if value < 74 {
                ces.append(CE32.ce(primary: numericPrimary | UInt32(2 + value) << 16))
                return
            }
            value -= 74
            if value < 40 * 254 {
                ces.append(CE32.ce(primary: numericPrimary | UInt32(76 + value / 254) << 16 | UInt32(2 + value % 254) << 8))
                return
            }
            value -= 40 * 254
            if value < 16 * 254 * 254 {
                var primary = numericPrimary | UInt32(2 + value % 254)
                value /= 254
                primary |= UInt32(2 + value % 254) << 8
                value /= 254
                primary |= UInt32(116 + value % 254) << 16
                ces.append(CE32.ce(primary: primary))
                return
            }
        }
        // Larger numbers: the second byte 132...255 counts the digit pairs (4...127), then one
        // byte per pair (11 + 2 × pair, the last one less 1), trailing 00 pairs omitted.
        let pairCount = (length + 1) / 2
        var primary = numericPrimary | UInt32(132 - 4 + pairCount) << 16
        while digits[first + length - 1] == 0 && digits[first + length - 2] == 0 { length -= 2 }
        var pair: UInt32
        var position: Int
        if length & 1 != 0 {
            pair = UInt32(digits[first])
            position = 1
        } else {
            pair = UInt32(digits[first]) * 10 + UInt32(digits[first + 1])
            position = 2
        }
        pair = 11 + 2 * pair
        var shift: UInt32 = 8
        while position < length {
            if shift == 0 {
                primary |= pair
                ces.append(CE32.ce(primary: primary))
                primary = numericPrimary
                shift = 16
            } else {
                primary |= pair << shift
                shift -= 8
            }
            pair = 11 + 2 * (UInt32(digits[first + position]) * 10 + UInt32(digits[first + position + 1]))
            position += 2
        }
        primary |= (pair - 1) << shift
        ces.append(CE32.ce(primary: primary))
    }
}

/// A segment that the FCD check normalized, as ``CollationElementIterator`` keeps it for backing up
/// into it as ICU does: its place in the code point buffer and its code points in the text.
private struct RereadSegment {
    var start: Int
    var end: Int
    var raw: [UInt32]
    /// Whether the reading has gone beyond the segment (ICU has switched back to the text).
    var isLeft = false
}

/// The combining marks skipped while matching a discontiguous contraction (ICU's SkippedState),
/// as code points: after the match, they are read from here before the text goes on.
private struct SkippedMarks {
    /// Marks skipped by the previous match, read before the text.
    private var oldBuffer: [UInt32] = []
    /// Marks skipped by the current match.
    private var newBuffer: [UInt32] = []
    /// The reading position in `oldBuffer`, or beyond it the number of code points read since.
    private var position = 0
    private var skipLengthAtMatch = 0
    private(set) var trieState = ContextTrie.State.stopped

    var isEmpty: Bool { oldBuffer.isEmpty }
    var hasNext: Bool { position < oldBuffer.count }

    mutating func clear() {
        // Once per text: an empty array is left alone, without its uniqueness check.
        if !oldBuffer.isEmpty { oldBuffer.removeAll(keepingCapacity: true) }
        position = 0
    }

    mutating func next() -> UInt32 {
        position += 1
        return oldBuffer[position - 1]
    }

    mutating func incrementBeyond() { position += 1 }

    /// Goes back `count` code points; returns how many of them lie in the text beyond the buffer.
    mutating func backward(_ count: Int) -> Int {
        let beyond = position - oldBuffer.count
        if beyond > 0 {
            if beyond >= count {
                position -= count
                return count
            }
            position = oldBuffer.count - (count - beyond)
            return beyond
        }
        position -= count
        return 0
    }

    mutating func setFirstSkipped(_ c: UInt32) {
        skipLengthAtMatch = 0
        newBuffer.removeAll(keepingCapacity: true)
        newBuffer.append(c)
    }

    mutating func skip(_ c: UInt32) { newBuffer.append(c) }
    mutating func recordMatch() { skipLengthAtMatch = newBuffer.count }

    /// Replaces the consumed marks by the newly skipped ones and reads from the start again.
    mutating func replaceMatch() {
        oldBuffer.replaceSubrange(0..<min(position, oldBuffer.count), with: newBuffer[..<skipLengthAtMatch])
        position = 0
    }

    mutating func saveTrieState(_ trie: ContextTrie) { trieState = trie.state }
}
