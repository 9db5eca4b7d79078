import Foundation
import Synchronization

/// What one check worker is keying, for the watch of ``CheckWorkers``: which side (the runtime or
/// ICU), which key, and the text, so that a key that never comes can be reported and its thread
/// left behind instead of holding up the whole check.
///
/// ICU 76 does not finish some texts: with normalization on, in "bo" and the search tailorings,
/// U+064A U+0F73 U+0670 U+1D16F U+0344 keeps `ucol_getSortKey` backing up over the same marks
/// forever (the family of ICU's reported bug ICU-22511; see "Where ICU 76 does not finish" in
/// Documentation/Internals.md). A CI run of a million random texts met it, and a check that waits
/// for its key never ends.
final class KeyingSlot: Sendable {
    enum Side: Sendable, CustomStringConvertible {
        case runtime, icu
        var description: String { self == .runtime ? "the collation runtime" : "ICU" }
    }

    /// A key that had not come after the watch's limit.
    struct Unfinished: Sendable {
        var side: Side
        var context: String
        var text: String
    }

    private struct State {
        var side: Side?
        /// How many keys have begun, so that the watch can tell one key from the next.
        var keysBegun: UInt64 = 0
        /// The key the watch saw last, and the watch's time when it first saw it.
        var watchedKey: UInt64 = 0
        var firstWatched: UInt64 = 0
        var context = ""
        var text: [UInt8] = []
        var abandoned = false
        var finished = false
    }

    private let state = Mutex(State())

    /// What the next keys are keyed in ("locale bo options …"), shown when one does not finish.
    func setContext(_ context: String) {
        state.withLock { $0.context = context }
    }

    /// Marks the start of keying `utf8` on `side`.
    func begin(_ side: Side, utf8: UnsafeBufferPointer<UInt8>) {
        state.withLock {
            $0.side = side
            $0.keysBegun &+= 1
            if side == .runtime {
                $0.text.removeAll(keepingCapacity: true)
                $0.text.append(contentsOf: utf8)
            }
        }
    }

    /// Marks the end of the key begun last.
    func end() {
        state.withLock { $0.side = nil }
    }

    /// Marks the slot's thread as finished: it took the last unit it found and returned.
    func finish() {
        state.withLock { $0.finished = true }
    }

    /// Whether the slot's thread has finished, or has been left behind.
    var isDone: Bool {
        state.withLock { $0.finished || $0.abandoned }
    }

    /// The key in progress when `limit` nanoseconds or more of the watch's time (`watchTime` now,
    /// see ``CheckWorkers``) have gone by since the watch first saw it; the slot is then abandoned,
    /// and reported once.
    func abandonIfOverdue(watchTime: UInt64, limit: UInt64) -> Unfinished? {
        state.withLock {
            guard !$0.abandoned, $0.side != nil else { return nil }
            if $0.watchedKey != $0.keysBegun {
                $0.watchedKey = $0.keysBegun
                $0.firstWatched = watchTime
                return nil
            }
            guard let side = $0.side, watchTime - $0.firstWatched >= limit else { return nil }
            $0.abandoned = true
            var text = CollationCheckText()
            text.appendIllFormed($0.text)
            // Appended as bytes: the bytes are shown only when they are not UTF-8.
            text.isWellFormed = String(validating: $0.text, as: UTF8.self) != nil
            return Unfinished(side: side, context: $0.context, text: text.codePoints)
        }
    }
}
