/// Reads keys written in Han characters as Chinese personal names: the pinyin that ICU's
/// `Han-Latin/Names` transform gives (曾志伟 → "zēng zhì wěi", 单田芳 → "shàn tián fāng"), which
/// reads the first character of a name with its surname reading. The transform is computed from
/// data generated from ICU's rules (``HanNameTransform``), without ICU.
///
/// The transform makes several passes over a key, so names made only of Han characters are read a
/// syllable at a time, each syllable computed by the transform once and cached. A syllable
/// depends on the character, on whether it starts the name (surname readings) and, for the few
/// characters that have a rule with a following context (万俟 → "mò qí", 沈阳 → "shěn yáng"), on
/// the next character; those characters are found in the transform's own rules. Keys with
/// anything else in them (spaces, Latin letters, punctuation) are transformed whole. A test checks
/// that both ways give the transform's output.
final class ChineseNameReader: Sendable {
    /// ICU's identifier of the transform this reader computes.
    static let transformID = "Han-Latin/Names"

    private struct SyllableKey: Hashable {
        var scalar: UInt32
        /// The next character when this one's reading depends on it, else 0.
        var next: UInt32
        var startsName: Bool
    }

    private let transform = HanNameTransform()
    /// Characters that some rule reads differently depending on the character after them.
    private let contextual: Set<UInt32>
    /// A character that starts no rule with a context, put before a character to read it as not
    /// the first of a name.
    private let filler: Unicode.Scalar
    /// Syllables read so far, shared by all workers; nil marks a probe that did not split into one
    /// syllable per character (its keys are read whole).
    private let syllables = Locked<[SyllableKey: [UInt8]?]>([:])

    init() {
        let contextual = HanNameTransform.contextualCharacters
        self.contextual = contextual
        filler = ["一", "丁", "七"].map { $0.unicodeScalars.first! }.first { !contextual.contains($0.value) } ?? "一"
    }

    /// Workers that no thread is using, kept with their caches for the next jobs.
    private let idleWorkers = Locked<[PooledWorker]>([])

    /// A reader for one worker thread, with its own cache.
    func makeWorker() -> Worker { Worker(reader: self) }

    /// Runs `body` with a worker that no other thread uses meanwhile: an idle one, or a new one,
    /// which goes back to the pool afterwards with what it has cached.
    func withWorker<Result: Sendable>(_ body: (Worker) -> Result) -> Result {
        let pooled = idleWorkers.withLock { $0.popLast() } ?? PooledWorker(worker: makeWorker())
        defer { idleWorkers.withLock { $0.append(pooled) } }
        return body(pooled.worker)
    }

    /// Runs `body` with a worker of `reader`, or with nil when there is no reader.
    static func withWorker<Result: Sendable>(of reader: ChineseNameReader?, _ body: (Worker?) -> Result) -> Result {
        guard let reader else { return body(nil) }
        return reader.withWorker { body($0) }
    }

    /// A worker while it waits in the pool.
    ///
    /// `@unchecked Sendable` is sound because the pool hands each worker to one thread at a time:
    /// `withWorker` takes it out under the pool's lock and puts it back only after its `body`
    /// returned, so no two threads ever use it (or its caches) at once.
    private struct PooledWorker: @unchecked Sendable {
        let worker: Worker
    }

    /// The block of the common unified ideographs, whose syllables a worker finds by position.
    private static let commonIdeographs: ClosedRange<UInt32> = 0x4E00...0x9FFF

    /// One thread's reader. Not `Sendable`: its caches are unsynchronized.
    ///
    /// Its stored properties opt out of dynamic exclusivity checks, as ``KeyBuffer``'s do: they are
    /// touched several times per character in the engine's hot loop, only by the one thread that
    /// owns the worker.
    final class Worker {
        /// Unowned: the reader keeps its idle workers, so a strong reference would be a cycle. A
        /// worker is used only while its reader is (inside `withWorker`, or by whoever made it).
        private unowned let reader: ChineseNameReader
        /// For a character of ``commonIdeographs`` that no rule reads by its context, slot
        /// `2 * (scalar - 0x4E00) + (starts the name ? 1 : 0)` holds 1 + its syllable's index in
        /// `known`, or 0 when not yet looked up: no hashing for the common case.
        @exclusivity(unchecked) private var slots: [Int32]
        @exclusivity(unchecked) private var known: [[UInt8]?] = []
        @exclusivity(unchecked) private var local: [SyllableKey: [UInt8]?] = [:]
        @exclusivity(unchecked) private var scalars: [Unicode.Scalar] = []
        /// The reading of the last key read, as UTF-8.
        @exclusivity(unchecked) private(set) var reading: [UInt8] = []

