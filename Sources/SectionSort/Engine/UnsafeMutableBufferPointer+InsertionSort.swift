extension UnsafeMutableBufferPointer {
    /// Sorts the elements in place by `precedes`, stably, by insertion: the radix sorts' last step
    /// for buckets of a few dozen entries, where it beats the standard library's sort.
    ///
    /// - Complexity: O(n²) comparisons and moves; meant for n of at most a few dozen.
    @inline(__always)
    func insertionSort(by precedes: (Element, Element) -> Bool) {
        guard count > 1 else { return }
        for index in 1..<count {
            let element = self[index]
            var position = index
            while position > 0 && precedes(element, self[position - 1]) {
                self[position] = self[position - 1]
                position -= 1
            }
            self[position] = element
        }
    }
}
