import Foundation
import SectionSort
import SectionSortICUSupport

/// The cost of readings: Chinese names sectioned with ``SectioningOptions/readsChineseNames``
/// against the same names without it, and a reading function that gives no reading against none.
/// Rounds alternate between the contenders, so that the machine's noise falls on both alike.
enum ReadingComparison {
    static func run(size: Int, rounds: Int, sample sampleSize: Int, threads: Int?, report: inout Report) throws {
        let collation = try IndexedCollation(locale: "zh_CN")
        let names = ChineseNameWorkload(seed: 20261123).names(size)
        let asNames = SectioningOptions(threads: threads, readsChineseNames: true)
        let plain = SectioningOptions(threads: threads)

        // Output check first: the option's sections are those of the same names with the readings
        // that ICU's own transform gives for each whole name (checked on a sample: ICU's transform
        // takes about 0.3 ms a name).
        let sample = Array(names.prefix(min(size, sampleSize)))
        let withOption = SectionedOutput(collation.sections(of: sample, by: { $0 }, options: asNames))
        guard let icu = ICUTransliterator(id: "Han-Latin/Names") else {
            throw BenchmarkFailure(message: "ICU has no Han-Latin/Names transform to check the readings with")
        }
        let icuReadings = Dictionary(sample.map { ($0, icu.transliterate($0)) }, uniquingKeysWith: { first, _ in first })
        let transformed = SectionedOutput(collation.sections(of: sample, by: { $0 }, reading: { icuReadings[$0] }))
        guard withOption == transformed else {
            throw BenchmarkFailure(message: "Chinese-name readings differ from ICU's transform of whole names; not timing a wrong result")
        }
        let noReading = SectionedOutput(collation.sections(of: sample, by: { $0 }, reading: { _ in nil }))
        guard noReading == SectionedOutput(collation.sections(of: sample, by: { $0 })) else {
            throw BenchmarkFailure(message: "a reading function without readings changes the order; not timing a wrong result")
        }

        let contenders: [(name: String, body: () -> Int)] = [
            ("\(size) Chinese names, keys as they are", { collation.sections(of: names, by: { $0 }, options: plain).itemCount }),
            (
                "\(size) Chinese names, --chinese-names (readsChineseNames)",
                { collation.sections(of: names, by: { $0 }, options: asNames).itemCount }
            ),
            (
                "\(size) Chinese names, a reading function that gives none",
                {
                    collation.sections(of: names, by: { $0 }, reading: { _ in nil }, options: plain).itemCount
                }
            ),
        ]
        // A warm-up round opens the transform and fills the syllable cache, as any first use does;
        // its time is reported apart.
        var seconds = [[Double]](repeating: [], count: contenders.count)
        var firstUse = 0.0
        for round in 0...rounds {
            for (index, contender) in contenders.enumerated() {
                let start = DispatchTime.now().uptimeNanoseconds
                _ = contender.body()
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                if round == 0 { if index == 1 { firstUse = elapsed } } else { seconds[index].append(elapsed) }
            }
        }
        let measurements = contenders.indices.map {
            Measurement(
                name: contenders[$0].name, items: size, threads: threads ?? AvailableProcessors.count,
                repetitions: rounds, seconds: seconds[$0],
                peakMemoryBytes: PeakMemory.current())
        }
        report.readings = measurements
        // The median of each round's ratio: rounds alternate, so a round's two times share the
        // machine's state, which the ratio of medians would not.
        func medianRatio(_ contender: Int) -> Double {
            let ratios = (0..<rounds).map { seconds[contender][$0] / seconds[0][$0] }.sorted()
            return ratios[ratios.count / 2]
        }
        report.ratios["chinese_names_vs_plain"] = medianRatio(1)
        report.ratios["empty_readings_vs_plain"] = medianRatio(2)
        report.ratios["chinese_names_first_use_seconds"] = firstUse
    }
}
