import Testing

@testable import MSelectCore

/// The held-places test before the left-out count runs on every line while it drops enough of them.
@Suite struct PrefilterGateTests {
  /// Feeds `count` lines to `gate`, each dropped when `drops` says so; returns how many were tested.
  private func feed(_ gate: inout PrefilterGate, _ count: Int, drops: (Int) -> Bool) -> Int {
    var tested = 0
    for line in 0..<count where gate.tests() {
      tested += 1
      gate.record(dropped: drops(line))
    }
    return tested
  }

  @Test(arguments: [
    // (one line in how many dropped, lines tested of the second 1024)
    (1, 1024), (2, 1024), (4, 1024), (5, 64), (100, 64), (0, 64),
  ])
  func testsEveryLineWhileAQuarterIsDropped(every: Int, tested: Int) {
    var gate = PrefilterGate()
    let drops = { (line: Int) in every > 0 && line % every == 0 }
    #expect(feed(&gate, 1023, drops: drops) == 1023)
    #expect(feed(&gate, 1024, drops: drops) == tested)
  }

  /// Lines that change back to the kind the test drops make it run on every line again, told by
  /// the lines it samples.
  @Test func sampledLinesTurnItBackOn() {
    var gate = PrefilterGate()
    #expect(feed(&gate, 1023, drops: { _ in false }) == 1023)
    #expect(feed(&gate, 1024, drops: { _ in true }) == 64)
    #expect(feed(&gate, 1024, drops: { _ in true }) == 1024)
  }
}
