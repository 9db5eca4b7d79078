import Foundation

/// Messages on standard error, written with write(2) and never failing: a standard error that is
/// closed, full (`2>/dev/full`) or a broken pipe must not turn a message into a crash (Foundation's
/// `FileHandle.write` traps on such errors) nor change the exit status the message goes with.
enum StandardError {
    static func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(2, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }  // closed, full or broken: the message is lost, nothing else
                offset += written
            }
        }
    }
}
