import Foundation
import SectionSort

/// `--key-speeds`: sort keys per second by script, the collation runtime (``Collator``, the
/// package's own data) against ICU's `ucol_getSortKey` as the library calls it, after checking
/// that both write the same bytes for every text.
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

    /// Prints a table of keys per second; returns false (after printing the first differences) if
    /// the runtime's keys differ from ICU's. `only` names the one script to measure (nil: all).
    static func run(count: Int, rounds: Int, only: String? = nil) -> Bool {
        print("script      locale  keys/s runtime  keys/s ICU  runtime/ICU")
        var identical = true
        for (index, script) in scripts.enumerated() where only == nil || only == script.name {
            let texts = texts(script, count: count, seed: UInt64(index + 1))
            guard let ours = try? Collator(locale: script.locale), let icu = ICUSortKeyContender(locale: script.locale) else {
                print("\(script.name): cannot open \(script.locale)")
                return false
            }
            var a: [UInt8] = [], b: [UInt8] = []
            var differences = 0
            for text in texts {
                a.removeAll(keepingCapacity: true)
                b.removeAll(keepingCapacity: true)
                text.withUnsafeBufferPointer { ours.appendSortKey(utf8: $0, to: &a) }
                text.withUnsafeBufferPointer { icu.appendSortKey(utf8: $0, to: &b) }
                if a != b {
                    differences += 1
                    if differences <= 3 { print("\(script.name): keys differ for \(String(decoding: text, as: UTF8.self))") }
                }
            }
            if differences > 0 {
                identical = false
                continue
            }
            // The rounds alternate between the two, so that both see the same load; the ratio is
            // the median of the rounds' ratios.
            func time(_ write: (UnsafeBufferPointer<UInt8>, inout [UInt8]) -> Void) -> Double {
                var key: [UInt8] = []
                key.reserveCapacity(256)
                let start = DispatchTime.now().uptimeNanoseconds
                for text in texts {
                    key.removeAll(keepingCapacity: true)
                    text.withUnsafeBufferPointer { write($0, &key) }
                }
                return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            }
            var runtimeSeconds: [Double] = []
            var referenceSeconds: [Double] = []
            var ratios: [Double] = []
            for _ in 0..<rounds {
                runtimeSeconds.append(time { ours.appendSortKey(utf8: $0, to: &$1) })
                referenceSeconds.append(time { icu.appendSortKey(utf8: $0, to: &$1) })
                ratios.append(referenceSeconds.last! / runtimeSeconds.last!)
            }
            func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
            let runtime = median(runtimeSeconds)
            let reference = median(referenceSeconds)
            print(
                script.name.padding(toLength: 12, withPad: " ", startingAt: 0)
                    + script.locale.padding(toLength: 8, withPad: " ", startingAt: 0)
                    + String(format: "%14.0f  %10.0f  %11.2f", Double(count) / runtime, Double(count) / reference, median(ratios)))
        }
        return identical
    }
}
