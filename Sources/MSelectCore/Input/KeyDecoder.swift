/// Turns terminal input bytes into keys: a pure state machine over a byte stream.
///
/// Several keys can arrive in one read and one key can be split across reads. A lone ESC stays pending
/// until more bytes arrive or the caller reports a timeout (`flushEscape()`), since it may be the start
/// of a sequence. Bracketed paste (`CSI 200~ … CSI 201~`) becomes one `.paste` key.
package struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []
  private var pasting: [UInt8]?

  package init() {}

  /// Whether an ESC (or an unfinished sequence) waits for more bytes; the caller should time it out.
  package var hasPendingEscape: Bool { pasting == nil && pending.first == 0x1B }

  /// Decodes as many keys as the bytes so far complete.
  package mutating func feed(_ bytes: [UInt8]) -> [Key] {
    pending.append(contentsOf: bytes)
    var keys: [Key] = []
    while !pending.isEmpty {
      if pasting != nil {
        guard consumePaste(&keys) else { break }
        continue
      }
      guard let (key, length) = decode(pending[...]) else { break }
      pending.removeFirst(length)
      if let key { keys.append(key) }
    }
    return keys
  }

  /// The ESC timeout passed: a pending ESC is the Esc key, ESC and `]`, `P` or `_` (which may begin a
  /// terminal's answer) that alt key; an unfinished sequence is dropped.
  package mutating func flushEscape() -> [Key] {
    guard hasPendingEscape else { return [] }
    defer { pending.removeAll() }
    switch pending.count {
    case 1: return [.escape]
    case 2 where KeyDecoder.introducesAnswer(pending[1]): return [.alt(UInt32(pending[1]))]
    default: return [.unknown]
    }
  }

  /// Collects pasted bytes until the end marker; true when the paste finished.
  private mutating func consumePaste(_ keys: inout [Key]) -> Bool {
    let end: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]
    if let range = pending.firstRange(of: end) {
      pasting!.append(contentsOf: pending[..<range.lowerBound])
      pending.removeSubrange(..<range.upperBound)
      keys.append(.paste(pasting!))
      pasting = nil
      return true
    }
    // Keep a possible partial end marker for the next read.
    var keep = 0
    for k in stride(from: min(end.count - 1, pending.count), to: 0, by: -1)
    where Array(pending.suffix(k)) == Array(end.prefix(k)) {
      keep = k
      break
    }
    pasting!.append(contentsOf: pending.dropLast(keep))
    pending.removeFirst(pending.count - keep)
    return false
  }

  /// One key from the front of `bytes`: the key (nil: consumed silently) and its length,
  /// or nil when more bytes are needed.
  private mutating func decode(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
    let b = bytes[bytes.startIndex]
    switch b {
    case 0x1B: return decodeEscape(bytes)
    case 0x0D: return (.enter, 1)
    case 0x09: return (.tab, 1)
    case 0x7F: return (.backspace, 1)
    // What terminals send for ctrl-backspace, as for ctrl-h (fzf's `ctrl-bspace`).
    case 0x08: return (.ctrl(UInt8(ascii: "h")), 1)
    case 0x00: return (.ctrlSpace, 1)
    case 0x01...0x1A: return (.ctrl(b + 0x60), 1)
    // ctrl-\\, ctrl-], ctrl-^ and ctrl-/ (which terminals send as ctrl-_).
    case 0x1C: return (.ctrl(UInt8(ascii: "\\")), 1)
    case 0x1D: return (.ctrl(UInt8(ascii: "]")), 1)
    case 0x1E: return (.ctrl(UInt8(ascii: "^")), 1)
    case 0x1F: return (.ctrl(UInt8(ascii: "/")), 1)
    case 0x20...0x7E: return (.char(UInt32(b)), 1)
    default: return decodeUTF8(bytes).map { ($0.0.map { Key.char($0) }, $0.1) }
    }
  }

  /// A UTF-8 character: (scalar or nil if invalid, length), or nil when incomplete.
  private func decodeUTF8(_ bytes: ArraySlice<UInt8>) -> (UInt32?, Int)? {
    let b = bytes[bytes.startIndex]
    let length: Int
    switch b {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return (nil, 1)
    }
    var value = UInt32(b) & (0xFF >> (length + 1))
    for k in 1..<length {
      guard bytes.count > k else { return nil }
      let c = bytes[bytes.startIndex + k]
      guard c & 0xC0 == 0x80 else { return (nil, k) }
      value = value << 6 | UInt32(c & 0x3F)
    }
    return (value, length)
  }

  private mutating func decodeEscape(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
    guard bytes.count >= 2 else { return nil }
    let s = bytes.startIndex
    let next = bytes[s + 1]
    switch next {
    case 0x5B: return decodeCSI(bytes)
    case _ where KeyDecoder.introducesAnswer(next):
      // A terminal's answer (OSC, DCS or APC string), never a key; else alt-], alt-P or alt-_.
      guard bytes.count >= 3 else { return nil }
      if KeyDecoder.beginsAnswer(next, bytes[s + 2]) { return skipString(bytes) }
      return (.alt(UInt32(next)), 2)
    case 0x4F:
      guard bytes.count >= 3 else { return nil }
      let keys: [UInt8: Key] = [
        0x41: .up, 0x42: .down, 0x43: .right, 0x44: .left, 0x48: .home, 0x46: .end,
        0x50: .function(1), 0x51: .function(2), 0x52: .function(3), 0x53: .function(4),
      ]
      return (keys[bytes[s + 2]] ?? .unknown, 3)
    case 0x7F, 0x08: return (.altBackspace, 2)
    case 0x1B:
      // ESC ESC: the first is a lone Esc.
      return (.escape, 1)
    case 0x20...0x7E: return (.alt(UInt32(next)), 2)
    case 0x0D: return (.alt(0x0D), 2)
    case 0x01...0x1A where next != 0x09:
      return (.special("ctrl-alt-" + String(UnicodeScalar(next + 0x60))), 2)
    default:
      if next >= 0x80, let (scalar, length) = decodeUTF8(bytes.dropFirst()) {
        return (scalar.map { Key.alt($0) } ?? .unknown, 1 + length)
      }
      if next >= 0x80 { return nil }
      return (.escape, 1)
    }
  }

  /// Whether ESC and `byte` may begin a terminal's answer: `]` (OSC), `P` (DCS) or `_` (APC).
  private static func introducesAnswer(_ byte: UInt8) -> Bool { byte == 0x5D || byte == 0x50 || byte == 0x5F }

  /// Whether `ESC introducer first` begins a string a terminal sends in answer to a query: an OSC
  /// color or clipboard report (`ESC ] 11;rgb:…`), a DCS report (XTVERSION `ESC P >|`, DECRQSS
  /// `ESC P 1 $ r`, XTGETTCAP `ESC P 1 + r`) or a kitty graphics answer (`ESC _ G`). A program run
  /// before the picker may leave one unread (the picker keeps what was typed ahead of it).
  private static func beginsAnswer(_ introducer: UInt8, _ first: UInt8) -> Bool {
    switch introducer {
    case 0x5D: return (0x30...0x39).contains(first)
    case 0x50: return (0x30...0x39).contains(first) || first == 0x3E || first == 0x7C || first == 0x2B
    default: return first == 0x47
    }
  }

  /// Consumes a terminal's string up to its terminator (BEL, or ESC \): nothing comes of it. Waits
  /// for more bytes until then (the ESC timeout drops an unfinished one); an ESC that begins
  /// something else ends it early, and a string of absurd length is dropped as garbage.
  private func skipString(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
    let s = bytes.startIndex
    var i = s + 2
    while i < bytes.endIndex {
      switch bytes[i] {
      case 0x07: return (nil, i - s + 1)
      case 0x1B:
        guard i + 1 < bytes.endIndex else { return nil }
        return (nil, bytes[i + 1] == 0x5C ? i - s + 2 : i - s)
      default: i += 1
      }
    }
    return bytes.count > 4096 ? (nil, bytes.count) : nil
  }

  /// `ESC [ params final`: cursor keys with modifiers, `~` keys, paste markers, SGR mouse.
  private mutating func decodeCSI(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
    let s = bytes.startIndex
    var i = s + 2
    while i < bytes.endIndex && (0x20...0x3F).contains(bytes[i]) { i += 1 }
    guard i < bytes.endIndex else {
      // Unterminated; give up on absurdly long garbage rather than waiting forever.
      return bytes.count > 64 ? (.unknown, bytes.count) : nil
    }
    let final = bytes[i]
    let length = i - s + 1
    let paramText = String(decoding: bytes[(s + 2)..<i], as: UTF8.self)
    if paramText.hasPrefix("<") {
      let fields = paramText.dropFirst().split(separator: ";", omittingEmptySubsequences: false).map {
        Int($0) ?? -1
      }
      guard final == 0x4D || final == 0x6D, let event = MouseEvent(sgr: fields, pressed: final == 0x4D) else {
        return (nil, length)
      }
      return (.mouse(event), length)
    }
    let params = paramText.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
    if let key = KeyDecoder.modifiedKey(final, params) { return (key, length) }
    // Bracketed paste: the text between the markers is pasted, not typed.
    if final == 0x7E && params.first == 200 {
      pasting = []
      return (nil, length)
    }
    if final == 0x7E && params.first == 201 { return (nil, length) }
    return (KeyDecoder.csiKey(final, params), length)
  }

  /// A cursor or editing key with modifiers (xterm's: 1 + shift 1 + alt 2 + ctrl 4), named the way
  /// `--bind` names them (`shift-up`, `ctrl-alt-home`, …); nil without modifiers.
  private static func modifiedKey(_ final: UInt8, _ params: [Int]) -> Key? {
    let modifier = params.count > 1 ? params[1] : 1
    guard modifier > 1 else { return nil }
    let bases: [UInt8: String] = [
      0x41: "up", 0x42: "down", 0x43: "right", 0x44: "left", 0x48: "home", 0x46: "end",
    ]
    let tilde = [1: "home", 7: "home", 4: "end", 8: "end", 3: "delete", 5: "page-up", 6: "page-down"]
    guard let base = final == 0x7E ? tilde[params.first ?? 0] : bases[final] else { return nil }
    let bits = modifier - 1
    let name = [(4, "ctrl"), (2, "alt"), (1, "shift")].filter { bits & $0.0 != 0 }.map(\.1) + [base]
    let canonical = name.joined(separator: "-")
    return Key(name: canonical) ?? .special(canonical)
  }

  /// The key `ESC [ params final` names without modifiers (`.unknown` for any other sequence).
  private static func csiKey(_ final: UInt8, _ params: [Int]) -> Key {
    switch final {
    case 0x41: .up
    case 0x42: .down
    case 0x43: .right
    case 0x44: .left
    case 0x48: .home
    case 0x46: .end
    case 0x5A: .shiftTab
    case 0x52 where params.count == 2 && params[0] >= 1 && params[1] >= 1:
      .cursorReport(row: params[0], column: params[1])
    case 0x7E:
      switch params.first ?? 0 {
      case 1, 7: .home
      case 2: .insert
      case 3: .delete
      case 4, 8: .end
      case 5: .pageUp
      case 6: .pageDown
      case 11...15: .function(params[0] - 10)
      case 17...21: .function(params[0] - 11)
      case 23, 24: .function(params[0] - 12)
      default: .unknown
      }
    default: .unknown
    }
  }
}
