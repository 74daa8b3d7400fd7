/// Line indices, best first or in input order, at four bytes each (an input has fewer than 2³² lines):
/// what a search hands to output for millions of lines.
public struct LineList: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral {
  package var storage: [UInt32]

  package init(storage: [UInt32]) {
    self.storage = storage
  }

  public init(_ lines: some Sequence<Int>) {
    storage = lines.map { UInt32(truncatingIfNeeded: $0) }
  }

  public init(arrayLiteral lines: Int...) {
    self.init(lines)
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { storage.count }

  @inline(__always)
  public subscript(position: Int) -> Int { Int(storage[position]) }
}
