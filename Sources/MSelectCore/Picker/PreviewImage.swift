/// A picture in the preview command's output, in one of the three ways terminals take them: a Sixel
/// string (`ESC P … q … ESC \`), a Kitty graphics command (`ESC _ G … ESC \`) or an iTerm2 inline
/// file (`ESC ] 1337 ; File=… BEL`), possibly already wrapped for tmux (`ESC P tmux; …`).
///
/// Only printable ASCII may stand between a sequence's start and its end (the protocols' data is
/// base64 or sixel characters): anything else is not a picture and stays with the text, where the
/// preview's filter drops it, so no other sequence can ride along to the terminal.
package struct PreviewImage: Equatable, Sendable {
  package enum Kind: Equatable, Sendable { case sixel, kitty, iterm }

  package var kind: Kind
  /// The sequence, as the terminal takes it outside tmux.
  package var bytes: [UInt8]
  /// The command wrapped it for tmux itself; it goes out wrapped again.
  package var wrapped = false

  /// Whether it puts a picture on the cells at the cursor (Kitty's `a=T` or `a=p` without a
  /// Unicode-placeholder placement, any Sixel, an iTerm2 `File=`); a Kitty command that only sends
  /// data, deletes or places through placeholder characters covers nothing.
  package var draws: Bool {
    switch kind {
    case .sixel: return true
    case .iterm: return itermArguments != nil
    case .kitty:
      let keys = kittyKeys
      return (keys["a"] == "T" || keys["a"] == "p") && keys["U"] != "1"
    }
  }

  /// The cells the picture covers (`cell`: a cell's size in pixels, when the terminal says); nil
  /// where the sequence does not say and the cell size does not tell.
  package func size(cell: (width: Int, height: Int)?) -> (rows: Int?, columns: Int?) {
    func cells(_ pixels: Int?, _ per: Int?) -> Int? {
      guard let pixels, let per, per > 0 else { return nil }
      return (pixels + per - 1) / per
    }
    switch kind {
    case .sixel:
      let (width, height) = sixelPixels
      return (cells(height, cell?.height), cells(width, cell?.width))
    case .kitty:
      let keys = kittyKeys
      // 0 (or nothing) is Kitty's "as the picture needs".
      func count(_ key: String) -> Int? { keys[key].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil } }
      return (count("r"), count("c"))
    case .iterm:
      let arguments = itermArguments ?? [:]
      func measure(_ value: String?, _ per: Int?) -> Int? {
        guard let value else { return nil }
        if let n = Int(value) { return n > 0 ? n : nil }
        if value.hasSuffix("px") { return cells(Int(value.dropLast(2)), per) }
        return nil
      }
      return (measure(arguments["height"], cell?.height), measure(arguments["width"], cell?.width))
    }
  }

  /// Kitty's `id` (`i=`), by which its placements are deleted.
  package var kittyID: Int? { kind == .kitty ? kittyKeys["i"].flatMap { Int($0) } : nil }

  /// The `key=value` pairs before a Kitty command's payload.
  private var kittyKeys: [String: String] {
    let control = bytes.dropFirst(3).prefix { $0 != UInt8(ascii: ";") && $0 != 0x1B }
    return PreviewImage.pairs(control, separator: UInt8(ascii: ","))
  }

  /// An iTerm2 `File=` (or `MultipartFile=`) sequence's arguments; nil for any other OSC 1337.
  private var itermArguments: [String: String]? {
    let body = bytes.dropFirst(7)
    for name in ["File=", "MultipartFile="] where body.starts(with: name.utf8) {
      let arguments = body.dropFirst(name.utf8.count).prefix {
        $0 != UInt8(ascii: ":") && $0 != 0x07 && $0 != 0x1B
      }
      return PreviewImage.pairs(arguments, separator: UInt8(ascii: ";"))
    }
    return nil
  }

  /// A Sixel picture's size in pixels: its raster attributes (`"Pan;Pad;Ph;Pv`), else six pixels a
  /// band (bands end in `-`) and no width.
  private var sixelPixels: (width: Int?, height: Int?) {
    guard let q = bytes.firstIndex(of: UInt8(ascii: "q")) else { return (nil, nil) }
    let data = bytes[(q + 1)...]
    if data.first == UInt8(ascii: "\"") {
      let numbers = String(
        decoding: data.dropFirst().prefix { $0 == 59 || (48...57).contains($0) }, as: UTF8.self
      )
      .split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
      if numbers.count >= 4, let width = numbers[2], let height = numbers[3], width > 0, height > 0 {
        return (width, height)
      }
    }
    let bands = data.reduce(0) { $0 + ($1 == UInt8(ascii: "-") ? 1 : 0) }
    return (nil, (bands + 1) * 6)
  }

  private static func pairs(_ bytes: ArraySlice<UInt8>, separator: UInt8) -> [String: String] {
    var out: [String: String] = [:]
    for pair in bytes.split(separator: separator) {
      guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else { continue }
      out[String(decoding: pair[..<equals], as: UTF8.self)] = String(
        decoding: pair[(equals + 1)...], as: UTF8.self)
    }
    return out
  }
}

