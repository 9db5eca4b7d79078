import Foundation

/// A value that threads share under a lock that ThreadSanitizer understands.
///
/// `Synchronization.Mutex` is not built with ThreadSanitizer's instrumentation on Linux, so when
/// threads contend for one, ThreadSanitizer cannot see the ordering the lock gives and reports a
/// race on the value it guards (it did for the pools of worker collators). `NSLock` is a pthread
/// mutex, which ThreadSanitizer intercepts.
///
/// Sendability: `@unchecked` because it holds a mutable value; sound because every access to the
/// value happens inside `withLock`, under the lock.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, holding the lock for the call.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
