import Foundation
import SectionSort

/// Grouping timestamps by day: the tutorial's way (seed 004) against DateSectioning.
enum DateContenders {
    /// Titles and item positions of each section: what both contenders must agree on.
    struct Output: Equatable {
        var titles: [String]
        var items: [[Int]]
    }

    /// `count` instants over two years, at minute resolution, in no particular order.
    static func timestamps(_ count: Int, seed: UInt64) -> [Date] {
        var generator = SplitMix64(seed: seed)
        let start = Date(timeIntervalSinceReferenceDate: 800_000_000)
        return (0..<count).map { _ in start.addingTimeInterval(Double(generator.next() % (2 * 365 * 1440)) * 60) }
    }

    /// The tutorial: for every event, reduce its date to the start of its day with Calendar
    /// (components, then hour 0), use that as a dictionary key, then sort the keys. Events inside a
    /// day are put in time order (the tutorial's store returned them sorted).
    static func naive(_ instants: [Date], calendar: Calendar) -> Output {
        var sections: [Date: [Int]] = [:]
        for (index, instant) in instants.enumerated() {
            var parts = calendar.dateComponents([.year, .month, .day], from: instant)
            parts.hour = 0
            parts.minute = 0
            parts.second = 0
            let day = calendar.date(from: parts)!
            sections[day, default: []].append(index)
        }
        let days = sections.keys.sorted()
        return Output(
            titles: days.map { title(of: $0, calendar: calendar) },
            items: days.map { day in sections[day]!.sorted { (instants[$0], $0) < (instants[$1], $1) } })
    }

    static func engine(_ instants: [Date], sectioning: DateSectioning) -> Output {
        let list = sectioning.sections(of: Array(instants.indices), by: { instants[$0] })
        return Output(titles: list.sectionTitles, items: list.map(\.items))
    }

    private static func title(of day: Date, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: day)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }
}
