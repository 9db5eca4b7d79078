import Foundation
import SectionSort
import SectionSortICUSupport

/// One collation set up twice, in the collation runtime and in ICU, keying the same texts: the
/// unit of `--check-collation` and `--check-collation-exhaustive`. Its key buffers are reused, so
/// it belongs to one thread.
final class CollationKeyComparison {
    let runtime: Collator
    let icu: ICUSortKeyOracle
    // Unchecked: a comparison belongs to one thread and no access to these overlaps another; the
    // checks cost a tenth of the exhaustive check's time.
    @exclusivity(unchecked) private(set) var runtimeKey: [UInt8] = []
    @exclusivity(unchecked) private(set) var icuKey: [UInt8] = []
    @exclusivity(unchecked) private(set) var icuKeyLength = 0
    private var lastKeysMatched = false
    /// Where the worker that owns the comparison says what it keys, for the watch of
    /// ``CheckWorkers``.
    var slot: KeyingSlot?

    init(runtime: Collator, icu: ICUSortKeyOracle) {
        self.runtime = runtime
        self.icu = icu
        runtimeKey.reserveCapacity(256)
    }

    /// Opens the tailoring of `identifier` and `type` in both, then lets `configure` change ICU's
    /// collator and the runtime's settings alike; nil when either side cannot open it or the two
    /// do not take the same settings (`failure` then says which).
    static func open(
        identifier: String, type: String,
        configure: (ICUSortKeyOracle, inout CollationSettings) -> (icu: Bool, runtime: Bool) = { _, _ in (true, true) }
    ) -> Result<CollationKeyComparison, OpenFailure> {
        let name = icuName(identifier: identifier, type: type)
        guard let icu = ICUSortKeyOracle(name: name) else { return .failure(.icuRefused(name)) }
        guard let tailoring = CollationTailoring.named(identifier, type: type) else { return .failure(.runtimeRefused(name)) }
        guard var settings = try? Collator.defaultSettings(of: tailoring) else { return .failure(.runtimeRefused(name)) }
        let took = configure(icu, &settings)
        switch took {
        case (true, true): return .success(CollationKeyComparison(runtime: Collator(tailoring: tailoring, settings: settings), icu: icu))
        case (false, false): return .failure(.bothRefused)
        default: return .failure(.oneRefused(icu: took.icu, runtime: took.runtime))
        }
    }

    /// Opens the collation ICU names `name` with the library's `options`: the runtime as the
    /// library opens it (``Collator/init(locale:options:)``), ICU's collator with the attributes
    /// the options are documented to mean (``CollationOptions/documentedICUAttributes``).
    static func open(name: String, options: CollationOptions) -> Result<CollationKeyComparison, OpenFailure> {
        guard let icu = ICUSortKeyOracle(name: name) else { return .failure(.icuRefused(name)) }
        guard let runtime = try? Collator(locale: name, options: options) else { return .failure(.runtimeRefused(name)) }
        guard options.documentedICUAttributes.apply(to: icu) else { return .failure(.oneRefused(icu: false, runtime: true)) }
        return .success(CollationKeyComparison(runtime: runtime, icu: icu))
    }

    enum OpenFailure: Error, CustomStringConvertible {
        case icuRefused(String), runtimeRefused(String), bothRefused, oneRefused(icu: Bool, runtime: Bool)

        var description: String {
            switch self {
            case .icuRefused(let name): "ICU cannot open \(name)"
            case .runtimeRefused(let name): "the runtime cannot open \(name)"
            case .bothRefused: "both refuse the settings"
            case .oneRefused(let icu, _):
                icu ? "the runtime refuses settings that ICU takes" : "ICU refuses settings that the runtime takes"
            }
        }
    }

    /// ICU's name of a locale table entry: the collation type as a keyword (the table's "" is
    /// ICU's root, as "root" is).
    static func icuName(identifier: String, type: String) -> String {
        type.isEmpty ? identifier : "\(identifier)@collation=\(type)"
    }

    /// Keys `text` in both; true when the keys are byte-identical. Well-formed text goes through
    /// ICU's UTF-16 key path, ill-formed text through ICU's own UTF-8 reading.
    func keysMatch(_ text: inout CollationCheckText) -> Bool {
        text.utf8.withUnsafeBufferPointer { utf8 in
            guard text.isWellFormed else { return keysMatch(utf8: utf8, utf16: nil) }
            return text.utf16.withUnsafeBufferPointer { keysMatch(utf8: utf8, utf16: $0) }
        }
    }

