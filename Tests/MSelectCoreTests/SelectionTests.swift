import Testing

@testable import MSelectCore

@Suite struct SelectionTests {
  @Test func remembersMarkingOrder() {
    var s = Selection()
    s.mark(5)
    s.mark(1)
    s.mark(3)
    #expect(s.lines(.input) == [1, 3, 5])
    #expect(s.lines(.selection) == [5, 1, 3])
    #expect(s.count == 3)
  }

  @Test func toggleAndUnmark() {
    var s = Selection()
    #expect(!s.everMarked)
    s.toggle(2)
    #expect(s.contains(2))
    s.toggle(2)
    #expect(!s.contains(2))
    #expect(s.everMarked)
    #expect(s.count == 0)
    s.unmark(7)
    #expect(s.count == 0)
  }

  @Test func markingTwiceKeepsTheFirstPlace() {
    var s = Selection()
    s.mark(1)
    s.mark(2)
    s.mark(1)
    #expect(s.lines(.selection) == [1, 2])
    #expect(s.count == 2)
  }

  @Test func limitRefusesMore() {
    var s = Selection(limit: 2)
    let results = [s.mark(0), s.mark(1), s.mark(2), s.toggle(3)]
    #expect(results == [true, true, false, false])
    #expect(s.isFull)
    s.unmark(0)
    let again = s.mark(2)
    #expect(again)
    #expect(s.lines(.input) == [1, 2])
  }
}
