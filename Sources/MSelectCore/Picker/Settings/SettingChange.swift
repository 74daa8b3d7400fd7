/// What the picker's actions may change of its settings while it runs: fzf's `change-…` and
/// `transform-…` targets, the toggles of a look or a mode, `change-multi`, `forget`. The picker's
/// settings are its configuration with these made, and nothing else changes them.
enum SettingChange {
  /// A text `change-…(…)` sets (`header`, `footer`, `pointer`, `ghost`, the labels); nil: none.
  case text(BoundAction.Setting, String?)
  case headerLines(Int)
  /// `change-nth`: the fields searched.
  case searchedFields(SearchFields)
  /// `change-with-nth`: the fields shown.
  case shownFields(FieldSpec?)
  case inputShown(Bool)
  case raw(Bool)
  case multiLine(Bool)
  /// `toggle-wrap`, `toggle-wrap-word`: long lines wrapped, at spaces or anywhere.
  case wrap(Bool, word: Bool)
  case hscroll(Bool)
  case track(Bool)
  /// `change-multi`: the most lines that may be marked.
  case maximum(Int?)
  case previewCommand(String)
  /// `change-preview-window`: the pane's spec.
  case previewWindow(PreviewSettings)
  /// `toggle-preview-wrap` (`word`: `toggle-preview-wrap-word`), in every alternative of the spec.
  case togglePreviewWrap(word: Bool)
  /// `forget`: what `--learn` learned of this line goes.
  case forget([UInt8])
  /// `toggle-typos`: the mistakes fuzzy terms forgive.
  case typos(Typos)
}

extension PickerSettings {
  /// Makes `change`.
  mutating func apply(_ change: SettingChange) {
    switch change {
    case .text(let setting, let text): setText(setting, text)
    case .headerLines(let n): search.headerLines = n
    case .searchedFields(let fields): search.fields = fields
    case .shownFields(let spec): list.shownFields = spec
    case .inputShown(let shown): look.inputShown = shown
    case .raw(let on): list.raw = on
    case .multiLine(let on): list.multiLine = on
    case .wrap(let on, let word): (list.wrap, list.wrapWord) = (on, word)
    case .hscroll(let on): list.hscroll = on
    case .track(let on): list.track = on
    case .maximum(let max): selection.max = max
    case .previewCommand(let template): preview.command = template
    case .previewWindow(let spec): preview = spec
    case .togglePreviewWrap(let word):
      preview.eachSpec { spec in
        if word {
          spec.wrapWord.toggle()
          spec.wrap = spec.wrapWord
        } else {
          spec.wrap.toggle()
          if !spec.wrap { spec.wrapWord = false }
        }
      }
    case .forget(let line): search.rank.learned = search.rank.learned?.forgetting(line)
    case .typos(let typos): search.match.typos = typos
    }
  }

  /// Sets the text `setting` names (the settings that are not texts are left alone).
  private mutating func setText(_ setting: BoundAction.Setting, _ text: String?) {
    switch setting {
    case .prompt: look.prompt = text ?? ""
    case .header: look.header = text
    case .footer: look.footer = text
    case .pointer: look.pointer = text ?? ""
    case .ghost: look.ghost = text ?? ""
    case .borderLabel: look.chrome.borderLabel = text
    case .previewLabel: preview.label = text
    case .listLabel: look.chrome.list.label = text
    case .inputLabel: look.chrome.input.label = text
    case .headerLabel: look.chrome.header.label = text
    case .footerLabel: look.chrome.footer.label = text
    case .query, .search, .headerLines, .nth, .withNth: break
    }
  }
}