    /// Keys UTF-8 text in both: through ICU's UTF-16 key path with `utf16` (the same text), or
    /// through ICU's own reading of the UTF-8 when it is nil; true when the keys are identical.
    func keysMatch(utf8: UnsafeBufferPointer<UInt8>, utf16: UnsafeBufferPointer<UInt16>?) -> Bool {
        defer { slot?.end() }
        slot?.begin(.runtime, utf8: utf8)
        runtimeKey.removeAll(keepingCapacity: true)
        runtime.appendSortKey(utf8: utf8, to: &runtimeKey)
        slot?.begin(.icu, utf8: utf8)
        if let utf16 {
            let key = icu.sortKey(utf16: utf16)
            icuKeyLength = key.count
            if icuKey.count < key.count { icuKey = [UInt8](repeating: 0, count: key.count * 2) }
            // Copied only when different, for the report: equal keys are the rule.
            let equal =
                key.count == runtimeKey.count
                && runtimeKey.withUnsafeBufferPointer { memcmp($0.baseAddress!, key.baseAddress!, key.count) == 0 }
            lastKeysMatched = equal
            if equal { return true }
            icuKey.replaceSubrange(0..<key.count, with: key)
            return false
        }
        icuKeyLength = icu.writeSortKey(utf8: utf8, to: &icuKey)
        lastKeysMatched = runtimeKey.count == icuKeyLength && runtimeKey.elementsEqual(icuKey[..<icuKeyLength])
        return lastKeysMatched
    }

    /// The last two keys, for a report (ICU's is not copied when it is the runtime's).
    var lastKeys: String {
        lastKeysMatched
            ? "  runtime and ICU: \(hex(runtimeKey[...]))"
            : "  runtime: \(hex(runtimeKey[...]))\n  ICU:     \(hex(icuKey[..<icuKeyLength]))"
    }
}

extension CollationKeyComparison {
    /// `--compare-keys`: prints both keys of one text, given as code points ("U+0061 U+0301") or
    /// as bytes ("61 CC 81"), in the collation ICU names `name` (its keywords too: "de@collation=
    /// phonebook", "en-u-kk-true"), opened as the library opens a locale and as `ucol_open` opens
    /// its canonical form; returns whether they match.
    static func compareOne(name: String, text: String) -> Bool {
        guard let icu = ICUSortKeyOracle(name: Locale(identifier: name).identifier(.icu)) else {
            print("ICU cannot open \(name)")
            return false
        }
        guard let runtime = try? Collator(locale: name) else {
            print("the runtime cannot open \(name)")
            return false
        }
        let comparison = CollationKeyComparison(runtime: runtime, icu: icu)
        var checked = CollationCheckText()
        for item in text.split(whereSeparator: { $0 == " " || $0 == "," }) {
            if item.uppercased().hasPrefix("U+"), let value = UInt32(item.dropFirst(2), radix: 16) {
                checked.append(code: value)
            } else if let byte = UInt8(item, radix: 16) {
                checked.appendIllFormed([byte])
            }
        }
        if !checked.isWellFormed, let text = String(validating: checked.utf8, as: UTF8.self) {
            // Bytes that are UTF-8 after all: key them through ICU's UTF-16 path as well.
            checked.removeAll()
            checked.append(Array(text.unicodeScalars))
        }
        let match = comparison.keysMatch(&checked)
        print("\(name): \(checked.codePoints)\n\(comparison.lastKeys)\n\(match ? "identical" : "different")")
        return match
    }
}

/// ICU's locale names with a collation keyword, split into the locale table's identifier and type.
enum CollationLocaleName {
    static func split(_ name: String) -> (identifier: String, type: String) {
        guard let at = name.firstIndex(of: "@") else { return (name, "") }
        let identifier = String(name[..<at])
        let keywords = name[name.index(after: at)...].split(separator: ";")
        let type = keywords.first { $0.hasPrefix("collation=") }.map { String($0.dropFirst("collation=".count)) } ?? ""
        return (identifier, type)
    }
}

extension CollationOptions {
    /// The ICU attributes these options stand for, as their documentation gives them: strength
    /// tertiary, secondary when ignoring case, primary when ignoring accents too, primary with the
    /// case level when ignoring accents but not case; numeric collation on or off; alternate
    /// shifted when ignoring punctuation, normalization on when normalizing, the case first asked
    /// for; the locale's own settings otherwise.
    var documentedICUAttributes: CollationAttributes {
        var attributes = CollationAttributes()
        switch (ignoresCase, ignoresAccents) {
        case (false, false): attributes.strength = .tertiary
        case (true, false): attributes.strength = .secondary
        case (_, true): attributes.strength = .primary
        }
        attributes.caseLevel = ignoresAccents && !ignoresCase
        attributes.numeric = numeric
        if ignoresPunctuation { attributes.shifted = true }
        if normalizes { attributes.normalization = true }
        if let caseFirst { attributes.caseFirst = caseFirst == .upper ? .upperFirst : .lowerFirst }
        return attributes
    }
}
