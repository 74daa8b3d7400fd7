import MSelectCore

extension OptionTable {
  /// The sections' names in options (`--list-border`, `--input-label`, …) and where each is kept.
  private static let sectionNames: [(name: String, path: any WritableKeyPath<Chrome, Section> & Sendable)] = [
    ("list", \.list), ("input", \.input), ("header", \.header), ("header-lines", \.headerLines),
    ("footer", \.footer),
  ]

  /// The border styles a section takes.
  private static let sectionStyles = [
    "rounded", "sharp", "bold", "double", "block", "thinblock", "dashed", "horizontal", "vertical", "top",
    "bottom", "left", "right", "line", "inline", "none",
  ]

  /// The section at `name`'s place in an option such as `--header-lines-border`.
  private static func section(_ option: String, _ suffix: String) -> any WritableKeyPath<Chrome, Section>
    & Sendable
  {
    let name = option.dropFirst(2).dropLast(suffix.count + 1)
    return sectionNames.first { $0.name == name }?.path ?? \.list
  }

  /// fzf's sections around the list: borders, labels, the footer and the `--style` presets.
  static let sections: [OptionInfo] = [
    OptionInfo(
      sectionNames.map { "--\($0.name)-border" }, "STYLE", .picker,
      "a frame around that part of the picker (line: one rule toward the list)", values: sectionStyles,
      takes: OptionTable.nextWord
    ) { o, v in
      let border = try v.border(otherwise: o.defaultBorder)
      if v.name == "--list-border" && border == .line && v.optionalString != nil {
        throw v.invalid("a style other than line")
      }
      if border == .inline && (v.name == "--list-border" || v.name == "--input-border") {
        throw OptionTable.inlineRefused(v)
      }
      o.picker.look.chrome[keyPath: section(v.name, "border")].border = border
    },
    OptionInfo(
      sectionNames.filter { $0.name != "header-lines" }.map { "--\($0.name)-label" }, "TEXT", .picker,
      "text in that section's border"
    ) { o, v in o.picker.look.chrome[keyPath: section(v.name, "label")].label = v.string },
    OptionInfo(
      sectionNames.filter { $0.name != "header-lines" }.map { "--\($0.name)-label-pos" }, "N[:bottom]",
      .picker, "where that label goes, as --border-label-pos"
    ) { o, v in
      o.picker.look.chrome[keyPath: section(v.name, "label-pos")].labelPosition = try v.labelPosition()
    },
    OptionInfo(["--no-input"], nil, .picker, "no prompt and info: the query cannot be typed (toggle-input)") {
      o, _ in o.picker.look.inputShown = false
    },
    OptionInfo(["--footer"], "TEXT", .picker, "text below the list (above it with --layout reverse)") {
      o, v in o.picker.look.footer = v.string
    },
    OptionInfo(
      ["--style"], "PRESET", .picker, "default, minimal, or full[:STYLE] (a frame around each section)",
      values: ["default", "minimal", "full"]
    ) { o, v in try style(&o, v) },
  ]

  /// fzf's refusal of `inline` where there is no list frame to sit in.
  static func inlineRefused(_ v: OptionValue) -> OptionError {
    v.invalid(
      "another style: inline border is only supported for --header-border, --header-lines-border, and "
        + "--footer-border")
  }

  /// `--no-list-border`, `--no-footer-label`, …, `--no-scrollbar`, `--no-filepath-word`: back to not
  /// given.
  static let negations: [OptionInfo] =
    [
      .hidden(["--no-scrollbar"]) { o, _ in o.picker.look.scrollbar = nil },
      .hidden(["--no-filepath-word"]) { o, _ in o.picker.behaviour.filepathWord = false },
      .hidden(["--no-raw"]) { o, _ in o.picker.list.raw = false },
      // The shell bindings' store (`--learn`'s, when learning is on for the name run under).
      .hidden(["--binding-learn"], takes: .value) { o, v in o.bindingLearn = try v.storeName() },
      .hidden(["--no-tmux", "--no-popup"]) { o, _ in o.popup = nil },
      // The key bindings' `FZF_TMUX_OPTS` / `MSELECT_TMUX_OPTS` (fzf-tmux's options), in one word.
      .hidden(["--tmux-options"], takes: .value) { o, v in
        o.popup = PopupSpec(fzfTmuxOptions: v.string.split(separator: " ").map(String.init)) ?? o.popup
      },
    ]
    + sectionNames.map { section in
      // The footer's rule is there unless told otherwise: no border is said outright.
      .hidden(["--no-\(section.name)-border"]) { o, _ in
        o.picker.look.chrome[keyPath: section.path].border =
          section.name == "footer" ? Chrome.Border.none : nil
      }
    }
    + sectionNames.map { section in
      .hidden(["--no-\(section.name)-label"]) { o, _ in
        o.picker.look.chrome[keyPath: section.path].label = nil
      }
    }

  /// fzf's `--style` presets: `full[:STYLE]` frames every section (and the preview) in STYLE with the
  /// info at the right of the prompt; `minimal` keeps only rules; `default` undoes both.
  private static func style(_ o: inout Options, _ v: OptionValue) throws(OptionError) {
    let parts = v.string.lowercased().split(separator: ":", maxSplits: 1).map(String.init)
    let sections: [any WritableKeyPath<Chrome, Section> & Sendable] = [\.list, \.input, \.header, \.footer]
    o.defaultBorder = .rounded
    switch parts.first ?? "" {
    case "default":
      for path in sections { o.picker.look.chrome[keyPath: path].border = nil }
      o.picker.preview.border = .rounded
      o.picker.look.chrome.info = .default
      o.picker.look.scrollbar = "│"
      (o.picker.look.chrome.separator, o.picker.look.chrome.separatorAuto) = (Chrome.defaultSeparator, true)
    case "minimal":
      for path in sections { o.picker.look.chrome[keyPath: path].border = nil }
      o.picker.look.chrome.footer.border = .line
      o.picker.preview.border = .line
      o.picker.look.chrome.info = .default
      o.gutter = " "
      o.picker.look.scrollbar = nil
      (o.picker.look.chrome.separator, o.picker.look.chrome.separatorAuto) = (nil, false)
    case "full":
      var shape = Chrome.Border.rounded
      if parts.count == 2 {
        guard let given = Chrome.Border(rawValue: parts[1]), given != .inline else {
          throw v.invalid("default, minimal, or full[:STYLE] with a border style")
        }
        shape = given
      }
      o.defaultBorder = shape
      for path in sections { o.picker.look.chrome[keyPath: path].border = shape }
      if shape == .line {
        o.picker.look.chrome.list.border = nil
        o.picker.look.chrome.border = .line
      }
      o.picker.preview.border = shape
      o.picker.look.chrome.info = .inlineRight
      o.picker.look.scrollbar = "│"
      (o.picker.look.chrome.separator, o.picker.look.chrome.separatorAuto) = (Chrome.defaultSeparator, true)
    default:
      throw v.invalid("default, minimal, or full[:STYLE]")
    }
  }
}
