/// A reader of ICU's UCharsTrie, the 16-bit string trie that holds the suffixes of contractions
/// and the (reversed) prefixes of context-sensitive mappings in a collation's `contexts` data.
///
/// The format is ICU's (ucharstrie.h): nodes are branches (a binary search over the next unit,
/// then a short linear list), linear matches of up to 16 units, and values (final, or an
/// intermediate value attached to a branch or linear-match node). Matching moves `position`
/// through the units; `remainingMatchLength` counts the units left in a linear match.
struct ContextTrie {
    /// The outcome of one matching step, as ICU's UStringTrieResult.
    enum Result: UInt8 {
        case noMatch = 0, noValue = 1, finalValue = 2, intermediateValue = 3

        /// The units so far are a key with a value.
        var hasValue: Bool { rawValue >= 2 }
        /// Longer keys continue from here.
        var hasNext: Bool { rawValue & 1 != 0 }
    }

    /// A saved matching state (ICU's UCharsTrie::State).
    struct State {
        fileprivate var position: Int
        fileprivate var remainingMatchLength: Int

        /// A state that matches nothing, until one is saved.
        static let stopped = State(position: -1, remainingMatchLength: -1)
    }

    private let units: CollationBytes
    private let root: Int
    /// The next unit to read, or -1 after a mismatch.
    private var position: Int
    private var remainingMatchLength = -1

    private static let maxBranchLinearSubNodeLength = 5
    private static let minLinearMatch = 0x30
    private static let minValueLead = 0x40
    private static let nodeTypeMask = 0x3F
    private static let valueIsFinal = 0x8000
    private static let minTwoUnitValueLead = 0x4000
    private static let threeUnitValueLead = 0x7FFF
    private static let minTwoUnitNodeValueLead = 0x4040
    private static let threeUnitNodeValueLead = 0x7FC0
    private static let minTwoUnitDeltaLead = 0xFC00
    private static let threeUnitDeltaLead = 0xFFFF

    /// A trie whose root node is the 16-bit unit at `root` of `units`.
    init(_ units: CollationBytes, root: Int) {
        self.units = units
        self.root = root
        position = root
    }

    @inline(__always) private func unit(_ index: Int) -> Int { Int(units.uint16(index)) }

    var state: State { State(position: position, remainingMatchLength: remainingMatchLength) }

    mutating func restore(_ state: State) {
        position = state.position
        remainingMatchLength = state.remainingMatchLength
    }

    mutating func reset() {
        position = root
        remainingMatchLength = -1
    }

    /// The value of the key matched so far; only after a result with `hasValue`.
    var value: Int32 { nodeValue(position) }

    /// The value of the value node whose lead unit is at `position`.
    private func nodeValue(_ position: Int) -> Int32 {
        let lead = unit(position)
        if lead & Self.valueIsFinal != 0 {
            return readValue(position + 1, lead & 0x7FFF)
        }
        // An intermediate value in a node's lead unit.
        let next = position + 1
        if lead < Self.minTwoUnitNodeValueLead { return Int32((lead >> 6) - 1) }
        if lead < Self.threeUnitNodeValueLead {
            return Int32(((lead & 0x7FC0) - Self.minTwoUnitNodeValueLead) << 10 | unit(next))
        }
        return Int32(bitPattern: UInt32(unit(next) << 16 | unit(next + 1)))
    }

    private func readValue(_ at: Int, _ lead: Int) -> Int32 {
        if lead < Self.minTwoUnitValueLead { return Int32(lead) }
        if lead < Self.threeUnitValueLead { return Int32((lead - Self.minTwoUnitValueLead) << 16 | unit(at)) }
        return Int32(bitPattern: UInt32(unit(at) << 16 | unit(at + 1)))
    }

    private func skipValue(_ at: Int, _ lead: Int) -> Int {
        if lead >= Self.minTwoUnitValueLead { return lead < Self.threeUnitValueLead ? at + 1 : at + 2 }
        return at
    }

    private func skipNodeValue(_ at: Int, _ lead: Int) -> Int {
        if lead >= Self.minTwoUnitNodeValueLead { return lead < Self.threeUnitNodeValueLead ? at + 1 : at + 2 }
        return at
    }

    private func jumpByDelta(_ at: Int) -> Int {
        var at = at
        var delta = unit(at)
        at += 1
        if delta >= Self.minTwoUnitDeltaLead {
            if delta == Self.threeUnitDeltaLead {
                delta = unit(at) << 16 | unit(at + 1)
                at += 2
            } else {
                delta = (delta - Self.minTwoUnitDeltaLead) << 16 | unit(at)
                at += 1
            }
        }
        return at + delta
    }

    private func skipDelta(_ at: Int) -> Int {
        let delta = unit(at)
        if delta >= Self.minTwoUnitDeltaLead { return delta == Self.threeUnitDeltaLead ? at + 3 : at + 2 }
        return at + 1
    }

    private func valueResult(_ node: Int) -> Result {
        node & Self.valueIsFinal != 0 ? .finalValue : .intermediateValue
    }

    /// Starts over from the root with `codePoint` (its UTF-16 units).
    mutating func first(_ codePoint: UInt32) -> Result {
        reset()
        return next(codePoint)
    }

