import Testing

@testable import MSelectCore

@Suite struct QueryTests {
  @Test(arguments: [
    ("foo", Term.Kind.fuzzy, false, "foo"),
    ("'foo", .exact, false, "foo"),
    ("^foo", .prefix, false, "foo"),
    ("foo$", .suffix, false, "foo"),
    ("^foo$", .equal, false, "foo"),
    ("!foo", .exact, true, "foo"),
    ("!^foo", .prefix, true, "foo"),
    ("!foo$", .suffix, true, "foo"),
    ("!'foo", .fuzzy, true, "foo"),
    ("$", .fuzzy, false, "$"),
  ])
  func termSyntax(query: String, kind: Term.Kind, inverse: Bool, text: String) {
    let pattern = Pattern(query)
    #expect(pattern.groups.count == 1)
    let term = pattern.groups[0][0]
    #expect(term.kind == kind)
    #expect(term.inverse == inverse)
    #expect(term.chars == text.unicodeScalars.map(\.value))
  }

  @Test func exactModeFlipsQuote() {
    let options = MatchOptions(exact: true)
    #expect(Pattern("foo", options: options).groups[0][0].kind == .exact)
    #expect(Pattern("'foo", options: options).groups[0][0].kind == .fuzzy)
  }

  @Test func spacesSeparateTermsAndBackslashSpaceIsLiteral() {
    #expect(Pattern("a b  c").groups.count == 3)
    let escaped = Pattern("a\\ b")
    #expect(escaped.groups.count == 1)
    #expect(escaped.groups[0][0].chars == "a b".unicodeScalars.map(\.value))
  }

  @Test func barJoinsNeighboursIntoOneGroup() {
    let pattern = Pattern("a | b c | d")
    #expect(pattern.groups.map(\.count) == [2, 2])
    // As in fzf: a `|` with no term before it (or right after another) is the character itself.
    #expect(Pattern("| a").groups.map(\.count) == [1, 1])
    #expect(Pattern("| | a").groups.map(\.count) == [2])
    #expect(Pattern("a | | b").groups.map(\.count) == [2, 1])
    #expect(Pattern("a |").groups.map(\.count) == [1])
  }

  @Test func emptyQueryAndOperatorsAloneMatchEverything() {
    #expect(Pattern("").isEmpty)
    #expect(Pattern("   ").isEmpty)
    #expect(Pattern("! ^ '").isEmpty)
  }

  @Test(arguments: [
    ("abc", MatchOptions.CaseMode.smart, CharFold.Mode.lowercaseAndStrip),
    ("aBc", .smart, .stripDiacritics),
    ("aBc", .insensitive, .lowercaseAndStrip),
    ("abc", .sensitive, .stripDiacritics),
    ("ábc", .smart, .lowercase),
  ])
  func caseAndDiacriticModeIsPerTerm(query: String, mode: MatchOptions.CaseMode, fold: CharFold.Mode) {
    #expect(Pattern(query, options: MatchOptions(caseMode: mode)).groups[0][0].fold == fold)
  }

  @Test func smartCaseIsDecidedPerTerm() {
    let pattern = Pattern("Foo bar")
    #expect(pattern.groups[0][0].fold == .stripDiacritics)
    #expect(pattern.groups[1][0].fold == .lowercaseAndStrip)
  }

  @Test func literalKeepsDiacritics() {
    #expect(Pattern("abc", options: MatchOptions(foldDiacritics: false)).groups[0][0].fold == .lowercase)
  }

  @Test(arguments: [
    ("ab", "abc", true),
    ("ab", "ab c", true),
    ("ab", "ab !c", true),
    ("ab", "a", false),
    ("ab", "ab | c", false),
    ("ab", "ab$", false),
    ("^ab", "^abc", true),
    ("ab", "xab", false),
    ("", "x", true),
  ])
  func narrowing(previous: String, next: String, narrows: Bool) {
    #expect(Pattern(next).narrows(Pattern(previous)) == narrows)
  }
}
