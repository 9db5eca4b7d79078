import Foundation
import SectionSort

/// ISO 8601 timestamps with a UTC offset, parsed and printed without Foundation's formatters
/// (which cost microseconds per call): 2018-11-04T12:00:00-02:00, 2018-11-04T14:00:00.250Z,
/// 2018-11-04 12:00:00+0200.
enum Timestamp {
    /// Why a timestamp did not parse, and at which character (0-based).
    struct ParseError: Error {
        var message: String
        var offset: Int
    }

    /// Seconds since 1970-01-01T00:00:00Z.
    static func parse(_ text: String) throws(ParseError) -> Date {
        let bytes = Array(text.utf8)
        var position = 0
        func number(_ digits: Int, _ what: String) throws(ParseError) -> Int {
            guard position + digits <= bytes.count else {
                throw ParseError(message: "expected \(what)", offset: min(position, bytes.count))
            }
            var value = 0
            for index in position..<position + digits {
                let byte = bytes[index]
                guard byte >= 0x30 && byte <= 0x39 else { throw ParseError(message: "expected \(what)", offset: index) }
                value = value * 10 + Int(byte - 0x30)
            }
            position += digits
            return value
        }
        func expect(_ characters: String, _ what: String) throws(ParseError) {
            guard position < bytes.count, characters.utf8.contains(bytes[position]) else {
                throw ParseError(message: "expected \(what)", offset: min(position, bytes.count))
            }
            position += 1
        }
        let year = try number(4, "a four-digit year")
        // ISO 8601's year 0000 is 1 BC, which needs an agreement beyond the standard's four
        // digits for years 1 to 9999; refused rather than guessed.
        guard year >= 1 else { throw ParseError(message: "year 0000 is outside the years 0001 to 9999 that are read", offset: 0) }
        try expect("-", "'-' after the year")
        let month = try number(2, "a two-digit month")
        try expect("-", "'-' after the month")
        let day = try number(2, "a two-digit day")
        guard (1...12).contains(month) else { throw ParseError(message: "month \(month) is out of range", offset: 5) }
        guard (1...daysInMonth(year, month)).contains(day) else { throw ParseError(message: "day \(day) is out of range", offset: 8) }
        try expect("Tt ", "'T' between date and time")
        let hour = try number(2, "a two-digit hour")
        try expect(":", "':' after the hour")
        let minute = try number(2, "two-digit minutes")
        var second = 0
        var fraction = 0.0
        if position < bytes.count && bytes[position] == 0x3A {
            position += 1
            second = try number(2, "two-digit seconds")
            if position < bytes.count && (bytes[position] == 0x2E || bytes[position] == 0x2C) {
                position += 1
                var scale = 0.1
                let start = position
                while position < bytes.count && bytes[position] >= 0x30 && bytes[position] <= 0x39 {
                    fraction += Double(bytes[position] - 0x30) * scale
                    scale /= 10
                    position += 1
                }
                if position == start { throw ParseError(message: "expected fractional seconds", offset: position) }
            }
        }
        guard hour <= 24, minute <= 59, second <= 60 else { throw ParseError(message: "time is out of range", offset: 11) }
        guard position < bytes.count else {
            throw ParseError(message: "expected a UTC offset (Z or ±HH:MM); without one the instant is ambiguous", offset: position)
        }
        var offsetSeconds = 0
        if bytes[position] == 0x5A || bytes[position] == 0x7A {  // Z
            position += 1
        } else {
            let sign = bytes[position], signPosition = position
            guard sign == 0x2B || sign == 0x2D else { throw ParseError(message: "expected a UTC offset (Z or ±HH:MM)", offset: position) }
            position += 1
            let offsetHours = try number(2, "two-digit offset hours")
            if position < bytes.count && bytes[position] == 0x3A { position += 1 }
            let offsetMinutes = try number(2, "two-digit offset minutes")
            // Real offsets lie within ±18:00 (the bound java.time and RFC 9557 readers use).
            guard offsetMinutes <= 59, offsetHours * 60 + offsetMinutes <= 18 * 60 else {
                throw ParseError(message: "the UTC offset is out of range (at most ±18:00)", offset: signPosition)
            }
            offsetSeconds = (offsetHours * 3600 + offsetMinutes * 60) * (sign == 0x2D ? -1 : 1)
        }
        guard position == bytes.count else { throw ParseError(message: "unexpected text after the timestamp", offset: position) }
        let days = CivilDays.daysFromCivil(year, month, day)
        let seconds = Double(days * 86400 + hour * 3600 + minute * 60 + second - offsetSeconds) + fraction
        return Date(timeIntervalSince1970: seconds)
    }

    /// `date` in ISO 8601 with the offset `zone` has at that instant: 2018-11-04T01:00:00-02:00.
    static func format(_ date: Date, in zone: TimeZone) -> String {
        let offset = zone.secondsFromGMT(for: date)
        let local = Int((date.timeIntervalSince1970 + Double(offset)).rounded(.down))
        let days = local >= 0 ? local / 86400 : (local - 86399) / 86400
        let secondsOfDay = local - days * 86400
        let (year, month, day) = CivilDays.civilFromDays(days)
        let sign = offset < 0 ? "-" : "+"
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d%@%02d:%02d", year, month, day, secondsOfDay / 3600, secondsOfDay / 60 % 60,
            secondsOfDay % 60, sign, abs(offset) / 3600, abs(offset) / 60 % 60)
    }

    private static func daysInMonth(_ year: Int, _ month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
