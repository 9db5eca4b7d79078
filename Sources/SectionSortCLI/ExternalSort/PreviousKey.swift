import Foundation

/// The key of the record written last, to compare the next with: `-u` in the merge of sorted runs
/// leaves out the records after it with an equal key, and `--from-keys` checks that its key
/// records come in byte order.
///
/// A key of ``MemoryPlan/longRecord`` bytes or more (that of a record longer than the memory
/// limit, perhaps) goes to a temporary file, not into a copy in memory: the reader it came from
/// already holds it and its record, and a copy would hold the record a third time. The file is
/// read back a block at a time, and for `-u` only against a key of the same length.
final class PreviousKey {
    private enum Held {
        case none
        case inMemory([UInt8])
        case inFile(count: Int)
    }

    private var held = Held.none
    private var directory: TemporaryDirectory?
    /// Where a directory of its own goes, when it may make one (`-T`; nil: TMPDIR, else /tmp).
    private let parent: String??
    private var file: (path: String, descriptor: Int32)?
    private static let blockSize = 1 << 16

    /// - Parameter directory: where a long key goes (the runs' directory); without one, every key
    ///   is held in memory (where the memory plan allows the section in memory).
    init(spillingTo directory: TemporaryDirectory?) {
        self.directory = directory
        parent = .none
    }

    /// A long key goes to a private directory under `parent` (`-T`; default TMPDIR, else /tmp),
    /// made when the first long key comes.
    init(spillingUnder parent: String?) {
        self.parent = .some(parent)
    }

    deinit {
        if let file {
            close(file.descriptor)
            directory?.removeFile(file.path)
        }
    }

    /// For `-u`: whether `key` equals the key before it; when it does not, it becomes the key
    /// before the next. O(`key.count`).
    func isRepeated(_ key: UnsafeBufferPointer<UInt8>) throws(CLIError) -> Bool {
        switch held {
        case .none: break
        case .inMemory(let bytes): if bytes.elementsEqual(key) { return true }
        case .inFile(let count): if count == key.count, try compareWithFile(key) == 0 { return true }
        }
        try remember(key)
        return false
    }

    /// Negative, zero or positive as `key` comes before, equals or comes after the key before it
    /// in byte order (``ByteOrder``); nil when there is none. O(`key.count`).
    func compare(_ key: UnsafeBufferPointer<UInt8>) throws(CLIError) -> Int? {
        switch held {
        case .none: nil
        case .inMemory(let bytes): bytes.withUnsafeBufferPointer { ByteOrder.compare(key, $0) }
        case .inFile: try compareWithFile(key)
        }
    }

    /// Makes `key` the key before the next.
    func remember(_ key: UnsafeBufferPointer<UInt8>) throws(CLIError) {
        guard key.count >= MemoryPlan.longRecord, directory != nil || parent != nil else {
            held = .inMemory(Array(key))
            return
        }
        held = .none
        if directory == nil, case .some(let parent) = parent { directory = try TemporaryDirectory(parent: parent) }
        if file == nil { file = try directory!.createFile() }
        let (path, descriptor) = file!
        var written = 0
        while written < key.count {
            let done = pwrite(descriptor, key.baseAddress! + written, key.count - written, off_t(written))
            if done < 0 {
                if errno == EINTR { continue }
                throw .io("\(path): write failed: \(String(cString: strerror(errno)))")
            }
            written += done
        }
        held = .inFile(count: key.count)
    }

    /// ``ByteOrder/compare(_:_:)`` of `key` and the key in the file.
    private func compareWithFile(_ key: UnsafeBufferPointer<UInt8>) throws(CLIError) -> Int {
        guard case .inFile(let count) = held, let (path, descriptor) = file else { return 0 }
        let block = UnsafeMutableRawPointer.allocate(byteCount: Self.blockSize, alignment: 16)
        defer { block.deallocate() }
        let shared = min(count, key.count)
        var compared = 0
        while compared < shared {
            let got = pread(descriptor, block, min(Self.blockSize, shared - compared), off_t(compared))
            if got < 0 {
                if errno == EINTR { continue }
                throw .io("\(path): read failed: \(String(cString: strerror(errno)))")
            }
            if got == 0 { throw .io("\(path): the key kept there is truncated") }
            let order = memcmp(key.baseAddress! + compared, block, got)
            if order != 0 { return Int(order) }
            compared += got
        }
        return key.count - count
    }
}
