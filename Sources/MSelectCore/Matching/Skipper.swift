/// A matcher's skipping (`Prescan.nextCandidate`) and byte verdict (`Prescan.verdict`), held apart
/// from the matcher by the scan loops.
///
/// Called through the `inout` matcher, each call copied the whole matcher (256 bytes) to the stack
/// first: 141k calls of each on `datei` over intl-386k.
struct Skipper {
  let prescan: Prescan
  /// Whether the pattern gives a character to skip to.
  let skips: Bool
  /// Whether the verdict applies (one fuzzy term).
  let judges: Bool

  /// A position in `bytes[from..<to]` that a matching line must contain (`to` if none); every line
  /// that ends before it can be skipped. Returns `from` when the pattern gives no way to skip.
  @inline(__always)
  func nextCandidate(_ bytes: UnsafePointer<UInt8>, from: Int, to: Int) -> Int {
    skips ? prescan.nextCandidate(bytes, from: from, to: to) : from
  }

  /// What the bytes from `hit` (from `nextCandidate`) to the end of its line say (see
  /// `Prescan.verdict`).
  @inline(__always)
  func verdict(_ bytes: UnsafePointer<UInt8>, from hit: Int, to end: Int, terminator: UInt8)
    -> Prescan.Verdict
  {
    judges ? prescan.verdict(bytes, from: hit, to: end, terminator: terminator) : .possible
  }

  /// `verdict` for a line of a block, whose terminator is at `end` (a line holds none before it).
  @inline(__always)
  func verdict(_ bytes: UnsafePointer<UInt8>, from hit: Int, lineEnd end: Int) -> Prescan.Verdict {
    verdict(bytes, from: hit, to: end, terminator: bytes[end])
  }
}
