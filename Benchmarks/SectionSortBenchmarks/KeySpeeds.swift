import Foundation
import SectionSort
import SectionSortICUSupport

/// `--key-speeds`: sort keys per second by script, of the collation runtime alone (``Collator``,
/// the package's own data) and of the library's keying path (``LibraryKeyWriter``: the locale's
/// key table where it covers the text, the runtime elsewhere), each against ICU's
/// `ucol_getSortKey` as the library called it, after checking that all three write the same
/// bytes for every text.
enum KeySpeeds {
    struct Script {
        var name: String
        var locale: String
        var letters: [Unicode.Scalar]
    }

    static func scalars(_ text: String) -> [Unicode.Scalar] { Array(text.unicodeScalars) }
    static func range(_ range: ClosedRange<UInt32>) -> [Unicode.Scalar] { range.compactMap(Unicode.Scalar.init) }

    static let scripts: [Script] = {
        let latin = scalars("abcdefghijklmnopqrstuvwxyzåäöéü")
        let cyrillic = scalars("абвгдеёжзийклмнопрстуфхцчшщъыьэюя")
        let greek = scalars("αβγδεζηθικλμνξοπρστυφχψωάέήίόύώ")
        let arabic = scalars("ابتثجحخدذرزسشصضطظعغفقكلمنهوي")
        let hebrew = scalars("אבגדהוזחטיכלמנסעפצקרשת")
        let thai = scalars("กขคงจฉชซญดตถทธนบปผพฟภมยรลวศษสหอฮะาิีึืุูเแโใไ่้")
        let devanagari = scalars("कखगघचछजझटठडढणतथदधनपफबभमयरलवशषसहािीुूेैोौं्")
        let han = range(0x4E00...0x9FA5)
        let kana = range(0x3041...0x3093) + range(0x30A1...0x30F3) + scalars("ーゝゞヽヾ")
        let hangul = range(0xAC00...0xD7A3)
        return [
            Script(name: "Latin", locale: "sv_SE", letters: latin), Script(name: "Cyrillic", locale: "ru", letters: cyrillic),
            Script(name: "Greek", locale: "el", letters: greek), Script(name: "Arabic", locale: "ar", letters: arabic),
            Script(name: "Hebrew", locale: "he", letters: hebrew), Script(name: "Thai", locale: "th", letters: thai),
            Script(name: "Devanagari", locale: "hi", letters: devanagari), Script(name: "Han", locale: "zh", letters: han),
            Script(name: "kana", locale: "ja", letters: kana), Script(name: "Hangul", locale: "ko", letters: hangul),
            Script(
                name: "mixed", locale: "en",
                letters: latin + cyrillic + greek + arabic + thai + devanagari + kana + hangul + han.prefix(200)),
        ]
    }()