    /// Matches the UTF-16 units of `codePoint`.
    mutating func next(_ codePoint: UInt32) -> Result {
        if codePoint <= 0xFFFF { return nextUnit(Int(codePoint)) }
        let lead = Int(0xD7C0 + (codePoint >> 10))
        let trail = Int(0xDC00 | (codePoint & 0x3FF))
        return nextUnit(lead).hasNext ? nextUnit(trail) : .noMatch
    }

    private mutating func stop() -> Result {
        position = -1
        return .noMatch
    }

    private mutating func nextUnit(_ u: Int) -> Result {
        guard position >= 0 else { return .noMatch }
        var at = position
        var length = remainingMatchLength
        if length >= 0 {
            // Inside a linear-match node.
            if u != unit(at) { return stop() }
            at += 1
            length -= 1
            remainingMatchLength = length
            position = at
            if length < 0 {
                let node = unit(at)
                if node >= Self.minValueLead { return valueResult(node) }
            }
            return .noValue
        }
        var node = unit(at)
        at += 1
        while true {
            if node < Self.minLinearMatch {
                return branchNext(at, node, u)
            } else if node < Self.minValueLead {
                length = node - Self.minLinearMatch
                if u != unit(at) { return stop() }
                at += 1
                length -= 1
                remainingMatchLength = length
                position = at
                if length < 0 {
                    let next = unit(at)
                    if next >= Self.minValueLead { return valueResult(next) }
                }
                return .noValue
            } else if node & Self.valueIsFinal != 0 {
                return stop()
            } else {
                at = skipNodeValue(at, node)
                node &= Self.nodeTypeMask
            }
        }
    }

    private mutating func branchNext(_ start: Int, _ branchLength: Int, _ u: Int) -> Result {
        var at = start
        var length = branchLength
        if length == 0 {
            length = unit(at)
            at += 1
        }
        length += 1
        while length > Self.maxBranchLinearSubNodeLength {
            let splitUnit = unit(at)
            at += 1
            if u < splitUnit {
                length >>= 1
                at = jumpByDelta(at)
            } else {
                length -= length >> 1
                at = skipDelta(at)
            }
        }
        repeat {
            if u == unit(at) {
                at += 1
                var node = unit(at)
                let result: Result
                if node & Self.valueIsFinal != 0 {
                    result = .finalValue
                } else {
                    at += 1
                    let delta: Int
                    if node < Self.minTwoUnitValueLead {
                        delta = node
                    } else if node < Self.threeUnitValueLead {
                        delta = (node - Self.minTwoUnitValueLead) << 16 | unit(at)
                        at += 1
                    } else {
                        delta = unit(at) << 16 | unit(at + 1)
                        at += 2
                    }
                    at += delta
                    node = unit(at)
                    result = node >= Self.minValueLead ? valueResult(node) : .noValue
                }
                position = at
                return result
            }
            at += 1
            length -= 1
            let lead = unit(at)
            at = skipValue(at + 1, lead & 0x7FFF)
        } while length > 1
        if u == unit(at) {
            at += 1
            position = at
            let node = unit(at)
            return node >= Self.minValueLead ? valueResult(node) : .noValue
        }
        return stop()
    }

    // MARK: Enumeration

    /// Calls `body` with every key of the trie (its UTF-16 units) and the key's value, as ICU's
    /// UCharsTrie::Iterator lists them (in another order).
    ///
    /// - Complexity: O(n) in the size of the trie.
    func forEachKey(_ body: ([UInt16], Int32) -> Void) {
        var key: [UInt16] = []
        forEachKey(node: root, &key, body)
    }

    private func forEachKey(node start: Int, _ key: inout [UInt16], _ body: ([UInt16], Int32) -> Void) {
        let length = key.count
        defer { key.removeLast(key.count - length) }
        var at = start
        while true {
            var node = unit(at)
            if node >= Self.minValueLead {
                body(key, nodeValue(at))
                if node & Self.valueIsFinal != 0 { return }
                at = skipNodeValue(at + 1, node)
                node &= Self.nodeTypeMask
            } else {
                at += 1
            }
            if node < Self.minLinearMatch {
                var branchLength = node
                if branchLength == 0 {
                    branchLength = unit(at)
                    at += 1
                }
                forEachKey(branch: at, length: branchLength + 1, &key, body)
                return
            }
            let matchLength = node - Self.minLinearMatch + 1
            for offset in 0..<matchLength { key.append(UInt16(unit(at + offset))) }
            at += matchLength
        }
    }

    /// The keys below a branch node of `length` edges whose first unit is at `start`.
    private func forEachKey(branch start: Int, length branchLength: Int, _ key: inout [UInt16], _ body: ([UInt16], Int32) -> Void) {
        var at = start
        var length = branchLength
        while length > Self.maxBranchLinearSubNodeLength {
            // A split: the units below the comparison unit behind a jump, the others after it.
            at += 1
            forEachKey(branch: jumpByDelta(at), length: length >> 1, &key, body)
            length -= length >> 1
            at = skipDelta(at)
        }
        while length > 1 {
            let edge = UInt16(unit(at))
            let lead = unit(at + 1)
            let value = readValue(at + 2, lead & 0x7FFF)
            at = skipValue(at + 2, lead & 0x7FFF)
            key.append(edge)
            if lead & Self.valueIsFinal != 0 {
                body(key, value)
            } else {
                forEachKey(node: at + Int(value), &key, body)
            }
            key.removeLast()
            length -= 1
        }
        key.append(UInt16(unit(at)))
        forEachKey(node: at + 1, &key, body)
        key.removeLast()
    }
}
