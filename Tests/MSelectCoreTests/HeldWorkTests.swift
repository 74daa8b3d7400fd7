import Testing

@testable import MSelectCore

/// Keys wait behind Enter, a transform and a stale list, in the order typed; keys that abort never wait.
@Suite struct HeldWorkTests {
  private let a = Key.char(97)
  private let b = Key.char(98)

  /// `held.admit`, outside `#expect` (which cannot call a mutating method).
  private func admit(_ held: inout HeldWork, _ key: Key, aborts: Bool, defers: Bool, needsTheList: Bool)
    -> Bool
  {
    held.admit(key, aborts: aborts, defers: defers, needsTheList: needsTheList)
  }

  @Test(arguments: [
    // (aborts, the mode defers keys, the key needs a list not shown yet, runs now)
    (false, false, false, true),
    (false, true, false, false),
    (false, false, true, false),
    (true, true, true, true),
  ])
  func aKeyRunsOrWaits(aborts: Bool, defers: Bool, needsTheList: Bool, runs: Bool) {
    var held = HeldWork()
    let now = held.admit(a, aborts: aborts, defers: defers, needsTheList: needsTheList)
    #expect(now == runs)
    #expect((held.next(defers: false) == nil) == runs)
  }

  /// Once one key waits, those after it wait too, even those that could run: typed order is kept.
  @Test func keysAfterAWaitingOneWaitBehindIt() {
    var held = HeldWork()
    #expect(!admit(&held, .tab, aborts: false, defers: false, needsTheList: true))
    #expect(!admit(&held, a, aborts: false, defers: false, needsTheList: false))
    #expect(held.next(defers: false) == .tab)
    held.takeNext()
    #expect(held.next(defers: false) == a)
    held.takeNext()
    #expect(held.next(defers: false) == nil)
  }

  /// While the mode defers keys none is handed out.
  @Test func nothingIsHandedOutWhileTheModeDefers() {
    var held = HeldWork()
    #expect(!admit(&held, b, aborts: false, defers: true, needsTheList: false))
    #expect(held.next(defers: true) == nil)
    #expect(held.next(defers: false) == b)
  }

  /// A key that aborts drops what waited: nothing runs after it.
  @Test func abortingDropsTheWaitingKeys() {
    var held = HeldWork()
    #expect(!admit(&held, a, aborts: false, defers: true, needsTheList: false))
    #expect(admit(&held, .escape, aborts: true, defers: true, needsTheList: false))
    #expect(held.next(defers: false) == nil)
  }
}
