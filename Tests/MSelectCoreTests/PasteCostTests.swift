import Glibc
import Testing

@testable import MSelectCore

/// What a long paste costs: query editing, searching, drawing and leaving in proportion to the text,
/// not to its square. CPU time of this thread, measured in the process; compared between two paste
/// lengths (a bound that holds in debug and sanitizer builds too, where every step is slower).
@Suite struct PasteCostTests {
  /// CPU seconds to paste `copies` × `usr/lib/` into a picker on 10 lines and draw it, and to leave
  /// with Esc after it.
  func cost(copies: Int) -> (paste: Double, escape: Double) {
    let h = Harness((1...10).map { "/usr/lib/file\($0)" })
    let renderer = Renderer()
    var painter = ScreenPainter(theme: Theme(colors: false), fullscreen: false)
    _ = painter.paint(renderer.render(h.state))
    let text = Array(String(repeating: "usr/lib/", count: copies).utf8)
    let paste = cpuSeconds {
      h.state.handle(.key(.paste(text)))
      h.settle()
      _ = painter.paint(renderer.render(h.state))
    }
    #expect(h.state.queryBytes.count == text.count)
    let escape = cpuSeconds {
      h.state.handle(.key(.escape))
      h.settle()
      _ = painter.paint(renderer.render(h.state))
      _ = painter.finish()
    }
    #expect(h.state.outcome == .cancelled)
    return (paste, escape)
  }

  @Test func aLongPasteCostsItsLength() {
    _ = cost(copies: 64)
    let short = cost(copies: 512)  // 4 KiB
    let long = cost(copies: 4096)  // 32 KiB
    // Eight times the text: linear work costs about eight times as much, quadratic sixty-four.
    #expect(long.paste < 20 * short.paste + 0.005, "\(short.paste) s, then \(long.paste) s")
    #expect(long.escape < 20 * short.escape + 0.005, "\(short.escape) s, then \(long.escape) s")
    // And well under a second, but in the sanitizers' builds: there every step is several times
    // slower and the suites run beside each other on the same cores (32 KiB once took 1 s of CPU).
    if !PasteCostTests.sanitized { #expect(long.paste < 1 && long.escape < 1) }
  }

  /// Whether this process runs under the address or thread sanitizer.
  private static let sanitized =
    dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil
    || dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil

  /// A pasted text of thousands of words: the pre-scan's tables stay small (they were a megabyte and
  /// more per word).
  @Test func thousandsOfWordsKeepThePrescanSmall() {
    let words = (0..<5000).map { "w\($0)x" }.joined(separator: " ")
    let matcher = Matcher(pattern: Pattern(words))
    #expect(matcher.prescanRows <= Matcher.prescanLength + 8)
    #expect(filter(words, ["w1x w2x", words]) == [words])
  }
}
