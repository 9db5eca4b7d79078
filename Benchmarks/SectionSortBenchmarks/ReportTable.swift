import Foundation

/// The human-readable form of a report.
enum ReportTable {
    static func render(_ report: Report) -> String {
        var lines = [
            "sectionsort-bench \(report.mode), locale \(report.locale), \(report.machine.cores) cores, \(report.machine.cpu)",
            "commit \(report.machine.commit), \(report.machine.toolchain)", "",
        ]
        func table(_ title: String, _ rows: [Measurement]) {
            guard !rows.isEmpty else { return }
            lines.append(title)
            lines.append(
                pad("contender", 60) + pad("median", 12) + pad("spread", 9) + pad("items/s", 13) + pad("ns/item", 10)
                    + pad("vs naive", 10) + "peak MiB")
            for row in rows {
                lines.append(
                    pad(row.name, 60) + pad(time(row.median), 12) + pad(String(format: "%.0f%%", row.spread * 100), 9)
                        + pad(String(format: "%.3g", row.itemsPerSecond), 13) + pad(String(format: "%.0f", row.nanosecondsPerItem), 10)
                        + pad(row.speedupOverNaive.map { String(format: "%.1fx", $0) } ?? "", 10)
                        + String(format: "%.0f", Double(row.peakMemoryBytes) / 1_048_576))
            }
            lines.append("")
        }
        table("The seeds' sizes (one section)", report.seedSizes)
        table("Headline", report.headline)
        table("Thread scaling", report.threadScaling)
        table("Size scaling", report.sizeScaling)
        table("Date grouping (by day, Europe/Stockholm)", report.dateGrouping)
        table("Readings (zh_CN, generated Chinese names, rounds interleaved)", report.readings)
        table("Live lists (vs naive: against sectioning again)", report.live)
        lines.append(
            "ratios (same run): "
                + report.ratios.sorted { $0.key < $1.key }
                .map { "\($0.key)=\(String(format: "%.2f", $0.value))" }.joined(separator: " "))
        return lines.joined(separator: "\n")
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    private static func time(_ seconds: Double) -> String {
        seconds < 1e-3
            ? String(format: "%.1f µs", seconds * 1e6)
            : seconds < 1 ? String(format: "%.2f ms", seconds * 1e3) : String(format: "%.2f s", seconds)
    }
}
