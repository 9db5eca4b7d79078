/// The longest strictly increasing subsequence, by patience sorting: which elements of a sequence
/// can stay where they are while the others move.
enum LongestIncreasingSubsequence {
    /// The positions in `values` of one longest strictly increasing subsequence, ascending.
    ///
    /// - Complexity: O(k log k), where k is the number of values.
    static func positions(in values: [Int]) -> [Int] {
        guard !values.isEmpty else { return [] }
        var tails: [Int] = []  // tails[l]: position of the smallest tail of an increasing run of length l + 1
        var previous = [Int](repeating: -1, count: values.count)
        for (position, value) in values.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var result: [Int] = []
        var position = tails[tails.count - 1]
        while position >= 0 {
            result.append(position)
            position = previous[position]
        }
        return result.reversed()
    }
}
