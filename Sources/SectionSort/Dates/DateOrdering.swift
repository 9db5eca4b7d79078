import Foundation

/// Sorting instants with the engine's parallel sorter.
enum DateOrdering {
    /// The positions of `instants` in time order (or reversed); equal instants keep input order.
    ///
    /// - Complexity: O(n) radix passes over 8-byte keys, spread over the threads.
    static func sortedPositions(_ instants: [Date], descending: Bool, threads: Int?) -> [Int] {
        let count = instants.count
        guard count > 0 else { return [] }
        let entries = UnsafeMutableBufferPointer<SortEntry>.allocate(capacity: count)
        let scratch = UnsafeMutableBufferPointer<SortEntry>.allocate(capacity: count)
        defer { entries.deallocate(); scratch.deallocate() }
        for (index, instant) in instants.enumerated() {
            let key = orderPreservingBits(instant.timeIntervalSinceReferenceDate)
            (entries.baseAddress! + index).initialize(to: SortEntry(prefix: descending ? ~key : key, index: index))
        }
        ParallelSectionSorter(
            pool: WorkerPool(threads: threads), entries: SharedMutableBuffer(entries),
            scratch: SharedMutableBuffer(scratch), minimumPieceSize: 16384, control: nil
        )
        .sort(sectionStarts: [0, count])
        return entries.map { Int($0.index) }
    }

    /// The bits of `value` as an unsigned number that orders as the doubles do (negative ones too).
    static func orderPreservingBits(_ value: Double) -> UInt64 {
        let bits = value.bitPattern
        return bits & (1 << 63) != 0 ? ~bits : bits | (1 << 63)
    }
}

/// Walks items in time order and cuts them into periods.
struct DateSectionBuilder {
    let sectioning: DateSectioning

    @_specialize(where Item == Int)
    func makeList<Item>(_ items: [Item], instants: [Date], order: [Int]) -> SectionedList<Item> {
        let formatter = DatePeriodFormatter(sectioning)
        var periods: [DatePeriod] = []
        var ranges: [Range<Int>] = []
        var current: DatePeriod?
        for (position, index) in order.enumerated() {
            let instant = instants[index]
            if let period = current, period.contains(instant) || (period.start == period.end && period.start == instant) {
                continue
            }
            if let last = ranges.last { ranges[ranges.count - 1] = last.lowerBound..<position }
            let period = formatter.period(containing: instant)
            current = period
            periods.append(period)
            ranges.append(position..<position + 1)
        }
        if let last = ranges.last { ranges[ranges.count - 1] = last.lowerBound..<order.count }
        if let range = sectioning.range {
            (periods, ranges) = addingEmptyPeriods(in: range, to: periods, ranges, formatter: formatter)
        }
        let storage = PermutedCopy.copy(items, order: order, ranges: [(0..<order.count, 0)], threads: sectioning.threads)
        return SectionedList(
            indexTitles: periods.map(\.title), storage: storage, sectionRanges: ranges,
            titles: periods.map(\.title), titleIndices: Array(periods.indices), periods: periods)
    }

    /// Every period of `range` that has no items yet, as an empty section in its place.
    private func addingEmptyPeriods(
        in range: ClosedRange<Date>, to periods: [DatePeriod], _ ranges: [Range<Int>],
        formatter: DatePeriodFormatter
    ) -> ([DatePeriod], [Range<Int>]) {
        var all = Dictionary(uniqueKeysWithValues: zip(periods.map(\.start), zip(periods, ranges)))
        var period = formatter.period(containing: range.lowerBound)
        var steps = 0
        while period.start <= range.upperBound && steps < 10_000_000 {
            if all[period.start] == nil {
                // An empty section sits where its period falls in the item order.
                all[period.start] = (period, 0..<0)
            }
            let next = formatter.period(after: period)
            if next.start <= period.start { break }
            period = next
            steps += 1
        }
        let descending = sectioning.order == .reverse
        var sorted = all.values.sorted { descending ? $0.0.start > $1.0.start : $0.0.start < $1.0.start }
        // Empty sections get the position where the items would be.
        var position = 0
        for index in sorted.indices {
            if sorted[index].1.isEmpty { sorted[index].1 = position..<position } else { position = sorted[index].1.upperBound }
        }
        return (sorted.map(\.0), sorted.map(\.1))
    }
}
