import Foundation
import Synchronization

/// A one-line progress display on standard error, for terminals only, shown once a run has taken
/// more than a second and redrawn at most ten times a second.
final class ProgressLine: Sendable {
    private struct State {
        var lastDraw: ContinuousClock.Instant?
        var shown = false
    }

    private let enabled: Bool
    private let start = ContinuousClock.now
    private let state = Mutex(State())

    init(enabled: Bool) {
        self.enabled = enabled && isatty(2) != 0
    }

    func update(_ phase: String, done: Int, total: Int?) {
        guard enabled else { return }
        let now = ContinuousClock.now
        let elapsed = now - start
        guard elapsed > .seconds(1) else { return }
        let line: String? = state.withLock { state in
            if let last = state.lastDraw, now - last < .milliseconds(100) { return nil }
            state.lastDraw = now
            state.shown = true
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            let rate = Double(done) / max(seconds, 1e-9)
            let amount = total.map { "\(done)/\($0)" } ?? "\(done)"
            return "\r\u{1B}[K\(phase): \(amount) records, \(Int(rate))/s"
        }
        if let line { FileHandle.standardError.write(Data(line.utf8)) }
    }

    func finish() {
        guard enabled else { return }
        if state.withLock({ $0.shown }) { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
