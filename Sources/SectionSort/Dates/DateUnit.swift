import Foundation

/// The length of a date section.
public enum DateUnit: String, Sendable, Hashable, CaseIterable {
    case hour, day, week, month, quarter, year

    /// The field of relative headers; nil for quarters, which Foundation does not name ("last
    /// quarter"): their headers stay absolute.
    var relativeField: Date.RelativeFormatStyle.Field? {
        switch self {
        case .hour: .hour
        case .day: .day
        case .week: .week
        case .month: .month
        case .quarter: nil
        case .year: .year
        }
    }
}
