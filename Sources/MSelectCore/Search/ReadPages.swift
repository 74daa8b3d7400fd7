/// Returns memory a sort has read for the last time to the system page by page, while the sort is
/// still running, so that its source and its destination are not held at once.
///
/// Only whole pages inside the range read are given back (never a page shared with other memory);
/// they read as zeros afterwards, and stay valid to write and to free.
struct ReadPages {
  /// Where the pages not yet given back begin.
  private var from: UInt

  /// Starts at the first whole page at or after `start`.
  init(from start: UnsafeRawPointer) {
    let size = UInt(Platform.pageSize)
    from = (UInt(bitPattern: start) + size - 1) & ~(size - 1)
  }

  /// Gives back the whole pages between the last return and `end` (exclusive): the sort is done
  /// reading them.
  mutating func release(upTo end: UnsafeRawPointer) {
    let to = UInt(bitPattern: end) & ~UInt(Platform.pageSize - 1)
    guard to > from else { return }
    Platform.releasePages(from, to)
    from = to
  }
}