        fileprivate init(reader: ChineseNameReader) {
            self.reader = reader
            slots = [Int32](repeating: 0, count: 2 * ChineseNameReader.commonIdeographs.count)
        }

        /// Reads the UTF-8 key `utf8` (ill-formed bytes count as U+FFFD) into ``reading``; returns
        /// false, and leaves ``reading`` as it was, when the key has no Han character.
        func read(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
            // Han characters take three or four bytes in UTF-8, so a key without a byte ≥ 0xE3 has none.
            guard utf8.contains(where: { $0 >= 0xE3 }) else { return false }
            scalars.removeAll(keepingCapacity: true)
            // Syllable by syllable only for unified ideographs: other Han characters (々, 〇,
            // radicals, compatibility ideographs) are normalized or spaced differently.
            var hasHan = false, allHan = true
            var iterator = utf8.makeIterator(), decoder = UTF8()
            decoding: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar):
                    scalars.append(scalar)
                    if ChineseNameReader.commonIdeographs.contains(scalar.value) || scalar.properties.isUnifiedIdeograph {
                        hasHan = true
                    } else {
                        allHan = false
                        if ICULocaleData.isHan(scalar) { hasHan = true }
                    }
                case .error:
                    scalars.append("\u{FFFD}")
                    allHan = false
                case .emptyInput:
                    break decoding
                }
            }
            guard hasHan else { return false }
            if allHan && readBySyllable() { return true }
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars)
            reading = Array(transform(String(text)).utf8)
            return true
        }

        /// Joins the cached syllables of `scalars` with spaces, as the transform spaces them.
        private func readBySyllable() -> Bool {
            reading.removeAll(keepingCapacity: true)
            for (position, scalar) in scalars.enumerated() {
                if position > 0 { reading.append(0x20) }
                let value = scalar.value
                if ChineseNameReader.commonIdeographs.contains(value) {
                    let slot = 2 * Int(value - ChineseNameReader.commonIdeographs.lowerBound) + (position == 0 ? 1 : 0)
                    if slots[slot] == 0 {
                        let contextual = reader.contextual.contains(value)
                        // Contextual characters stay with the hashed cache: slot -1 says so.
                        if contextual {
                            slots[slot] = -1
                        } else {
                            known.append(syllable(SyllableKey(scalar: value, next: 0, startsName: position == 0)))
                            slots[slot] = Int32(known.count)
                        }
                    }
                    if slots[slot] > 0 {
                        guard let syllable = known[Int(slots[slot]) - 1] else { return false }
                        reading.append(contentsOf: syllable)
                        continue
                    }
                }
                let next = position + 1 < scalars.count && reader.contextual.contains(value) ? scalars[position + 1].value : 0
                guard let syllable = syllable(SyllableKey(scalar: value, next: next, startsName: position == 0)) else { return false }
                reading.append(contentsOf: syllable)
            }
            return true
        }

        private func syllable(_ key: SyllableKey) -> [UInt8]? {
            if let known = local[key] { return known }
            let found = reader.syllables.withLock { $0[key] }
            let syllable: [UInt8]?
            if let found {
                syllable = found
            } else {
                syllable = probe(key)
                reader.syllables.withLock { $0[key] = syllable }
            }
            local[key] = syllable
            return syllable
        }

        /// Transforms the character in its context and picks its syllable out of the result.
        private func probe(_ key: SyllableKey) -> [UInt8]? {
            var text = String.UnicodeScalarView()
            if !key.startsName { text.append(reader.filler) }
            text.append(Unicode.Scalar(key.scalar)!)
            if key.next != 0 { text.append(Unicode.Scalar(key.next)!) }
            let parts = transform(String(text)).split(separator: " ", omittingEmptySubsequences: false)
            guard parts.count == text.count else { return nil }
            return Array(parts[key.startsName ? 0 : 1].utf8)
        }

        private func transform(_ text: String) -> String { reader.transform.transliterate(text) }
    }

    /// The transform's output for `text`, computed whole (for tests and the reference).
    func transformWhole(_ text: String) -> String { transform.transliterate(text) }
}
