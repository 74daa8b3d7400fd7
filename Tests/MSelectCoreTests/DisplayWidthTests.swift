import MSelectCore
import Testing

/// Columns a character takes, with ambiguous characters narrow (most terminals) and wide (`--ambidouble`).
struct DisplayWidthTests {
  @Test(arguments: [
    (UInt32(0x41), 1, 1),  // A
    (0xA0, 1, 1),  // no-break space
    (0xE9, 1, 2),  // é: Latin-1 letters are ambiguous
    (0x410, 1, 2),  // Cyrillic А
    (0x3B1, 1, 2),  // Greek α
    (0x3AC, 1, 1),  // Greek ά is not
    (0x2502, 1, 2),  // │, fzf's border
    (0x254C, 1, 1),  // ╌ is narrow either way
    (0x2713, 1, 1),  // ✓
    (0x301, 0, 0),  // a combining mark stays zero-width
    (0x65E5, 2, 2),  // 日 stays wide
    (0xE000, 1, 2),  // private use (Nerd Font icons)
  ])
  func columns(scalar: UInt32, narrow: Int, wide: Int) {
    #expect(DisplayWidth.of(scalar, ambiguous: 1) == narrow)
    #expect(DisplayWidth.of(scalar, ambiguous: 2) == wide)
  }

  @Test func theProcessWideSettingIsNarrowUnlessAsked() {
    #expect(DisplayWidth.of("Привет") == 6)
  }

  @Test(arguments: [
    (Bool?.none, [String: String](), false), (nil, ["RUNEWIDTH_EASTASIAN": "1"], true),
    (nil, ["RUNEWIDTH_EASTASIAN": "0"], false), (false, ["RUNEWIDTH_EASTASIAN": "1"], false),
    (true, [:], true),
  ])
  func ambidoubleOrTheEnvironment(option: Bool?, environment: [String: String], wide: Bool) {
    #expect(TerminalTraits.ambiguousIsWide(option, environment: environment) == wide)
  }
}