extension PreviewImage {
  /// The pictures in a line of preview output, and the line without them.
  package static func split(_ line: ArraySlice<UInt8>) -> (images: [PreviewImage], text: ArraySlice<UInt8>) {
    // Most lines hold no picture (colored ones hold ESC [ only): nothing is copied for them.
    guard mayHoldImage(line) else { return ([], line) }
    var images: [PreviewImage] = []
    var text: [UInt8] = []
    var i = line.startIndex
    while i < line.endIndex {
      if line[i] == 0x1B, let (image, end) = PreviewImage.image(in: line, at: i) {
        images.append(image)
        i = end
        // Kitty's commands may end in a carriage return (chafa's), which belongs to them.
        if i < line.endIndex, line[i] == 13 { i += 1 }
        continue
      }
      text.append(line[i])
      i += 1
    }
    return images.isEmpty ? ([], line) : (images, text[...])
  }

  /// Whether an ESC in `line` starts a DCS, an APC or an OSC: only those can be pictures.
  private static func mayHoldImage(_ line: ArraySlice<UInt8>) -> Bool {
    var i = line.startIndex
    while let at = line[i...].firstIndex(of: 0x1B) {
      let next = at + 1
      guard next < line.endIndex else { return false }
      let kind = line[next]
      if kind == UInt8(ascii: "P") || kind == UInt8(ascii: "_") || kind == UInt8(ascii: "]") { return true }
      i = next
    }
    return false
  }

  /// The picture whose sequence starts at `i`, and where the sequence ends.
  private static func image(in line: ArraySlice<UInt8>, at i: Int) -> (PreviewImage, Int)? {
    let rest = line[i...]
    if rest.starts(with: tmuxStart) { return unwrapped(rest) }
    let kind: Kind
    var start = i + 2
    if rest.starts(with: [0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")]) {
      kind = .kitty
      start += 1
    } else if rest.starts(with: Array("\u{1B}]1337;".utf8)) {
      // A file and its parts only: OSC 1337 also sets the clipboard, variables, the title….
      let body = rest.dropFirst(7)
      guard PreviewImage.itermFileCommands.contains(where: { body.starts(with: $0.utf8) }) else { return nil }
      kind = .iterm
      start += 5
    } else if rest.starts(with: [0x1B, UInt8(ascii: "P")]) {
      // Sixel: DCS, numeric parameters, `q`.
      var j = start
      while j < line.endIndex, line[j] == 59 || (48...57).contains(line[j]) { j += 1 }
      guard j < line.endIndex, line[j] == UInt8(ascii: "q") else { return nil }
      kind = .sixel
      start = j + 1
    } else {
      return nil
    }
    // Printable ASCII up to ST (or BEL, for iTerm2's OSC).
    var j = start
    while j < line.endIndex, (0x20...0x7E).contains(line[j]) { j += 1 }
    guard j < line.endIndex else { return nil }
    let end: Int
    if line[j] == 0x07, kind == .iterm {
      end = j + 1
    } else if line[j] == 0x1B, j + 1 < line.endIndex, line[j + 1] == UInt8(ascii: "\\") {
      end = j + 2
    } else {
      return nil
    }
    return (PreviewImage(kind: kind, bytes: Array(line[i..<end])), end)
  }

  private static let tmuxStart = Array("\u{1B}Ptmux;".utf8)
  private static let itermFileCommands = ["File=", "MultipartFile=", "FilePart=", "FileEnd"]

  /// A sequence the command wrapped for tmux (each ESC doubled, then ST): the picture inside.
  private static func unwrapped(_ rest: ArraySlice<UInt8>) -> (PreviewImage, Int)? {
    var inner: [UInt8] = []
    var j = rest.startIndex + tmuxStart.count
    while j < rest.endIndex {
      let b = rest[j]
      if b == 0x1B {
        guard j + 1 < rest.endIndex else { return nil }
        if rest[j + 1] == 0x1B {
          inner.append(0x1B)
          j += 2
          continue
        }
        guard rest[j + 1] == UInt8(ascii: "\\") else { return nil }
        guard let (found, end) = image(in: inner[...], at: 0), end == inner.count else { return nil }
        var image = found
        image.wrapped = true
        return (image, j + 2)
      }
      inner.append(b)
      j += 1
    }
    return nil
  }

  /// The bytes that send the picture to the terminal: wrapped in tmux's passthrough when the
  /// command wrapped it, or, inside tmux, for Kitty's and iTerm2's (tmux takes a bare APC as a pane
  /// title and drops OSC 1337); Sixel goes bare, which tmux 3.4 draws in the pane itself.
  package func output(inTmux: Bool) -> [UInt8] {
    guard wrapped || (inTmux && kind != .sixel) else { return bytes }
    return PreviewImage.wrapForTmux(bytes)
  }

  /// `bytes` in tmux's passthrough: every ESC doubled, between `ESC P tmux;` and ST.
  package static func wrapForTmux(_ bytes: [UInt8]) -> [UInt8] {
    var out = tmuxStart
    for b in bytes {
      out.append(b)
      if b == 0x1B { out.append(0x1B) }
    }
    return out + [0x1B, UInt8(ascii: "\\")]
  }
}
