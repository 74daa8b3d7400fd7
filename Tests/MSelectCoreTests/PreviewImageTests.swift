import Testing

@testable import MSelectCore

/// Sequences of pictures a preview command writes: Sixel, Kitty graphics, iTerm2 inline files.
private enum Sample {
  static let esc = "\u{1B}"
  static let st = "\u{1B}\\"
  /// A 20×40-pixel Sixel picture (raster attributes), two bands.
  static let sixel = esc + "P0;1;0q\"1;1;20;40#0;2;0;0;0#0~~~~-~~~~" + st
  /// A Sixel picture without raster attributes: three bands of six pixels.
  static let bareSixel = esc + "Pq#0~~-~~-~~" + st
  static let kitty = esc + "_Ga=T,f=32,s=8,v=8,c=4,r=2,i=7,m=1;AAAA" + st
  static let kittyChunk = esc + "_Gm=0;AAAA" + st
  static let kittyPlaceholder = esc + "_Ga=T,U=1,f=100,i=9,c=4,r=2;AAAA" + st
  static let iterm = esc + "]1337;File=inline=1;width=6;height=3;preserveAspectRatio=1:AAAA\u{07}"
}

@Suite struct PreviewImageTests {
  func split(_ text: String) -> (images: [PreviewImage], text: String) {
    let (images, rest) = PreviewImage.split(Array(text.utf8)[...])
    return (images, String(decoding: rest, as: UTF8.self))
  }

  @Test(arguments: [
    (Sample.sixel, PreviewImage.Kind.sixel), (Sample.bareSixel, .sixel), (Sample.kitty, .kitty),
    (Sample.kittyChunk, .kitty), (Sample.iterm, .iterm),
    (Sample.esc + "]1337;File=inline=1:AAAA" + Sample.st, .iterm),
  ])
  func eachProtocolIsFoundAndTakenOutOfTheText(sequence: String, kind: PreviewImage.Kind) {
    let (images, text) = split("before" + sequence + "after")
    #expect(images.map(\.kind) == [kind])
    #expect(images.first.map { String(decoding: $0.bytes, as: UTF8.self) } == sequence)
    #expect(text == "beforeafter")
  }

  /// Only printable ASCII between start and end: anything else is not a picture, and no other
  /// sequence can ride inside one to the terminal.
  @Test(arguments: [
    Sample.esc + "Pq#0~~" + Sample.esc + "[2J~~" + Sample.st,  // a sequence inside
    Sample.esc + "Pq#0~~\n~~" + Sample.st,  // a control character inside
    Sample.esc + "Pq#0~~",  // no end
    Sample.esc + "P1$r" + Sample.st,  // a DCS that is not Sixel
    Sample.esc + "_Ga=T;AA\u{07}",  // BEL ends only iTerm2's OSC
    Sample.esc + "]1337;SetMark\u{07}",  // OSC 1337, not a file
    Sample.esc + "]1337;CopyToClipboard=c\u{07}",
    // Wrapped for tmux, but not a picture.
    Sample.esc + "Ptmux;" + Sample.esc + Sample.esc + "]52;c;AAAA\u{07}" + Sample.st,
  ])
  func otherBytesAreNoPicture(text: String) {
    #expect(split(text).images.isEmpty, "\(text.debugDescription)")
  }

  @Test func whatDrawsAndWhatOnlySendsOrPlaces() {
    #expect(split(Sample.sixel).images.first?.draws == true)
    #expect(split(Sample.kitty).images.first?.draws == true)
    #expect(split(Sample.esc + "_Ga=p,i=7" + Sample.st).images.first?.draws == true)
    #expect(split(Sample.kittyChunk).images.first?.draws == false)
    #expect(split(Sample.kittyPlaceholder).images.first?.draws == false)
    #expect(split(Sample.esc + "_Ga=d,d=A" + Sample.st).images.first?.draws == false)
    #expect(split(Sample.iterm).images.first?.draws == true)
    #expect(split(Sample.esc + "]1337;FilePart=AAAA\u{07}").images.first?.draws == false)
  }

  @Test func sizesInCells() {
    let cell = (width: 10, height: 20)
    func size(_ text: String, _ cell: (width: Int, height: Int)?) -> [Int?] {
      let s = split(text).images[0].size(cell: cell)
      return [s.rows, s.columns]
    }
    #expect(size(Sample.sixel, cell) == [2, 2])
    #expect(size(Sample.sixel, nil) == [nil, nil])
    #expect(size(Sample.bareSixel, (10, 6)) == [3, nil])
    #expect(size(Sample.kitty, nil) == [2, 4])
    // 0 is "as the picture needs": not known here.
    #expect(size(Sample.esc + "_Ga=T,c=0,r=0;AA" + Sample.st, nil) == [nil, nil])
    #expect(size(Sample.iterm, nil) == [3, 6])
    #expect(size(Sample.esc + "]1337;File=width=25px;height=41px:AA\u{07}", cell) == [3, 3])
    #expect(size(Sample.esc + "]1337;File=height=50%:AA\u{07}", cell) == [nil, nil])
  }

