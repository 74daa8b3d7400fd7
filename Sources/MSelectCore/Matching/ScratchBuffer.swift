/// Growable raw memory reused from line to line by one thread's matcher; it never shrinks.
///
/// Holds trivial values only; the contents are whatever was last written.
final class ScratchBuffer<Element: BitwiseCopyable> {
  private(set) var base: UnsafeMutablePointer<Element>
  private var capacity: Int

  init(capacity: Int = 256) {
    self.capacity = capacity
    base = .allocate(capacity: capacity)
  }

  /// Room for at least `count` elements; earlier contents are kept.
  @inline(__always)
  func reserve(_ count: Int) -> UnsafeMutablePointer<Element> {
    if count > capacity { grow(count) }
    return base
  }

  private func grow(_ count: Int) {
    let newCapacity = max(count, capacity * 2)
    let fresh = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    fresh.update(from: base, count: capacity)
    base.deallocate()
    base = fresh
    capacity = newCapacity
  }

  deinit { base.deallocate() }
}
