import SectionSort

/// What must be equal wherever keys of one input are computed and read back: sectionsort's and
/// the key format's version, ICU's, UCA's and the collator's versions, the locale and the options
/// that change keys or sections, and the input's format, key fields and header (which the output
/// needs). It leads every key stream as one record (`#sectionsort-keys<TAB>{JSON}`) that sorts
/// before all key records; `--from-keys` requires the records of all parts to be equal and to
/// match the reading machine's ICU, so that a cluster mixing versions fails instead of sorting wrongly.
struct KeyIdentity: Equatable {
    /// The key records' format; a change that alters keys or their order changes it. 3: the
    /// identity names the collation settings, leading articles and index locales, which a reader
    /// of format 2 would ignore (and title sections of index locales wrongly). 4: `then` is a list
    /// (`--then` given several times), where format 3 had one name or null; its keys are those of
    /// format 4 with at most one `--then`, so format 3 is still read.
    static let formatVersion = 4

    var sectionsort = Version.number
    var format = formatVersion
    var version: CollationVersion
    /// ICU's locale whose data is in use (the one asked for is the ordering's).
    var locale: String
    /// The options that made the keys, as given.
    var ordering: Ordering
    /// The csv or tsv header row (as text).
    var header: String?

    init(collation: IndexedCollation, ordering: Ordering, header: [UInt8]?) {
        version = collation.version
        locale = collation.locale
        self.ordering = ordering
        self.ordering.locale = collation.requestedLocale
        // The locales `--index-locales auto` chose: `--from-keys` must title sections with them.
        self.ordering.indexLocales = collation.indexLocales
        self.ordering.choosesIndexLocales = false
        self.header = header.map { String(decoding: $0, as: UTF8.self) }
    }

    /// The identity as one JSON object, its fields always in this order.
    var json: String {
        func string(_ value: String?) -> String { value.map(OutputEncoding.jsonString) ?? "null" }
        let caseFirst = ordering.caseFirst.map { $0 == .upper ? "upper" : "lower" }
        return "{\"sectionsort\": \(string(sectionsort)), \"keyFormat\": \(format), \"icu\": \(string(version.icu)), "
            + "\"uca\": \(string(version.uca)), \"collator\": \(string(version.collator)), \"locale\": \(string(locale)), "
            + "\"requestedLocale\": \(string(ordering.locale)), \"ignoreCase\": \(ordering.ignoreCase), "
            + "\"ignoreAccents\": \(ordering.ignoreAccents), \"numeric\": \(ordering.numeric), "
            + "\"ignorePunctuation\": \(ordering.ignorePunctuation), \"normalize\": \(ordering.normalize), "
            + "\"caseFirst\": \(string(caseFirst)), \"ignoreArticles\": \(string(ordering.ignoreArticles?.joined(separator: ","))), "
            + "\"indexLocales\": \(string(ordering.indexLocales.isEmpty ? nil : ordering.indexLocales.joined(separator: ","))), "
            + "\"descending\": \(ordering.descending), "
            + "\"otherFirst\": \(ordering.otherFirst), \"inputFormat\": \(string(ordering.inputFormat.rawValue)), "
            + "\"key\": \(string(ordering.key)), \"then\": [\(ordering.then.map(string).joined(separator: ", "))], "
            + "\"reading\": \(string(ordering.reading)), "
            + "\"chineseNames\": \(ordering.chineseNames), \"header\": \(string(header))}"
    }

    /// The identity record, without its terminator.
    var record: [UInt8] { KeyRecord.identityPrefix + [0x09] + Array(json.utf8) }

