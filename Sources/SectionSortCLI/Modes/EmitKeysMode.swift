import Foundation
import SectionSort

/// The identity record, then a key record per record (``KeyRecord``), in input order. Keys are
/// computed in parallel, a window of records at a time, and written in order. POSITION is the
/// part's number and `--part-offset` plus the record's place in the part, so that the key records
/// of the parts of an input, sorted together, are the order of the whole. Nothing reaches standard
/// output before the whole input has been read (``SpooledOutput``), so a data error in a later
/// batch writes nothing.
func emitKeys(
    _ options: CommandLineOptions, batches: RecordBatches, budget: Int, collation: IndexedCollation, sectioning: SectioningOptions,
    progress: ProgressLine, output target: BufferedOutput
) throws(CLIError) {
    var batches = batches
    let output = SpooledOutput(memoryLimit: max(1 << 20, budget / 2), temporaryParent: options.temporaryDirectory)
    let framing: KeyRecord.Framing = options.zeroTerminated ? .nul : .lineFeed
    var recordsBefore = 0
    var identityWritten = false
    try batches.forEach(progress: progress) { (batch, _, header) throws(CLIError) in
        if !identityWritten {
            let identity = KeyIdentity(collation: collation, ordering: options.ordering, header: header).record + [framing.terminator]
            try identity.withUnsafeBufferPointer { (bytes) throws(CLIError) in try output.write(bytes) }
            identityWritten = true
        }
        guard options.partOffset + recordsBefore + batch.count <= KeyRecord.positionLimit else {
            throw .data("more records than POSITION can number (--part-offset plus records below 2^48)", at: batch.location(ofRecord: 0))
        }
        let keys = batch.utf8Keys
        let first = options.partOffset + recordsBefore, part = options.part
        /// Keys `items` in parallel chunks and writes their key records in order.
        func writeKeyRecords(of items: Range<Int>) throws(CLIError) {
            let chunkSize = 4096
            // Each chunk's key records, and the first record that NUL framing could not carry.
            let lines = ResultSlots<(text: [UInt8], unframable: Int?)>(
                count: (items.count + chunkSize - 1) / chunkSize, repeating: ([], nil))
            collation.forEachOrderingKey(of: keys, in: items, options: sectioning, chunkSize: chunkSize) { chunk, keyOf in
                var text: [UInt8] = [], unframable: Int?
                text.reserveCapacity(chunk.count * 64)
                batch.bytes.withUnsafeBufferPointer { bytes in
                    for item in chunk where unframable == nil {
                        let (rank, key) = keyOf(item)
                        let record = UnsafeBufferPointer(rebasing: bytes[batch.spans[item]])
                        if !KeyRecord.append(
                            rank: rank, key: key, part: part, position: first + item, record: record, framing: framing, to: &text)
                        {
                            unframable = item
                        }
                    }
                }
                lines[(chunk.lowerBound - items.lowerBound) / chunkSize] = (text, unframable)
            }
            let results = lines.elements
            if let item = results.lazy.compactMap(\.unframable).first { throw unframableRecord(item) }
            for result in results {
                try result.text.withUnsafeBufferPointer { (bytes) throws(CLIError) in try output.write(bytes) }
            }
        }
        /// Keys a long record (``MemoryPlan/longRecord``) alone and writes its key record in
        /// pieces, from its key and the record where they are: built whole, the key record (the
        /// key in base 64 and the record) would take more than the two together.
        func writeLongKeyRecord(of item: Int) throws(CLIError) {
            let framed = try collation.withOrderingKey(of: keys, item: item, options: sectioning) { (rank, key) throws(CLIError) in
                try batch.bytes.withUnsafeBufferPointer { (bytes) throws(CLIError) in
                    try KeyRecord.forEachPiece(
                        rank: rank, key: key, part: part, position: first + item,
                        record: UnsafeBufferPointer(rebasing: bytes[batch.spans[item]]),
                        framing: framing
                    ) { (piece) throws(CLIError) in try output.write(piece) }
                }
            }
            if !framed { throw unframableRecord(item) }
        }
        func unframableRecord(_ item: Int) -> CLIError {
            .data(
                "the record holds a NUL byte, which ends a record with -z (use line-feed key records, without -z)",
                at: batch.location(ofRecord: item))
        }
        for window in stride(from: 0, to: batch.count, by: 1 << 18) {
            let items = window..<min(batch.count, window + (1 << 18))
            var start = items.lowerBound
            while start < items.upperBound {
                let long = (start..<items.upperBound).first { batch.spans[$0].count >= MemoryPlan.longRecord } ?? items.upperBound
                if start < long { try writeKeyRecords(of: start..<long) }
                if long < items.upperBound { try writeLongKeyRecord(of: long) }
                start = long + 1
            }
            progress.update("writing keys", done: recordsBefore + items.upperBound, total: nil)
        }
        recordsBefore += batch.count
    }
    try output.finish(to: target)
}
