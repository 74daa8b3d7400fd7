/// The matcher's side of `ExactTermScan`: running the pass once a line (a piece), and reading it.
extension Matcher {
  /// The match of term `number` of the pass over the line `withLine` set: nil when the pass does not
  /// read that line, `.some(nil)` when the term is not in it.
  mutating func scannedExact(_ number: Int32) -> Match?? {
    guard let pass = scannedPass() else { return nil }
    return .some(pass.match(Int(number)))
  }

  /// What the groups the pass answers for whole make of the line `withLine` set (`ExactTermScan`'s
  /// `summary`), their places appended to `positions`: nil when the pass does not read that line,
  /// `.some(nil)` when one of those groups fails.
  mutating func scannedGroups(positions: UnsafeMutablePointer<[Int]>?) -> Match?? {
    guard let pass = scannedPass(), let scan = pattern.exactScan else { return nil }
    return .some(scan.summary(of: pass, positions: positions))
  }

  /// The pass over the line `withLine` set, run when it is not yet; nil when the pass does not read
  /// that line.
  private mutating func scannedPass() -> ExactScanPass? {
    guard let line = scannedLine, let base = line.baseAddress, let scan = pattern.exactScan else {
      return nil
    }
    while exactPasses.count <= scannedPiece { exactPasses.append(ExactScanPass()) }
    let pass = exactPasses[scannedPiece]
    if !pass.valid {
      scan.run(
        base.assumingMemoryBound(to: UInt8.self), line.count, into: pass, scorer: scorer,
        knownClasses: knownClasses())
    }
    return pass
  }

  /// Marks the passes over the last line out of date (a new line is being matched).
  @inline(__always)
  mutating func forgetPasses() {
    for pass in exactPasses { pass.valid = false }
  }
}
