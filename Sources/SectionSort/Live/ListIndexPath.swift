/// The place of a row in a sectioned list: a section and a row in it, both counted from zero.
///
/// It is UIKit's `IndexPath(row:section:)` without UIKit (which Linux does not have); convert with
/// `IndexPath(row: path.row, section: path.section)`. Paths order section first, then row.
public struct ListIndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The section's position in the list.
    public var section: Int
    /// The row's position in its section.
    public var row: Int

    /// Creates the path of `row` in `section`.
    public init(section: Int, row: Int) {
        self.section = section
        self.row = row
    }

    public static func < (a: ListIndexPath, b: ListIndexPath) -> Bool {
        (a.section, a.row) < (b.section, b.row)
    }

    /// "[section, row]", as Foundation prints an `IndexPath`.
    public var description: String { "[\(section), \(row)]" }
}
