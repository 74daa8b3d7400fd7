/// A set of whole lines compared by their exact bytes, probed without copying candidate lines.
struct WantedLines {
  private var byHash: [Int: [[UInt8]]] = [:]

  init(_ lines: [[UInt8]]) {
    for line in lines {
      let h = line.withUnsafeBytes(WantedLines.hash)
      byHash[h, default: []].append(line)
    }
  }

  var isEmpty: Bool { byHash.isEmpty }

  private static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
    var hasher = Hasher()
    hasher.combine(bytes: bytes)
    return hasher.finalize()
  }

  func contains(_ line: [UInt8]) -> Bool {
    line.withUnsafeBytes { contains($0) }
  }

  func contains(_ line: UnsafeRawBufferPointer) -> Bool {
    guard !byHash.isEmpty, let bucket = byHash[WantedLines.hash(line)] else { return false }
    return bucket.contains { $0.elementsEqual(line) }
  }
}
