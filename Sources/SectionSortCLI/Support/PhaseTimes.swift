import Foundation

/// `--verbose`: how long each phase took, and the process's peak resident memory, printed on
/// standard error at the end. A phase runs from one `enter` to the next; phases entered several
/// times (reading between runs) add up.
final class PhaseTimes {
    private let enabled: Bool
    private var order: [String] = []
    private var totals: [String: Duration] = [:]
    private var current: (name: String, since: ContinuousClock.Instant)?

    init(enabled: Bool) { self.enabled = enabled }

    func enter(_ phase: String) {
        guard enabled else { return }
        let now = ContinuousClock.now
        if let current {
            if totals[current.name] == nil { order.append(current.name) }
            totals[current.name, default: .zero] += now - current.since
        }
        current = (phase, now)
    }

    /// Ends the last phase and prints every phase's time, the total and the peak memory.
    func report() {
        guard enabled else { return }
        enter("")
        var total = Duration.zero
        var lines = ""
        for name in order where !name.isEmpty {
            total += totals[name]!
            lines += "sectionsort: \(name): \(Self.seconds(totals[name]!)) s\n"
        }
        lines += "sectionsort: total: \(Self.seconds(total)) s\n"
        let peak = Double(MemoryPlan.peakResidentBytes()) / Double(1 << 20)
        lines += "sectionsort: peak resident memory: \(String(format: "%.1f", peak)) MiB\n"
        StandardError.write(lines)
    }

    private static func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
        return String(format: "%.3f", value)
    }
}
