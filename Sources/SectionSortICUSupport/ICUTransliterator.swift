import SectionSortICU

/// An owned ICU transliterator: a transform such as "Han-Latin/Names".
///
/// A transliterator must not be used from two threads at once: its owner confines it to one
/// thread, so it is deliberately not `Sendable`.
package final class ICUTransliterator {
    private let handle: OpaquePointer

    /// Opens the transform `id` of ICU's data (forward direction); nil when ICU has no such
    /// transform.
    package init?(id: String) {
        let units = Array(id.utf16)
        var status = SSICU_ZERO_ERROR
        guard let opened = ssicu_utrans_open(units, Int32(units.count), &status), status <= SSICU_ZERO_ERROR else { return nil }
        handle = opened
    }

    deinit { ssicu_utrans_close(handle) }

    /// `text` transformed; `text` itself if ICU fails (which only running out of memory can cause).
    package func transliterate(_ text: String) -> String {
        let source = Array(text.utf16)
        var capacity = source.count * 8 + 16
        while true {
            var buffer = [UInt16](repeating: 0, count: capacity)
            buffer.replaceSubrange(0..<source.count, with: source)
            var length = Int32(source.count), limit = Int32(source.count)
            var status = SSICU_ZERO_ERROR
            ssicu_utrans_transUChars(handle, &buffer, &length, Int32(capacity), 0, &limit, &status)
            if status == SSICU_BUFFER_OVERFLOW_ERROR && Int(length) > capacity {
                capacity = Int(length) + 16
                continue
            }
            guard status <= SSICU_ZERO_ERROR else { return text }
            return String(decoding: buffer[..<Int(length)], as: UTF16.self)
        }
    }

    /// The transform's rules as ICU prints them (`utrans_toRules`), unprintable characters escaped
    /// as \uXXXX.
    package func rules() -> String {
        var status = SSICU_ZERO_ERROR
        let length = ssicu_utrans_toRules(handle, 1, nil, 0, &status)
        status = SSICU_ZERO_ERROR
        var buffer = [UInt16](repeating: 0, count: Int(length) + 1)
        let written = ssicu_utrans_toRules(handle, 1, &buffer, Int32(buffer.count), &status)
        guard status <= SSICU_ZERO_ERROR, written >= 0, Int(written) <= buffer.count else { return "" }
        return String(decoding: buffer[..<Int(written)], as: UTF16.self)
    }
}
