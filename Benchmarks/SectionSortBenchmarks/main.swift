import Foundation
import SectionSort

// sectionsort-bench: the bulk engine against the naive per-section sort, in one run.

let usage = """
    usage: sectionsort-bench [--quick] [--json FILE] [--chart FILE] [--locale ID] [--size N]
                             [--max-size N] [--threads LIST] [--readings-only] [--live [--live-size N]]

    Times SectionSort's engine against the naive per-section sort (a Foundation localized compare
    on every comparison) and against sorting each section with ICU's comparator (ucol_strcollUTF8
    on every comparison) on generated names, checks that every contender gives identical output,
    and reports medians, spread, items per second, speedups and peak memory.

      --quick          a run under a minute (smaller sizes, fewer repetitions)
      --json FILE      also write every figure, the machine, toolchain and commit as JSON
      --chart FILE     write an SVG chart of parallel speedup and cost per item
      --locale ID      the collation locale (default sv_SE)
      --size N         items in the headline comparison (default 100000; quick 20000)
      --max-size N     largest size of the size-scaling series (default 10000000; quick 100000)
      --threads LIST   thread counts for the thread-scaling series, e.g. 1,2,4 (default 1…cores)
      --readings-only  only the readings comparison: --size Chinese names (default 1000000;
                       quick 100000) with and without readsChineseNames (--chinese-names), on
                       the first of --threads (default all cores)
      --seeds-only     only the seeds' sizes: 500 and 900 names in one section, the engine on
                       all cores and on 1 thread, --rounds times each (default 7; 4 times as
                       many for the engine), against the naive sort and ICU's comparator
      --live           only the live-list benchmark: inserting 1 item and applying 1,000
                       edits to a LiveSectionedList against sectioning again, and searching
      --live-size N    items in the live list (default 1000000)
      --rounds N       rounds of the live benchmark (default 7)
      --check-key-tables [--count N]
                       for every locale ICU has, compare the keys of its key table with ICU's:
                       every covered character and N random texts of them (default 1000000
                       texts in all, spread over the locales); exits 1 on any difference
      --write-names FILE --count N [--names SET]
                       write N generated names, one a line, to FILE and exit (the input of
                       scripts/compare-peers); SET is latin (default: Swedish contacts),
                       chinese (the names of the readings comparison), japanese, korean or
                       mixed (60 % of names with a character above U+07FF); --chinese is
                       --names chinese
      --key-speeds [--count N] [--rounds N] [--script NAME] [--json FILE]
                       sort keys per second by script (Latin, Cyrillic, Greek, Arabic, Hebrew,
                       Thai, Devanagari, Han, kana, Hangul, mixed) against ICU's
                       ucol_getSortKey, of the collation runtime alone and of the library's
                       keying path (the locale's key table where it covers the text, the
                       runtime elsewhere; "table" is the share of names it covers), after
                       checking that all three write the same keys for N generated names per
                       script (default 1000000; quick 100000); exits 1 on any difference;
                       rounds interleave the three, each ratio is the median of the rounds'
                       ratios; --script measures only that script (for profiling); --json
                       writes the timings and ratios
      --check-collation [--count N] [--seed N] [--threads N]
                       the collation runtime's keys against ICU's ucol_getSortKey, byte for
                       byte: N random texts (default 1000000) of many scripts, combining marks,
                       digits, punctuation, emoji and ill-formed UTF-8, spread over every locale
                       and collation type of the generated data under random settings; the seed
                       is random unless given and is printed; exits 1 on any difference
      --check-collation-exhaustive [--threads N] [--tailorings LIST] [--options LIST]
                                   [--pairs FROM..<TO]
                       every code point U+0000...U+10FFFF alone, before "a" and after "a" and
                       U+0301, keyed by the runtime and by ICU in every distinct tailoring under
                       every combination of the library's collation options (hours: see
                       Benchmarks/README.md); LIST is comma-separated: tailorings as ICU names
                       them ("root", "de@collation=phonebook"), option sets as "default" or
                       flags joined by "+" (case, accents, numeric, punctuation, normalizes,
                       upper, lower); --pairs compares only those of the planned tailoring and
                       option-set pairs (numbered from 0 in the order the plan prints), so that
                       machines can share one run; exits 1 on any difference
      --compare-keys NAME TEXT
                       the runtime's and ICU's keys of one text in the collation ICU names NAME
                       ("de@collation=phonebook", "en-u-kk-true"), TEXT as code points
                       ("U+0061 U+0301") or bytes ("61 CC 81", for ill-formed UTF-8); exits 1
                       when they differ
      -h, --help       show this help
    """

