import Foundation

/// Merges sorted runs, GNU sort style: at most `fanIn` runs at a time, so that open files and
/// read buffers stay within bounds; more runs are first merged into fewer on disk.
///
/// Entries order by key bytes, then by run number: runs hold consecutive parts of the input, so
/// equal keys keep their input order and the result is the in-memory sort's, byte for byte.
struct RunMerger {
    let directory: TemporaryDirectory
    let fanIn: Int
    let bufferSize: Int

    /// Merges `runs` (paths, in input order) and calls `body` with every entry in order; the bytes
    /// are valid during the call.
    func merge(_ runs: [String], _ body: (_ key: UnsafeBufferPointer<UInt8>, _ record: UnsafeBufferPointer<UInt8>) throws(CLIError) -> Void) throws(CLIError) {
        var runs = runs
        while runs.count > fanIn {
            var merged: [String] = []
            for start in stride(from: 0, to: runs.count, by: fanIn) {
                let group = Array(runs[start..<min(runs.count, start + fanIn)])
                let writer = try SortedRun.Writer(path: directory.newFilePath())
                try mergeGroup(group) { (key, record) throws(CLIError) in try writer.append(key: key, record: record) }
                try writer.finish()
                for path in group { unlink(path) }
                merged.append(writer.path)
            }
            runs = merged
        }
        try mergeGroup(runs, body)
    }

    private func mergeGroup(_ paths: [String], _ body: (_ key: UnsafeBufferPointer<UInt8>, _ record: UnsafeBufferPointer<UInt8>) throws(CLIError) -> Void) throws(CLIError) {
        var readers: [SortedRun.Reader] = []
        for path in paths { readers.append(try SortedRun.Reader(path: path, bufferSize: bufferSize)) }
        // A binary min-heap of reader numbers that still have an entry.
        var heap: [Int] = []
        for (number, reader) in readers.enumerated() where try reader.advance() { heap.append(number) }
        func precedes(_ a: Int, _ b: Int) -> Bool {
            let x = readers[a].key, y = readers[b].key
            let shared = min(x.count, y.count)
            let bytes = shared == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, shared)
            let order = bytes != 0 ? Int(bytes) : x.count - y.count
            return order != 0 ? order < 0 : a < b
        }
        func siftDown(_ start: Int) {
            var parent = start
            while true {
                let left = 2 * parent + 1, right = left + 1
                var smallest = parent
                if left < heap.count && precedes(heap[left], heap[smallest]) { smallest = left }
                if right < heap.count && precedes(heap[right], heap[smallest]) { smallest = right }
                if smallest == parent { return }
                heap.swapAt(parent, smallest)
                parent = smallest
            }
        }
        for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
        while let first = heap.first {
            let reader = readers[first]
            try body(reader.key, reader.record)
            if try !reader.advance() {
                heap[0] = heap[heap.count - 1]
                heap.removeLast()
            }
            if !heap.isEmpty { siftDown(0) }
        }
    }
}
