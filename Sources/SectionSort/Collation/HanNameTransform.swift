import Foundation

/// ICU's `Han-Latin/Names` transform (曾志伟 → "zēng zhì wěi", 单田芳 → "shàn tián fāng"), computed
/// from the data generated from ICU's rules instead of by ICU.
///
/// ICU's transform is a chain of passes over the whole text, each reading what the previous one
/// wrote; this runs the same passes:
/// 1. the first Han character of each run of them (the start of a name) gets the marker U+FDD1;
/// 2. spacing (`Han-Spacedhan`): NFKC of runs of Han and ideographic characters, halfwidth forms,
///    CJK punctuation to ASCII, and a space between a Han character and a letter either way;
/// 3. the Names rules: surname readings after the marker, readings that depend on the next
///    character;
/// 4. the marker becomes a space, or nothing at the start of the text;
/// 5. `Han-Latin`: spacing again, its context rules, then each character's reading.
///
/// The generator checks that ICU's rules have exactly this structure; tests compare the output with
/// ICU's for names, surnames and random mixed text.
struct HanNameTransform: Sendable {
    /// The marker of a name's first character, inserted by the first pass.
    private static let marker: UInt32 = 0xFDD1
    private static let space: UInt32 = 0x20

    /// The characters that some rule reads differently depending on the character after them.
    static let contextualCharacters: Set<UInt32> = Set(
        (HanTransformData.nameRules + HanTransformData.latinRules).filter { $0.following != nil }.map(\.key))

    /// The transform's output for `text`.
    ///
    /// - Complexity: O(m log r) for m characters and r rules and map records.
    func transliterate(_ text: String) -> String {
        var scalars = text.unicodeScalars.map(\.value)
        scalars = Self.markNameStarts(scalars)
        scalars = Self.spaced(scalars)
        scalars = Self.applyRules(HanTransformData.nameRules, to: scalars, readings: false)
        scalars = Self.replaceMarkers(scalars)
        scalars = Self.spaced(scalars)
        scalars = Self.applyRules(HanTransformData.latinRules, to: scalars, readings: true)
        return String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init)))
    }

    private static func isHan(_ value: UInt32) -> Bool { UnicodeScripts.script(of: value) == UnicodeScripts.han }

    /// `[:^script=Han:]{([:script=Han:])} > \uFDD1 $1`: outside the text counts as not Han.
    private static func markNameStarts(_ text: [UInt32]) -> [UInt32] {
        var output: [UInt32] = []
        output.reserveCapacity(text.count + 2)
        var previousIsHan = false
        for value in text {
            let han = isHan(value)
            if han && !previousIsHan { output.append(marker) }
            output.append(value)
            previousIsHan = han
        }
        return output
    }

    /// `Han-Spacedhan`.
    private static func spaced(_ text: [UInt32]) -> [UInt32] {
        // ::[[…][:ideographic:][:sc=han:]] nfkc; — each run of filtered characters on its own.
        var normalized: [UInt32] = []
        normalized.reserveCapacity(text.count)
        var runStart = 0
        func flushRun(upTo end: Int) {
            guard runStart < end else { return }
            let run = text[runStart..<end]
            // Unified ideographs have no decomposition: most runs are left as they are, without
            // making a String to normalize.
            if run.allSatisfy({ Unicode.Scalar($0)?.properties.isUnifiedIdeograph == true }) {
                normalized += run
                return
            }
            let string = String(String.UnicodeScalarView(run.compactMap(Unicode.Scalar.init)))
            normalized += string.precomposedStringWithCompatibilityMapping.unicodeScalars.map(\.value)
        }
        for (position, value) in text.enumerated() where !isFiltered(value) {
            flushRun(upTo: position)
            normalized.append(value)
            runStart = position + 1
        }
        flushRun(upTo: text.count)

        // ::fullwidth-halfwidth; — which ICU applies under the same filter (カ, ａ and ？ stay).
        var halfwidth: [UInt32] = []
        halfwidth.reserveCapacity(normalized.count)
        for value in normalized {
            if isFiltered(value), let replacement = HanTransformData.replacement(of: value, in: .hanHalfwidthMap) {
                halfwidth += replacement
            } else {
                halfwidth.append(value)
            }
        }

        // Punctuation rules first; then a space between what ends a Han word and a letter, and
        // between a letter (with its marks) and what starts a Han word. Contexts before the cursor
        // see what this pass already wrote.
        var output: [UInt32] = []
        output.reserveCapacity(halfwidth.count + 4)
        for value in halfwidth {
            if let replacement = HanTransformData.replacement(of: value, in: .hanPunctuationMap) {
                output += replacement
                continue
            }
            if let last = output.last, HanTransformData.contains(value, in: .hanLetters),
                HanTransformData.contains(last, in: .hanWordEnds)
            {
                output.append(space)
            } else if HanTransformData.contains(value, in: .hanWordStarts), endsWithLetter(output) {
                output.append(space)
            }
            output.append(value)
        }
        return output
    }

    /// Whether `value` is in the filter of the spacing's NFKC and halfwidth steps.
    private static func isFiltered(_ value: UInt32) -> Bool { HanTransformData.contains(value, in: .hanFilter) }

    /// `[:Letter:][:Mark:]*` before the end of `text`.
    private static func endsWithLetter(_ text: [UInt32]) -> Bool {
        for value in text.reversed() where !HanTransformData.contains(value, in: .hanMarks) {
            return HanTransformData.contains(value, in: .hanLetters)
        }
        return false
    }

    /// One pass of context rules, first matching rule first, then (in Han-Latin) the readings.
    private static func applyRules(_ rules: [HanTransformData.Rule], to text: [UInt32], readings: Bool) -> [UInt32] {
        var output: [UInt32] = []
        output.reserveCapacity(text.count * 4)
        characters: for (position, value) in text.enumerated() {
            for rule in rules where rule.key == value && matches(rule, before: output, after: text[(position + 1)...]) {
                output += rule.output
                continue characters
            }
            if readings,
                let reading = HanTransformData.withReading(of: value, { Array(String(decoding: $0, as: UTF8.self).unicodeScalars) })
            {
                output += reading.map(\.value)
            } else {
                output.append(value)
            }
        }
        return output
    }

    private static func matches(_ rule: HanTransformData.Rule, before: [UInt32], after: ArraySlice<UInt32>) -> Bool {
        if rule.needsMarker && before.last != marker { return false }
        guard let following = rule.following else { return true }
        var rest = after
        if rule.allowsSpace && rest.first == space { rest = rest.dropFirst() }
        return rest.first.map(following.contains) ?? false
    }

    /// `[^$]{\uFDD1} > ' '; \uFDD1 > ;`: a space after text, nothing at the start.
    private static func replaceMarkers(_ text: [UInt32]) -> [UInt32] {
        var output: [UInt32] = []
        output.reserveCapacity(text.count)
        for value in text {
            if value != marker {
                output.append(value)
            } else if !output.isEmpty {
                output.append(space)
            }
        }
        return output
    }
}