struct Arguments {
    var quick = false
    var jsonPath: String?
    var chartPath: String?
    var locale = "sv_SE"
    var size: Int?
    var maxSize: Int?
    var threads: [Int]?
    var namesPath: String?
    var count = 1_000_000
    var readingsOnly = false
    var seedsOnly = false
    var nameSet = NameSet.latin
    var live = false
    var liveSize = 1_000_000
    var rounds = 7
    var checkKeyTables = false
    var keySpeeds = false
    var checkCollation = false
    var checkCollationExhaustive = false
    var seed: UInt64?
    var tailorings: [String]?
    var optionSets: [String]?
    var pairs: Range<Int>?
    var compareKeys: (name: String, text: String)?
    var script: String?

    static func parse(_ arguments: [String]) throws -> Arguments {
        var result = Arguments()
        var iterator = arguments.makeIterator()
        func value(_ option: String) throws -> String {
            guard let value = iterator.next() else { throw UsageError("\(option) needs a value") }
            return value
        }
        func number(_ option: String) throws -> Int {
            let text = try value(option)
            guard let number = Int(text), number > 0 else { throw UsageError("\(option) needs a positive number, not '\(text)'") }
            return number
        }
        while let argument = iterator.next() {
            switch argument {
            case "--quick": result.quick = true
            case "--json": result.jsonPath = try value(argument)
            case "--chart": result.chartPath = try value(argument)
            case "--locale": result.locale = try value(argument)
            case "--size": result.size = try number(argument)
            case "--max-size": result.maxSize = try number(argument)
            case "--threads":
                let text = try value(argument)
                let list = text.split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
                guard !list.isEmpty else { throw UsageError("--threads needs a list like 1,2,4, not '\(text)'") }
                result.threads = list
            case "--write-names": result.namesPath = try value(argument)
            case "--count": result.count = try number(argument)
            case "--readings-only": result.readingsOnly = true
            case "--seeds-only": result.seedsOnly = true
            case "--chinese": result.nameSet = .chinese
            case "--names":
                let text = try value(argument)
                guard let set = NameSet(rawValue: text) else {
                    let sets = NameSet.allCases.map(\.rawValue).joined(separator: ", ")
                    throw UsageError("--names takes one of \(sets), not '\(text)'")
                }
                result.nameSet = set
            case "--live": result.live = true
            case "--live-size": result.liveSize = try number(argument)
            case "--rounds": result.rounds = try number(argument)
            case "--check-key-tables": result.checkKeyTables = true
            case "--key-speeds": result.keySpeeds = true
            case "--check-collation": result.checkCollation = true
            case "--check-collation-exhaustive": result.checkCollationExhaustive = true
            case "--seed":
                let text = try value(argument)
                guard let seed = UInt64(text) else { throw UsageError("--seed needs a number from 0 to 2^64-1, not '\(text)'") }
                result.seed = seed
            case "--compare-keys": result.compareKeys = (try value(argument), try value(argument))
            case "--tailorings": result.tailorings = try value(argument).split(separator: ",").map(String.init)
            case "--options": result.optionSets = try value(argument).split(separator: ",").map(String.init)
            case "--pairs":
                let text = try value(argument)
                let bounds = text.split(separator: "..<", omittingEmptySubsequences: false).map { Int($0) }
                guard bounds.count == 2, let lower = bounds[0], let upper = bounds[1], 0 <= lower, lower < upper else {
                    throw UsageError("--pairs needs a range FROM..<TO of pair numbers, FROM < TO, not '\(text)'")
                }
                result.pairs = lower..<upper
            case "--script": result.script = try value(argument)
            case "-h", "--help":
                print(usage)
                exit(0)
            default: throw UsageError("unknown option '\(argument)'")
            }
        }
        return result
    }
}

