import Foundation

/// Ends the program on SIGHUP, SIGINT, SIGQUIT and SIGTERM, and on a broken pipe, without leaving
/// temporary files behind, the way GNU sort does: the files are removed, then the program dies of
/// the same signal (a shell shows 128 + its number: 130 for SIGINT, 141 for SIGPIPE).
///
/// The signals are blocked in every thread, so none is interrupted between creating a file and
/// noting it; one ordinary thread takes them with sigwait(3) and removes the files under the
/// lock that creating them takes (``TemporaryFiles``). As that thread is not a signal handler,
/// it may lock, allocate and call anything. SIGPIPE is ignored instead: a write to a closed pipe
/// then fails with EPIPE where it happens, and the program unwinds (removing its files) before
/// it dies of SIGPIPE (``die(of:)``).
enum FatalSignals {
    static let caught: [Int32] = [SIGHUP, SIGINT, SIGQUIT, SIGTERM]

    /// Installs the handling. Must run first in `main`, before any other thread exists, so that
    /// every thread inherits the blocked signals (Dispatch's worker threads block them too).
    static func install() {
        signal(SIGPIPE, SIG_IGN)
        var set = sigset_t()
        sigemptyset(&set)
        // A signal ignored on entry stays ignored (nohup, background jobs), as in GNU sort.
        for number in caught where !isIgnored(number) { sigaddset(&set, number) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let blocked = set
        let waiter = Thread {
            var set = blocked, number: Int32 = 0
            while sigwait(&set, &number) != 0 {}
            TemporaryFiles.removeAllForExit()
            die(of: number)
        }
        waiter.name = "sectionsort signals"
        waiter.start()
    }

    /// Ends the program by `number` with its default action, as if it had never been caught.
    static func die(of number: Int32) -> Never {
        signal(number, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, number)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(number)
        _exit(128 + number)
    }

    private static func isIgnored(_ number: Int32) -> Bool {
        var action = sigaction()
        guard sigaction(number, nil, &action) == 0 else { return false }
        #if canImport(Darwin)
        let handler = action.__sigaction_u.__sa_handler
        #else
        let handler = action.__sigaction_handler.sa_handler
        #endif
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}
