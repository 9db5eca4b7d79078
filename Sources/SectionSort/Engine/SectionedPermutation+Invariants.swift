extension SectionedPermutation {
    /// The first broken invariant of a permutation the engine returned for `count` items in
    /// `sectionCount` sections, or nil when all hold:
    ///
    /// - every input position appears exactly once;
    /// - sections are contiguous: `sectionStarts` runs from 0 to `count` without decreasing;
    /// - keys do not decrease within a section (`keyAtPosition` gives the sorted key at a position,
    ///   directions already applied);
    /// - ties are stable: of two equal keys, the earlier input comes first.
    ///
    /// The tests call it on every kind of run; builds with `SECTIONSORT_INVARIANTS` defined (see
    /// Package.swift) check it at the end of every engine run, like swift-collections'
    /// `_checkInvariants()`.
    ///
    /// - Complexity: O(n·m) for n items whose keys have m bytes.
    package func invariantViolation(
        count: Int, sectionCount: Int, keyAtPosition: (Int) -> UnsafeBufferPointer<UInt8>
    ) -> String? {
        guard order.count == count else { return "the permutation has \(order.count) positions for \(count) items" }
        var seen = [Bool](repeating: false, count: count)
        for (position, index) in order.enumerated() {
            guard index >= 0 && index < count else { return "position \(position) holds \(index), outside 0..<\(count)" }
            guard !seen[index] else { return "input \(index) appears twice (again at position \(position))" }
            seen[index] = true
        }
        guard sectionStarts.count == sectionCount + 1, sectionStarts.first == 0, sectionStarts.last == count else {
            return "section starts \(sectionStarts.prefix(8))… do not run from 0 to \(count) over \(sectionCount) sections"
        }
        for section in 0..<sectionCount where sectionStarts[section] > sectionStarts[section + 1] {
            return "section \(section) starts at \(sectionStarts[section]) after its end \(sectionStarts[section + 1])"
        }
        for section in 0..<sectionCount {
            for position in range(ofSection: section).dropFirst() {
                let previous = keyAtPosition(position - 1), key = keyAtPosition(position)
                if key.lexicographicallyPrecedes(previous) {
                    return "keys decrease at position \(position) of section \(section)"
                }
                if key.elementsEqual(previous) && order[position] < order[position - 1] {
                    return "equal keys out of input order at position \(position) of section \(section)"
                }
            }
        }
        return nil
    }

    /// Stops the program on a broken invariant in builds with `SECTIONSORT_INVARIANTS` defined;
    /// nothing otherwise.
    @inline(__always)
    func checkInvariants(count: Int, sectionCount: Int, keyAtPosition: (Int) -> UnsafeBufferPointer<UInt8>) {
        #if SECTIONSORT_INVARIANTS
        if let violation = invariantViolation(count: count, sectionCount: sectionCount, keyAtPosition: keyAtPosition) {
            preconditionFailure("engine invariant: \(violation)")
        }
        #endif
    }
}