struct UsageError: Error { let message: String; init(_ message: String) { self.message = message } }

struct BenchmarkFailure: Error { let message: String }

/// Everything one run measured; `--json` writes it.
struct Report: Codable {
    var tool = "sectionsort-bench"
    var date: String
    var mode: String
    var locale: String
    var machine: MachineInfo
    var headline: [Measurement] = []
    var seedSizes: [Measurement] = []
    var threadScaling: [Measurement] = []
    var sizeScaling: [Measurement] = []
    var dateGrouping: [Measurement] = []
    var readings: [Measurement] = []
    /// `--live`: live lists against sectioning again, and search.
    var live: [Measurement] = []
    /// `--key-speeds`: the seconds of each round of each script's runtime, library and ICU.
    var keySpeeds: [Measurement] = []
    /// Ratios measured within this run; what `scripts/bench-compare` compares between runs.
    var ratios: [String: Double] = [:]
}

let arguments: Arguments
do {
    arguments = try Arguments.parse(Array(CommandLine.arguments.dropFirst()))
} catch let error as UsageError {
    FileHandle.standardError.write(Data("sectionsort-bench: \(error.message)\nTry 'sectionsort-bench --help'.\n".utf8))
    exit(64)
}

if let path = arguments.namesPath {
    let names = arguments.nameSet.names(arguments.count)
    var bytes = [UInt8]()
    bytes.reserveCapacity(arguments.count * 24)
    for name in names { bytes += name.utf8; bytes.append(0x0A) }
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
        FileHandle.standardError.write(Data("sectionsort-bench: cannot write \(path)\n".utf8))
        exit(74)
    }
    exit(0)
}

if arguments.keySpeeds {
    let count = arguments.quick ? min(arguments.count, 100_000) : arguments.count
    exit(KeySpeeds.run(count: count, rounds: arguments.rounds, only: arguments.script, jsonPath: arguments.jsonPath) ? 0 : 1)
}

if let (name, text) = arguments.compareKeys {
    exit(CollationKeyComparison.compareOne(name: name, text: text) ? 0 : 1)
}

if arguments.checkCollation {
    let threads = arguments.threads?.first ?? ProcessInfo.processInfo.activeProcessorCount
    exit(CollationCheck.run(count: arguments.count, seed: arguments.seed, threads: threads) ? 0 : 1)
}

if arguments.checkCollationExhaustive {
    let threads = arguments.threads?.first ?? ProcessInfo.processInfo.activeProcessorCount
    exit(
        ExhaustiveCollationCheck.run(
            threads: threads, tailorings: arguments.tailorings, optionNames: arguments.optionSets, pairRange: arguments.pairs) ? 0 : 1)
}

if arguments.checkKeyTables {
    exit(KeyTableCheck.run(texts: arguments.count) ? 0 : 1)
}

do {
    let report = try arguments.live ? BenchmarkRun(arguments: arguments).runLive() : BenchmarkRun(arguments: arguments).run()
    print(ReportTable.render(report))
    if let path = arguments.jsonPath {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(report).write(to: URL(fileURLWithPath: path))
        print("wrote \(path)")
    }
    if let path = arguments.chartPath {
        try ScalingChart.svg(report).write(toFile: path, atomically: true, encoding: .utf8)
        print("wrote \(path)")
    }
} catch let failure as BenchmarkFailure {
    FileHandle.standardError.write(Data("sectionsort-bench: \(failure.message)\n".utf8))
    exit(1)
}
