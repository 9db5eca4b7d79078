import Foundation
import Synchronization

/// A one-line progress display on standard error, for terminals only, shown once a run has taken
/// more than a second and redrawn at most ten times a second.
final class ProgressLine: Sendable {
    private struct State {
        var lastDraw: ContinuousClock.Instant?
        var shown = false
        /// The phase last reported and when it began, for its rate.
        var phase = ""
        var phaseStart = ContinuousClock.now
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
        let line: String? = state.withLock { state in
            if state.phase != phase { state.phase = phase; state.phaseStart = now }
            guard now - start > .seconds(1) else { return nil }
            if let last = state.lastDraw, now - last < .milliseconds(100) { return nil }
            state.lastDraw = now
            state.shown = true
            let inPhase = now - state.phaseStart
            let seconds = Double(inPhase.components.seconds) + Double(inPhase.components.attoseconds) * 1e-18
            let amount = total.map { "\(done)/\($0)" } ?? "\(done)"
            // A rate needs some time in the phase to mean anything.
            let rate = seconds < 0.2 ? "" : ", \(Int(Double(done) / seconds))/s"
            return "\r\u{1B}[K\(phase): \(amount) records\(rate)"
        }
        if let line { StandardError.write(line) }
    }

    func finish() {
        guard enabled else { return }
        if state.withLock({ $0.shown }) { StandardError.write("\r\u{1B}[K") }
    }
}
