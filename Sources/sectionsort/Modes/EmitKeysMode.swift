import Foundation
@_spi(CommandLine) import SectionSort

/// SECTION<TAB>KEY<TAB>POSITION<TAB>RECORD per record, in input order; fixed-width numbers so that
/// a plain byte-order sort of the lines is sectionsort's order. Keys are computed in parallel, a
/// window of records at a time, and written in order; nothing reaches standard output before the
/// whole input has been read (``SpooledOutput``), so a data error in a later batch writes nothing.
func emitKeys(_ options: CommandLineOptions, budget: Int, collation: IndexedCollation, sectioning: SectioningOptions,
              progress: ProgressLine) throws(CLIError) {
    let output = SpooledOutput(memoryLimit: max(1 << 20, budget / 2), temporaryParent: options.temporaryDirectory)
    var batches = RecordBatches(options: options, budget: budget)
    var recordsBefore = 0
    try batches.forEach(progress: progress) { (batch, _, _) throws(CLIError) in
        let keys = batch.utf8Keys
        let chunkSize = 4096
        for window in stride(from: 0, to: batch.count, by: 1 << 18) {
            let items = window..<min(batch.count, window + (1 << 18))
            let lines = ResultSlots<[UInt8]>(count: (items.count + chunkSize - 1) / chunkSize, repeating: [])
            let base = recordsBefore
            do {
                try collation.forEachOrderingKey(of: keys, in: items, options: sectioning, chunkSize: chunkSize) { chunk, keyOf in
                    var text: [UInt8] = []
                    batch.bytes.withUnsafeBufferPointer { bytes in
                        for item in chunk {
                            let (rank, key) = keyOf(item)
                            appendPadded(rank, width: 5, to: &text)
                            text.append(0x09)
                            OutputEncoding.appendHex(key, to: &text)
                            text.append(0x09)
                            appendPadded(base + item, width: 12, to: &text)
                            text.append(0x09)
                            text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[batch.spans[item]]))
                            text.append(0x0A)
                        }
                    }
                    let slot = (chunk.lowerBound - items.lowerBound) / chunkSize
                    lines[slot] = text
                }
            } catch {
                throw CLIError(code: .software, message: "computing keys failed: \(error)")
            }
            for text in lines.elements {
                try text.withUnsafeBufferPointer { (bytes) throws(CLIError) in try output.write(bytes) }
            }
            progress.update("writing keys", done: recordsBefore + items.upperBound, total: nil)
        }
        recordsBefore += batch.count
    }
    try output.finish()
}

/// `value` in decimal, zero-padded to `width` digits.
private func appendPadded(_ value: Int, width: Int, to text: inout [UInt8]) {
    let digits = Array(String(value).utf8)
    if digits.count < width { text.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - digits.count)) }
    text.append(contentsOf: digits)
}
