/// A title shown in a condensed section index, and the section it scrolls to.
public struct IndexTitle: Hashable, Sendable {
    /// The text shown: a section title, or "•" standing for the titles left out around it.
    public let title: String
    /// The index in ``IndexedCollation/sectionTitles`` that a tap on this title selects.
    public let section: Int

    /// Creates an entry showing `title` that selects `section`.
    public init(title: String, section: Int) {
        self.title = title
        self.section = section
    }
}

extension IndexedCollation {
    /// The bullet that stands for left-out titles, as in iOS's shortened section indexes.
    public static let condensedTitlePlaceholder = "•"

    /// The section index shortened to at most `maxCount` entries, the way iOS shortens an index that
    /// does not fit: the first and last titles stay, titles are kept at even spacing and each run
    /// of left-out titles becomes one "•", which scrolls to the middle title of its run.
    ///
    /// - Parameter maxCount: the most entries that fit. With fewer than 3 no bullets are shown.
    /// - Returns: every title when they fit; otherwise the shortened index. Each entry maps to a section.
    /// - Complexity: O(t), where t is the number of titles.
    public func indexTitles(fitting maxCount: Int) -> [IndexTitle] {
        let titles = sectionTitles
        if titles.count <= maxCount {
            return titles.enumerated().map { IndexTitle(title: $1, section: $0) }
        }
        guard maxCount > 0 else { return [] }
        if maxCount < 3 {
            let kept = maxCount == 1 ? [0] : [0, titles.count - 1]
            return kept.map { IndexTitle(title: titles[$0], section: $0) }
        }
        // v visible titles and v - 1 bullets between them: 2v - 1 <= maxCount.
        let visible = (maxCount + 1) / 2
        let kept = (0..<visible).map { $0 * (titles.count - 1) / (visible - 1) }
        var result: [IndexTitle] = []
        for (position, section) in kept.enumerated() {
            if position > 0 {
                let previous = kept[position - 1]
                if section - previous > 1 {
                    result.append(IndexTitle(title: Self.condensedTitlePlaceholder, section: (previous + section) / 2))
                }
            }
            result.append(IndexTitle(title: titles[section], section: section))
        }
        return result
    }
}