  @Test func tmuxPassthrough() {
    let kitty = split(Sample.kitty).images[0]
    let wrapped = String(decoding: kitty.output(inTmux: true), as: UTF8.self)
    #expect(
      wrapped == "\u{1B}Ptmux;" + Sample.kitty.replacingOccurrences("\u{1B}", "\u{1B}\u{1B}") + Sample.st)
    #expect(kitty.output(inTmux: false) == Array(Sample.kitty.utf8))
    // Sixel stays bare: tmux draws it in the pane itself.
    let sixel = split(Sample.sixel).images[0]
    #expect(sixel.output(inTmux: true) == Array(Sample.sixel.utf8))
    // A command that wrapped it itself (imgcat does in tmux) is found, and it goes out wrapped.
    let (images, text) = split("x" + wrapped + "y")
    #expect(text == "xy")
    #expect(images.first?.kind == .kitty && images.first?.wrapped == true)
    #expect(images.first?.bytes == Array(Sample.kitty.utf8))
    #expect(images.first?.output(inTmux: false) == Array(wrapped.utf8))
  }
}

@Suite struct PreviewImagePlacementTests {
  /// A picker 20 rows by 60 columns with the pane on the right showing `output`.
  func harness(_ output: String, window: String = "right,50%", rows: Int = 20) -> Harness {
    let h = Harness(
      ["a", "b"], ["--preview", "cat {}", "--preview-window", window], rows: rows, columns: 60)
    guard case .preview(let generation, _, _, _, _) = h.state.takeCommands().last else {
      Issue.record("no preview asked for")
      return h
    }
    h.state.handle(.previewOutput(generation: generation, bytes: Array(output.utf8)))
    h.state.handle(.previewEnded(generation: generation, status: 0))
    return h
  }

  func render(_ h: Harness, cell: (width: Int, height: Int)? = (10, 20)) -> Frame {
    var renderer = Renderer()
    renderer.cell = cell
    return renderer.render(h.state)
  }

  @Test func aPictureSitsAtThePanesTopLeftOverBlankCells() throws {
    let h = harness(Sample.sixel + "\nbelow\n")
    let frame = render(h)
    let image = try #require(frame.images.first)
    let origin = try #require(frame.previewOrigin)
    #expect((image.row, image.column) == (origin.row, origin.column))
    #expect((image.rows, image.columns) == (2, 2))
    #expect(origin.column > 30 && origin.row == 1)
    // The cells it covers are blank; the next line of output comes below it.
    for row in image.row..<(image.row + image.rows) {
      #expect(frame.text[row].dropFirst(image.column).prefix(image.columns).allSatisfy { $0 == " " })
    }
    #expect(frame.text[image.row + 2].dropFirst(image.column).hasPrefix("below"))
    // Never over the list: inside the pane.
    let pane = try #require(frame.areas.first { $0.kind == .preview })
    #expect(pane.rows.contains(image.row) && pane.rows.contains(image.row + image.rows - 1))
    #expect(pane.columns.contains(image.column) && pane.columns.contains(image.column + image.columns - 1))
  }

  /// fzf's: a picture taller than the room left shows as an outline instead.
  @Test func aPictureThatDoesNotFitShowsItsOutline() throws {
    let tall = Sample.esc + "Pq\"1;1;20;900#0~~" + Sample.st
    let frame = render(harness("text\n" + tall + "\n"))
    #expect(frame.images.isEmpty)
    let origin = try #require(frame.previewOrigin)
    #expect(frame.text[origin.row].dropFirst(origin.column).hasPrefix("text"))
    #expect(frame.text[origin.row + 1].dropFirst(origin.column).hasPrefix("┌──"))
    #expect(frame.text[origin.row + 2].dropFirst(origin.column).hasPrefix("│ "))
  }

  /// Without its size in cells (no pixel size from the terminal), a picture takes the rest of the pane.
  @Test func aPictureOfUnknownSizeTakesTheRestOfThePane() throws {
    let frame = render(harness(Sample.sixel + "\nbelow\n"), cell: nil)
    let image = try #require(frame.images.first)
    let pane = try #require(frame.areas.first { $0.kind == .preview })
    #expect(image.row + image.rows == pane.rows.upperBound - 1)  // above the frame's bottom line
    #expect(!frame.text.contains { $0.contains("below") })
  }

