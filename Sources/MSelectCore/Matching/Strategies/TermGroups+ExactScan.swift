/// The term groups' side of `ExactTermScan`: running the pass once a line (a piece), and reading it.
extension TermGroups {
  /// The match of term `number` of the pass over the line `view` shows: nil when the pass does not
  /// read that line, `.some(nil)` when the term is not in it.
  func scannedExact(_ number: Int32, _ view: LineView, _ config: MatchConfig, _ scratch: inout MatchScratch)
    -> Match??
  {
    guard let pass = scannedPass(view, config, &scratch) else { return nil }
    return .some(pass.match(Int(number)))
  }

  /// What the groups the pass answers for whole make of the line `view` shows (`ExactTermScan`'s
  /// `summary`), their places appended to `positions`: nil when the pass does not read that line,
  /// `.some(nil)` when one of those groups fails.
  func scannedGroups(
    _ view: LineView, _ config: MatchConfig, _ scratch: inout MatchScratch,
    positions: UnsafeMutablePointer<[Int]>?
  ) -> Match?? {
    guard let pass = scannedPass(view, config, &scratch), let exactScan else { return nil }
    return .some(exactScan.summary(of: pass, positions: positions))
  }

  /// The pass over the line `view` shows, run when it is not yet; nil when the pass does not read
  /// that line.
  private func scannedPass(_ view: LineView, _ config: MatchConfig, _ scratch: inout MatchScratch)
    -> ExactScanPass?
  {
    guard let piece = view.scannedPiece, let base = view.bytes.baseAddress, let exactScan else { return nil }
    while scratch.exactPasses.count <= piece { scratch.exactPasses.append(ExactScanPass()) }
    let pass = scratch.exactPasses[piece]
    if !pass.valid {
      exactScan.run(
        base.assumingMemoryBound(to: UInt8.self), view.bytes.count, into: pass, scorer: config.scorer,
        knownClasses: scratch.knownClasses())
    }
    return pass
  }

  /// Marks the passes over the last line out of date (a new line is being matched).
  @inline(__always)
  func forgetPasses(_ scratch: inout MatchScratch) {
    for pass in scratch.exactPasses { pass.valid = false }
  }
}
