/// Input that arrives over time (a pipe, a command's output), read by the terminal module. It says
/// only how it is read; `Filter.run` decides how to take it.
package protocol LineStream {
  /// What reading can fail with.
  associatedtype Failure: Error

  /// The byte that ends a line (a newline, or NUL for `--read0`).
  var terminator: UInt8 { get }

  /// The whole input in memory at once, when it can be had so (a regular file, mapped): its bytes,
  /// and what keeps them there. Nil: it is to be read.
  func wholeInput() -> (bytes: UnsafeRawBufferPointer, owner: AnyObject)?

  /// Reads what comes next into `space` (waiting for some): the bytes read, 0 at the input's end.
  func read(into space: UnsafeMutableRawBufferPointer) throws(Failure) -> Int

  /// Fails when a line not yet ended, `length` bytes so far, is longer than a line may be.
  func check(partialLine length: Int) throws(Failure)

  /// How the rest of the input is read on every core at once.
  func concurrentReads() -> ConcurrentReads<Failure>

  /// Reads everything, handing each block of lines to `body` as it is read; `soon`: a block as soon
  /// as some lines are there, for output that must not wait for the input's end. Stops early when
  /// `body` returns false.
  func readBlocks(soon: Bool, _ body: (LineBlock) -> Bool) throws(Failure)
}

/// How a stream is read by several threads at once (`SegmentFilter`'s scan of a selective query).
package struct ConcurrentReads<Failure: Error> {
  /// A `read(2)` of the input that any thread may call: the bytes read, 0 at the input's end,
  /// negative on an error (which `failure` then names).
  package var read: @Sendable (UnsafeMutableRawBufferPointer) -> Int
  /// Called by worker `k` as it starts (to keep it on a CPU of its own); returns what undoes that,
  /// called as it ends.
  package var place: @Sendable (Int) -> (@Sendable () -> Void)?
  /// The stream's own error for why the reading stopped.
  package var failure: (SegmentFilter.ReadFailure) -> Failure

  package init(
    read: @escaping @Sendable (UnsafeMutableRawBufferPointer) -> Int,
    place: @escaping @Sendable (Int) -> (@Sendable () -> Void)? = { _ in nil },
    failure: @escaping (SegmentFilter.ReadFailure) -> Failure
  ) {
    self.read = read
    self.place = place
    self.failure = failure
  }
}

/// A `LineStream` the picker reads while it runs: waited on with the terminal, read a little at a
/// time without blocking, its lines handed over in blocks as they are due; what produces it (a
/// command) stopped or reaped through it.
package protocol PolledLineStream: LineStream {
  /// What to wait on for more input.
  var descriptor: FileDescriptor { get }
  /// Reads what is there: the lines completed (if `streaming`, or the buffer filled up), and whether
  /// the input ended; gathering stops early once `interrupt` (the terminal) has something to read.
  func readOnce(streaming: Bool, interrupt: FileDescriptor?) throws(Failure) -> (
    block: LineBlock?, ended: Bool
  )
  /// When the lines held back to gather a larger block are due (monotonic nanoseconds), if any are.
  var heldLinesDue: Int? { get }
  /// The lines held back, as a block, once they are due.
  func takeHeldLines() -> LineBlock?
  /// Why the input ended early (its command failed), once it ended; nil otherwise.
  func failure() -> String?
  /// Stops what produces the input, if it still runs.
  func stopProducer()
}