    /// Reads an identity record; nil with a reason when it is not one this version understands.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<KeyIdentity, ParseError> {
        let prefix = KeyRecord.identityPrefix
        guard bytes.count > prefix.count, Array(bytes[0..<prefix.count]) == prefix, bytes[prefix.count] == 0x09 else {
            return .failure(ParseError(reason: "expected '#sectionsort-keys<TAB>{...}'"))
        }
        let text = UnsafeBufferPointer(rebasing: bytes[(prefix.count + 1)...])
        let names = [
            "keyFormat", "sectionsort", "icu", "uca", "collator", "locale", "requestedLocale", "inputFormat", "key", "then", "reading",
            "header", "ignoreCase", "ignoreAccents", "numeric", "descending", "otherFirst", "chineseNames", "ignorePunctuation",
            "normalize", "caseFirst", "ignoreArticles", "indexLocales",
        ]
        guard let scanned = try? JSONScanner.scan(text, names: names.map { Array($0.utf8) }), scanned.isObject else {
            return .failure(ParseError(reason: "the identity is not a JSON object"))
        }
        func value(_ name: String) -> JSONScanner.Value? { scanned.values[names.firstIndex(of: name)!] }
        let format = value("keyFormat").map { String(decoding: text[$0.range], as: UTF8.self) }
        guard format == String(formatVersion) || format == "3" else {
            return .failure(
                ParseError(reason: "key format \(format.map(Echo.bounded) ?? "?") (this sectionsort reads key format \(formatVersion))"))
        }
        func string(_ name: String) -> String? {
            guard let value = value(name), value.kind == .string else { return nil }
            var decoded: [UInt8] = []
            guard (try? JSONScanner.decodeString(text, value.range, lossy: true, into: &decoded)) != nil else { return nil }
            return String(decoding: decoded, as: UTF8.self)
        }
        func flag(_ name: String) -> Bool { value(name)?.kind == .true }
        guard let icu = string("icu"), let uca = string("uca"), let collator = string("collator"), let locale = string("locale"),
            let requested = string("requestedLocale"), let sectionsort = string("sectionsort"),
            let input = string("inputFormat").flatMap(CommandLineOptions.InputFormat.init(rawValue:))
        else {
            return .failure(ParseError(reason: "the identity lacks a field"))
        }
        var ordering = Ordering(locale: requested, inputFormat: input)
        ordering.ignoreCase = flag("ignoreCase")
        ordering.ignoreAccents = flag("ignoreAccents")
        ordering.numeric = flag("numeric")
        ordering.ignorePunctuation = flag("ignorePunctuation")
        ordering.normalize = flag("normalize")
        switch string("caseFirst") {
        case nil: break
        case "upper": ordering.caseFirst = .upper
        case "lower": ordering.caseFirst = .lower
        case let other?: return .failure(ParseError(reason: "caseFirst '\(Echo.bounded(other))' is neither upper nor lower"))
        }
        ordering.ignoreArticles = string("ignoreArticles").map { $0.split(separator: ",").map(String.init) }
        ordering.indexLocales = string("indexLocales").map { $0.split(separator: ",").map(String.init) } ?? []
        ordering.descending = flag("descending")
        ordering.otherFirst = flag("otherFirst")
        ordering.key = string("key")
        switch (format, value("then")?.kind) {
        case ("3", .string): ordering.then = [string("then")!]
        case ("3", .null), ("3", nil): break
        case (String(formatVersion), .array):
            guard let names = strings(inArray: value("then")!.range, of: text) else {
                return .failure(ParseError(reason: "then is not a list of names"))
            }
            ordering.then = names
        default: return .failure(ParseError(reason: "then is not a list of names"))
        }
        ordering.reading = string("reading")
        ordering.chineseNames = flag("chineseNames")
        var identity = KeyIdentity(
            version: CollationVersion(icu: icu, uca: uca, collator: collator), locale: locale, ordering: ordering)
        identity.sectionsort = sectionsort
        identity.header = string("header")
        return .success(identity)
    }

    /// The strings of the array at `range` of `text` (a JSON text the scanner has checked); nil
    /// when an element is not a string.
    private static func strings(inArray range: Range<Int>, of text: UnsafeBufferPointer<UInt8>) -> [String]? {
        var strings: [String] = [], position = range.lowerBound + 1
        func skipWhitespace() {
            while position < range.upperBound, [0x20, 0x09, 0x0A, 0x0D].contains(text[position]) { position += 1 }
        }
        while true {
            skipWhitespace()
            guard position < range.upperBound - 1 else { return strings }
            guard text[position] == UInt8(ascii: "\"") else { return nil }
            // The checked text has no unterminated string: its end is the first quote not escaped.
            var end = position + 1
            while text[end] != UInt8(ascii: "\"") { end += text[end] == UInt8(ascii: "\\") ? 2 : 1 }
            var decoded: [UInt8] = []
            guard (try? JSONScanner.decodeString(text, position..<end + 1, lossy: true, into: &decoded)) != nil else { return nil }
            strings.append(String(decoding: decoded, as: UTF8.self))
            position = end + 1
            skipWhitespace()
            if position < range.upperBound - 1 && text[position] == UInt8(ascii: ",") { position += 1 }
        }
    }

    private init(version: CollationVersion, locale: String, ordering: Ordering) {
        self.version = version
        self.locale = locale
        self.ordering = ordering
    }

    struct ParseError: Error {
        var reason: String
    }

    /// The versions in words, for messages.
    var versionDescription: String {
        "sectionsort \(sectionsort), ICU \(version.icu), UCA \(version.uca), collator \(version.collator), locale \(locale)"
    }
}
