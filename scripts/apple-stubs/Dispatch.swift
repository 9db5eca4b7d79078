// The part of Dispatch that SectionSort uses, with the signatures of Apple's SDK (read from its
// Dispatch.swiftinterface), for scripts/check-apple-typecheck. Apple's concurrentPerform takes a
// @Sendable closure where swift-corelibs-libdispatch's does not: code that Linux accepts can be
// refused on Apple platforms, and this stub keeps Apple's stricter form.
@_exported import _Concurrency

open class DispatchObject: @unchecked Sendable {
    public func suspend()
    public func resume()
}

public struct DispatchQoS: Equatable, Sendable {
    public enum QoSClass: Sendable {
        case background
        case utility
        case `default`
        case userInitiated
        case userInteractive
        case unspecified
    }
    public let qosClass: DispatchQoS.QoSClass
    public let relativePriority: Int
    public static let background: DispatchQoS
    public static let utility: DispatchQoS
    public static let `default`: DispatchQoS
    public static let userInitiated: DispatchQoS
    public static let userInteractive: DispatchQoS
    public static let unspecified: DispatchQoS
    public init(qosClass: DispatchQoS.QoSClass, relativePriority: Int)
}

public struct DispatchWorkItemFlags: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt)
    public static let barrier: DispatchWorkItemFlags
    public static let detached: DispatchWorkItemFlags
    public static let assignCurrentContext: DispatchWorkItemFlags
    public static let noQoS: DispatchWorkItemFlags
    public static let inheritQoS: DispatchWorkItemFlags
    public static let enforceQoS: DispatchWorkItemFlags
}

public class DispatchGroup: DispatchObject, @unchecked Sendable {
    public init()
    public func enter()
    public func leave()
    public func wait()
    public func wait(timeout: DispatchTime) -> DispatchTimeoutResult
}

public class DispatchQueue: DispatchObject, @unchecked Sendable {
    public struct Attributes: OptionSet, Sendable {
        public let rawValue: UInt64
        public init(rawValue: UInt64)
        public static let concurrent: DispatchQueue.Attributes
        public static let initiallyInactive: DispatchQueue.Attributes
    }
    public class var main: DispatchQueue { get }
    public class func global(qos: DispatchQoS.QoSClass = .default) -> DispatchQueue
    public convenience init(
        label: String, qos: DispatchQoS = .unspecified, attributes: DispatchQueue.Attributes = [],
        target: DispatchQueue? = nil)
    public var label: String { get }
    public class func concurrentPerform(iterations: Int, execute work: @Sendable (Int) -> Void)
    @preconcurrency public func async(
        group: DispatchGroup? = nil, qos: DispatchQoS = .unspecified,
        flags: DispatchWorkItemFlags = [], execute work: @escaping @Sendable @convention(block) () -> Void)
    public func sync(execute block: () throws -> Void) rethrows
    public func sync<T>(execute work: () throws -> T) rethrows -> T
    @preconcurrency public func asyncAfter(
        deadline: DispatchTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
        execute work: @escaping @Sendable @convention(block) () -> Void)
}

public class DispatchSemaphore: DispatchObject, @unchecked Sendable {
    public init(value: Int)
    public func wait()
    public func wait(timeout: DispatchTime) -> DispatchTimeoutResult
    public func wait(wallTimeout: DispatchWallTime) -> DispatchTimeoutResult
    @discardableResult public func signal() -> Int
}

public enum DispatchTimeoutResult: Sendable {
    case success
    case timedOut
}

public struct DispatchTime: Comparable, Sendable {
    public let rawValue: UInt64
    public static func now() -> DispatchTime
    public static let distantFuture: DispatchTime
    public init(uptimeNanoseconds: UInt64)
    public var uptimeNanoseconds: UInt64 { get }
    public static func < (a: DispatchTime, b: DispatchTime) -> Bool
    public static func == (a: DispatchTime, b: DispatchTime) -> Bool
}

public struct DispatchWallTime: Comparable, Sendable {
    public let rawValue: UInt64
    public static func now() -> DispatchWallTime
    public static let distantFuture: DispatchWallTime
    public static func < (a: DispatchWallTime, b: DispatchWallTime) -> Bool
    public static func == (a: DispatchWallTime, b: DispatchWallTime) -> Bool
}

public enum DispatchTimeInterval: Equatable, Sendable {
    case seconds(Int)
    case milliseconds(Int)
    case microseconds(Int)
    case nanoseconds(Int)
    case never
}

public func + (time: DispatchTime, interval: DispatchTimeInterval) -> DispatchTime
public func + (time: DispatchTime, seconds: Double) -> DispatchTime
public func - (time: DispatchTime, interval: DispatchTimeInterval) -> DispatchTime
public func + (time: DispatchWallTime, interval: DispatchTimeInterval) -> DispatchWallTime
public func + (time: DispatchWallTime, seconds: Double) -> DispatchWallTime
