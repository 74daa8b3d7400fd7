import Testing

@testable import MSelectTerminal

/// A thread kept on one CPU while it scans a pipe, and given its CPUs back after.
@Suite struct ThreadPlacementTests {
  @Test func aThreadKeptOnOneCPUGetsItsCPUsBack() throws {
    let allowed = try Syscall.threadCPUs()
    #expect(!allowed.isEmpty)
    #expect(ThreadPlacement.keep(onAllowedCPU: allowed.count) == nil)
    guard allowed.count > 1 else {
      // One CPU: nothing to choose, nothing changed.
      #expect(ThreadPlacement.keep(onAllowedCPU: 0) == nil)
      return
    }
    let giveBack = try #require(ThreadPlacement.keep(onAllowedCPU: 1))
    #expect(try Syscall.threadCPUs() == [allowed[1]])
    giveBack()
    #expect(try Syscall.threadCPUs() == allowed)
  }
}
