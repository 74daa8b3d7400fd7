import Glibc
import MSelectCore
import MSelectTerminal
import Testing

/// The terminal driver's clock-driven parts, as values: when previews start, what a reload hands on.
struct DriverScheduleTests {
  private let ms = 1_000_000

  @Test func aPreviewAfterAQuietSpellStartsAtOnce() {
    var schedule = PreviewSchedule<String>(delay: 30 * ms)
    let first = schedule.ask("a", now: 0)
    #expect(first.start == "a" && first.dropped == nil)
    schedule.started(at: 0)
    #expect(schedule.deadline == nil)
    // Long after: quiet again.
    #expect(schedule.ask("b", now: 100 * ms).start == "b")
  }

  @Test func previewsAskedForQuicklyWaitForAPauseAndOnlyTheLastRuns() {
    var schedule = PreviewSchedule<String>(delay: 30 * ms)
    _ = schedule.ask("a", now: 0)
    schedule.started(at: 0)
    let second = schedule.ask("b", now: 10 * ms)
    #expect(second.start == nil && second.dropped == nil)
    #expect(schedule.deadline == 40 * ms)
    let third = schedule.ask("c", now: 20 * ms)
    #expect(third.start == nil)
    #expect(third.dropped == "b")
    #expect(schedule.deadline == 50 * ms)
    #expect(schedule.due(now: 49 * ms) == nil)
    #expect(schedule.due(now: 50 * ms) == "c")
    #expect(schedule.due(now: 60 * ms) == nil)
    #expect(schedule.deadline == nil)
  }

  @Test func aWaitingPreviewCanBeDropped() {
    var schedule = PreviewSchedule<String>(delay: 30 * ms)
    _ = schedule.ask("a", now: 0)
    schedule.started(at: 0)
    _ = schedule.ask("b", now: 1 * ms)
    #expect(schedule.drop() == "b")
    #expect(schedule.drop() == nil)
    #expect(schedule.due(now: 100 * ms) == nil)
    // Nothing waits now, but a run started 1 ms ago: the next one still waits for a pause.
    #expect(schedule.ask("c", now: 2 * ms).start == nil)
  }

  private func block(_ lines: [String], from first: Int) -> LineBlock {
    LineBlock(lines: lines.map { Array($0.utf8) }, firstIndex: first)
  }

  @Test func aStreamedReloadHandsEachBlockOn() {
    var job = ReloadJob(output: "out", process: 42, command: Array("ls".utf8), sync: false)
    let handed = job.take(block(["a"], from: 0))
    #expect(handed?.count == 1)
    #expect(job.finish() == nil)
  }

  @Test func aSyncReloadGathersUntilItsOutputEnds() {
    var job = ReloadJob(output: "out", process: 42, command: Array("ls".utf8), sync: true)
    #expect(job.take(block(["a", "b"], from: 0)) == nil)
    #expect(job.take(block(["c"], from: 2)) == nil)
    let gathered = job.finish()
    #expect(gathered?.map(\.count) == [2, 1])
    #expect(job.finish() == nil)
  }

  @Test func aReloadProcessIsCollectedOnce() {
    var job = ReloadJob(output: "out", process: 42, command: [], sync: false)
    #expect(job.process == 42)
    #expect(job.takeProcess() == 42)
    #expect(job.takeProcess() == nil)
    #expect(job.process == nil)
  }
}
