/// Input that arrives over time (a pipe, a command's output), read by the terminal module: the
/// filter says how it wants it (`Filter.run` picks the strategy), the stream does the reading.
package protocol LineStream {
  /// What reading can fail with.
  associatedtype Failure: Error

  /// The byte that ends a line (a newline, or NUL for `--read0`).
  var terminator: UInt8 { get }

  /// Reads everything, handing segments of complete lines to `filter` as they are read (see
  /// `SegmentSplitter`), of the size it asks for; the filter may take the reading over.
  func readSegments(into filter: SegmentFilter) throws(Failure)

  /// Reads everything, handing each block of lines to `body` as it is read; `soon`: a block as soon
  /// as some lines are there, for output that must not wait for the input's end. Stops early when
  /// `body` returns false.
  func readBlocks(soon: Bool, _ body: (LineBlock) -> Bool) throws(Failure)
}

/// A stream that is never read: the type of `Filter.Input` cases that hold no stream.
package struct NoStream: LineStream {
  package var terminator: UInt8 { 10 }
  package func readSegments(into filter: SegmentFilter) {}
  package func readBlocks(soon: Bool, _ body: (LineBlock) -> Bool) {}
}