    /// Names of two words of 2 to 8 letters, the first letter upper-cased where the script has case.
    static func texts(_ script: Script, count: Int, seed: UInt64) -> [[UInt8]] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            let words = (0..<2).map { _ in
                var word = String(
                    String.UnicodeScalarView(
                        (0..<Int.random(in: 2...8, using: &generator)).map { _ in script.letters.randomElement(using: &generator)! }))
                word = word.prefix(1).uppercased() + word.dropFirst()
                return word
            }
            return Array(words.joined(separator: " ").utf8)
        }
    }

    /// One script's contenders: the runtime alone, the library's keying path and ICU.
    private struct Contenders {
        var runtime: Collator
        var library: LibraryKeyWriter
        var icu: ICUSortKeyContender
    }

    /// Prints a table of keys per second and the ratios of the run (and writes them as a report to
    /// `jsonPath` when given); returns false (after printing the first differences) if the
    /// runtime's or the library's keys differ from ICU's. `only` names the one script to measure
    /// (nil: all).
    static func run(count: Int, rounds: Int, only: String? = nil, jsonPath: String? = nil) -> Bool {
        var report = Report(
            date: ISO8601DateFormatter().string(from: Date()), mode: "key-speeds", locale: "per script",
            machine: MachineInfo.current())
        print(
            "script      locale  table  keys/s runtime  keys/s library  keys/s ICU  runtime/ICU  library/ICU")
        var identical = true
        for (index, script) in scripts.enumerated() where only == nil || only == script.name {
            let texts = texts(script, count: count, seed: UInt64(index + 1))
            guard let runtime = try? Collator(locale: script.locale), let collation = try? IndexedCollation(locale: script.locale),
                let icu = ICUSortKeyContender(locale: script.locale)
            else {
                print("\(script.name): cannot open \(script.locale)")
                return false
            }
            let contenders = Contenders(runtime: runtime, library: collation.libraryKeyWriter(), icu: icu)
            guard let tableKeyed = check(script, texts, contenders) else {
                identical = false
                continue
            }
            let seconds = measure(texts, contenders, rounds: rounds)
            // The ratio of each contender to ICU is the median of the rounds' ratios.
            func medianRatio(_ contender: Int) -> Double {
                median(zip(seconds[contender], seconds[2]).map { $1 / $0 })
            }
            let ratios = (runtime: medianRatio(0), library: medianRatio(1))
            let name = script.name.lowercased()
            report.ratios["keys_\(name)_runtime_vs_icu"] = ratios.runtime
            report.ratios["keys_\(name)_library_vs_icu"] = ratios.library
            for (contender, label) in ["runtime", "library", "ICU"].enumerated() {
                report.keySpeeds.append(
                    Measurement(
                        name: "\(script.name) \(label)", items: count, threads: 1, repetitions: rounds,
                        seconds: seconds[contender], peakMemoryBytes: 0))
            }
            let perSecond = seconds.map { Double(count) / median($0) }
            print(
                script.name.padding(toLength: 12, withPad: " ", startingAt: 0)
                    + script.locale.padding(toLength: 8, withPad: " ", startingAt: 0)
                    + String(
                        format: "%4.0f%%  %14.0f  %14.0f  %10.0f  %11.2f  %11.2f",
                        Double(tableKeyed) / Double(max(count, 1)) * 100, perSecond[0], perSecond[1], perSecond[2], ratios.runtime,
                        ratios.library))
        }
        print(
            "ratios (same run): "
                + report.ratios.sorted { $0.key < $1.key }.map { "\($0.key)=\(String(format: "%.2f", $0.value))" }
                .joined(separator: " "))
        if let jsonPath {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            do {
                try encoder.encode(report).write(to: URL(fileURLWithPath: jsonPath))
                print("wrote \(jsonPath)")
            } catch {
                FileHandle.standardError.write(Data("sectionsort-bench: cannot write \(jsonPath): \(error)\n".utf8))
                return false
            }
        }
        return identical
    }

    private static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    /// Compares the runtime's and the library's key of every text with ICU's; returns how many
    /// texts the key table keys, or nil (after printing the first differences) if any key differs.
    private static func check(_ script: Script, _ texts: [[UInt8]], _ contenders: Contenders) -> Int? {
        var runtimeKey: [UInt8] = [], icuKey: [UInt8] = []
        var differences = 0, tableKeyed = 0
        for text in texts {
            runtimeKey.removeAll(keepingCapacity: true)
            icuKey.removeAll(keepingCapacity: true)
            text.withUnsafeBufferPointer { contenders.runtime.appendSortKey(utf8: $0, to: &runtimeKey) }
            text.withUnsafeBufferPointer { contenders.icu.appendSortKey(utf8: $0, to: &icuKey) }
            _ = text.withUnsafeBufferPointer { contenders.library.writeSortKey(utf8: $0) }
            if text.withUnsafeBufferPointer({ contenders.library.tableKeys(utf8: $0) }) { tableKeyed += 1 }
            for (side, key) in [("runtime", runtimeKey), ("library", contenders.library.lastKey)] where key != icuKey {
                differences += 1
                if differences <= 3 {
                    print("\(script.name): the \(side)'s key differs from ICU's for \(String(decoding: text, as: UTF8.self))")
                }
            }
        }
        return differences == 0 ? tableKeyed : nil
    }

    /// Seconds of each round for the runtime, the library and ICU (in that order). Each round
    /// times all three, starting with a different one each round, so that all see the same load.
    private static func measure(_ texts: [[UInt8]], _ contenders: Contenders, rounds: Int) -> [[Double]] {
        // The texts one after another in one buffer, as the engine and the command-line tool read
        // them: an array per text would add a cache miss (its header) and reference counting to
        // every key, the same time for each contender but no part of any.
        let bytes = texts.flatMap { $0 }
        let starts = texts.reduce(into: [0]) { $0.append($0.last! + $1.count) }
        var key: [UInt8] = []
        key.reserveCapacity(256)
        func time(_ write: (UnsafeBufferPointer<UInt8>) -> Void) -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            bytes.withUnsafeBufferPointer { bytes in
                for index in 0..<starts.count - 1 {
                    write(UnsafeBufferPointer(rebasing: bytes[starts[index]..<starts[index + 1]]))
                }
            }
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }
        var seconds: [[Double]] = [[], [], []]
        for round in 0..<rounds {
            for step in 0..<3 {
                let contender = (round + step) % 3
                switch contender {
                case 0:
                    seconds[0].append(
                        time {
                            key.removeAll(keepingCapacity: true)
                            contenders.runtime.appendSortKey(utf8: $0, to: &key)
                        })
                case 1: seconds[1].append(time { _ = contenders.library.writeSortKey(utf8: $0) })
                default:
                    seconds[2].append(
                        time {
                            key.removeAll(keepingCapacity: true)
                            contenders.icu.appendSortKey(utf8: $0, to: &key)
                        })
                }
            }
        }
        return seconds
    }
}