  /// Kitty's placeholder placement covers nothing: its characters are the pane's text.
  @Test func kittyPlaceholdersAreText() throws {
    let placeholder = "\u{1B}[38;5;9m\u{10EEEE}\u{0305}\u{0305}\u{10EEEE}\u{0305}\u{030D}\u{1B}[39m"
    let frame = render(harness(Sample.kittyPlaceholder + placeholder + "\n"))
    let image = try #require(frame.images.first)
    #expect(image.rows == 0 && !image.onCells && !image.kittyPlaced)
    let origin = try #require(frame.previewOrigin)
    #expect(frame.text[origin.row].contains("\u{10EEEE}\u{0305}\u{0305}\u{10EEEE}\u{0305}\u{030D}"))
  }

  @Test func aPictureScrolledAwayIsNotDrawn() {
    let h = harness(Sample.sixel + "\n" + (1...40).map { "line \($0)\n" }.joined())
    #expect(render(h).images.count == 1)
    h.press(.altDown)
    #expect(render(h).images.isEmpty)
  }
}

@Suite struct ScreenPainterImageTests {
  func frame(_ rows: [String], images: [Frame.Image] = []) -> Frame {
    var frame = Frame(rows: rows.map { [Frame.Span(text: $0, style: [])] }, caret: (0, 0))
    frame.images = images
    return frame
  }

  func image(_ sequence: String, row: Int = 1, rows: Int = 2) -> Frame.Image {
    let (found, _) = PreviewImage.split(Array(sequence.utf8)[...])
    return Frame.Image(row: row, column: 5, rows: rows, columns: 2, sequences: found)
  }

  let rows = ["> ", "list |    ", "list |    ", "list |    "]

  @Test func aPictureIsDrawnOnceAtItsPlaceAfterTheRows() throws {
    var painter = ScreenPainter(theme: Theme(colors: false), fullscreen: false)
    let sixel = image(Sample.sixel)
    let first = painter.paint(frame(rows, images: [sixel]))
    let at = try #require(first.range(of: Sample.sixel))
    #expect(first[..<at.lowerBound].hasSuffix("\r\u{1B}[5C\u{1B}7\u{1B}[?8452h"))
    #expect(first[at.upperBound...].hasPrefix("\u{1B}[?8452l\u{1B}8"))
    #expect(first.range(of: "list")!.lowerBound < at.lowerBound)
    // Nothing changed: not again.
    #expect(!painter.paint(frame(rows, images: [sixel])).contains(Sample.sixel))
    // A row under it rewritten (the list changed beside it) wipes it: drawn again.
    var changed = rows
    changed[2] = "LIST |    "
    #expect(painter.paint(frame(changed, images: [sixel])).contains(Sample.sixel))
    // A row not under it: not again.
    changed[3] = "LIST |    "
    #expect(!painter.paint(frame(changed, images: [sixel])).contains(Sample.sixel))
  }

  /// The cursor moved on: the cells under a Sixel picture are written again, though their text did
  /// not change; a Kitty placement is deleted by its id, or at its cell without one.
  @Test func aPictureThatGoesIsWipedOrDeleted() {
    var painter = ScreenPainter(theme: Theme(colors: false), fullscreen: false)
    _ = painter.paint(frame(rows, images: [image(Sample.sixel)]))
    let after = painter.paint(frame(rows))
    #expect(after.components(separatedBy: "list |").count - 1 == 2)
    _ = painter.paint(frame(rows, images: [image(Sample.kitty)]))
    #expect(painter.paint(frame(rows)).contains("\u{1B}_Ga=d,d=I,i=7\u{1B}\\"))
    let anonymous = Sample.esc + "_Ga=T,f=32,c=2,r=2;AAAA" + Sample.st
    _ = painter.paint(frame(rows, images: [image(anonymous)]))
    #expect(painter.paint(frame(rows)).contains("\r\u{1B}[5C\u{1B}_Ga=d,d=c\u{1B}\\"))
  }

  @Test func theWayOutDeletesKittyPlacementsAndInsideTmuxWrapsThem() {
    var painter = ScreenPainter(theme: Theme(colors: false), fullscreen: true)
    painter.inTmux = true
    let out = painter.paint(frame(rows, images: [image(Sample.kitty)]))
    #expect(out.contains("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=T"))
    let end = painter.finish()
    #expect(end.contains("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=I,i=7\u{1B}\u{1B}\\\u{1B}\\"))
  }

  @Test func aRedrawDrawsThePictureAgain() {
    var painter = ScreenPainter(theme: Theme(colors: false), fullscreen: false)
    let sixel = image(Sample.sixel)
    _ = painter.paint(frame(rows, images: [sixel]))
    _ = painter.invalidate(clear: true)
    #expect(painter.paint(frame(rows, images: [sixel])).contains(Sample.sixel))
  }
}

extension String {
  fileprivate func replacingOccurrences(_ target: String, _ replacement: String) -> String {
    components(separatedBy: target).joined(separator: replacement)
  }
}
