/// An anchored term of ASCII characters, checked directly on the bytes where it must appear.
struct Anchor {
  let chars: [UInt8]
  let atStart: Bool
  let atEnd: Bool
  let table: UnsafePointer<UInt32>

  init(_ term: Term) {
    chars = term.chars.map { UInt8($0) }
    atStart = term.kind == .prefix || term.kind == .equal
    atEnd = term.kind == .suffix || term.kind == .equal
    table = CharFold.table(term.fold)
  }

  /// True when the bytes prove the line cannot match. A non-ASCII byte in the way proves nothing:
  /// it may fold to the wanted letter (`Ü` to `u`), so the full match decides; nor does whitespace at
  /// the anchored end (anchors skip it, as in fzf).
  func rejects(_ line: UnsafeRawBufferPointer) -> Bool {
    let m = chars.count
    guard line.count >= m else { return true }
    @inline(__always) func blank(_ b: UInt8) -> Bool { b == 0x20 || (0x09...0x0D).contains(b) || b >= 0x80 }
    if atStart && blank(line[0]) || atEnd && blank(line[line.count - 1]) { return false }
    // The first m bytes are the first m characters as long as they are ASCII, so the start can be
    // compared byte by byte; the last m bytes are the last m characters only if all of them are ASCII.
    if atStart {
      for k in 0..<m {
        let b = line[k]
        if b >= 0x80 { break }
        if table[Int(b)] != UInt32(chars[k]) { return true }
      }
    }
    if atEnd {
      let offset = line.count - m
      guard (0..<m).allSatisfy({ line[offset + $0] < 0x80 }) else { return false }
      for k in 0..<m where table[Int(line[offset + k])] != UInt32(chars[k]) { return true }
    }
    return false
  }
}
