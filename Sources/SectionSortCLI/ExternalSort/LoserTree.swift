/// The k-way merge of sorted sources (sorted runs, `--from-keys` parts, `--merge` inputs): a
/// tournament tree whose
/// inner nodes keep the loser of their match, so that after the winner's source advances, one
/// comparison per level (about log2 k) finds the next winner, against two per level for a binary
/// heap and k − 1 for a scan of every source.
///
/// The tree knows sources only by index; the caller keeps their current items and says which of
/// two comes first. An exhausted source must lose to every other, and ties must go to the lower
/// index, so that the merge is stable: equal items leave in source order.
struct LoserTree {
    /// Node i (1..<count) keeps the loser of its match; leaves are the sources, at count..<2·count.
    private var losers: [Int]
    /// The source whose current item comes first.
    private(set) var winner: Int
    let count: Int

    /// Plays every match once.
    ///
    /// - Parameters:
    ///   - count: The number of sources, at least 1.
    ///   - precedes: Whether source a's current item comes before source b's.
    /// - Complexity: O(k) comparisons for k sources.
    init(count: Int, precedes: (_ a: Int, _ b: Int) -> Bool) {
        precondition(count > 0)
        self.count = count
        losers = [Int](repeating: 0, count: count)
        var winners = [Int](repeating: 0, count: count)
        func nodeWinner(_ node: Int) -> Int { node >= count ? node - count : winners[node] }
        for node in stride(from: count - 1, through: 1, by: -1) {
            let left = nodeWinner(2 * node), right = nodeWinner(2 * node + 1)
            (winners[node], losers[node]) = precedes(right, left) ? (right, left) : (left, right)
        }
        winner = count == 1 ? 0 : winners[1]
    }

    /// Finds the new winner after the winner's source moved to its next item (or ran out).
    ///
    /// - Complexity: O(log k) comparisons.
    mutating func replayWinner(precedes: (_ a: Int, _ b: Int) -> Bool) {
        var champion = winner
        var node = (champion + count) / 2
        while node >= 1 {
            if precedes(losers[node], champion) { swap(&losers[node], &champion) }
            node /= 2
        }
        winner = champion
    }
}

extension LoserTree {
    /// Merges `count` sorted sources: calls `body` with the source whose current item comes
    /// first, which `body` consumes and moves on, until every source has run out. Items that
    /// compare equal leave in source order, so the merge is stable.
    ///
    /// - Parameters:
    ///   - count: The number of sources.
    ///   - isExhausted: Whether a source has run out (it then loses to every other).
    ///   - compare: The order of two sources' current items, both present: negative, zero or
    ///     positive, as `memcmp`.
    ///   - body: Consumes the given source's current item and moves the source to its next.
    /// - Complexity: O(n log k) comparisons for n items from k sources.
    static func merge<Failure: Error>(
        count: Int, isExhausted: (_ source: Int) -> Bool, compare: (_ a: Int, _ b: Int) -> Int,
        _ body: (_ source: Int) throws(Failure) -> Void
    ) throws(Failure) {
        guard count > 0 else { return }
        func precedes(_ a: Int, _ b: Int) -> Bool {
            if isExhausted(a) || isExhausted(b) { return !isExhausted(a) }
            let order = compare(a, b)
            return order != 0 ? order < 0 : a < b
        }
        var tree = LoserTree(count: count, precedes: precedes)
        while !isExhausted(tree.winner) {
            try body(tree.winner)
            tree.replayWinner(precedes: precedes)
        }
    }
}
