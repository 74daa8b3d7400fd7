/// The preview pane: where it goes, when its command runs again, scrolling it.
extension PickerState {
  /// The preview pane's place: its outer size (border included) and the size of its text, or nil
  /// when there is no pane.
  package struct PreviewLayout: Equatable, Sendable {
    package var position: PreviewSettings.Position
    package var outer: (rows: Int, columns: Int)
    package var inner: (rows: Int, columns: Int)
    /// The spec it follows: `--preview-window`'s, or an alternative of it (`<N(…)`).
    package var active: PreviewSettings
    /// A column right of the text holds the pane's scrollbar (fzf's, where the frame has no right
    /// side), and blank columns part the pane from the list.
    package var barColumn = false
    package var margin = 0
    /// fzf's scrollbar in the blank column before the frame's right side.
    package var barInFrame = false

    package static func == (a: PreviewLayout, b: PreviewLayout) -> Bool {
      a.position == b.position && a.outer == b.outer && a.inner == b.inner && a.active == b.active
    }
  }

  /// What the preview pane shows: `preview(…)`'s command, else `--preview`'s.
  var previewCommand: String? { preview.override ?? settings.preview.command }

  /// The preview pane's place, when one shows.
  package var previewLayout: PreviewLayout? { layout.preview }

  /// Starts a preview run when what the command is run for changed (the current line, and the query
  /// or the marks when its placeholders use them).
  mutating func updatePreview() {
    guard let template = previewCommand, let layout = previewLayout else { return }
    // Before the first line is listed there is nothing to show yet (fzf's: no run for an empty list
    // still loading or being searched).
    if currentLine == nil && (!input.ended || isSearching) && preview.override == nil { return }
    var key = [currentLine ?? -1]
    if Placeholders.dependsOnQuery(template) { key += queryBytes.map(Int.init) + [-2] }
    if Placeholders.dependsOnMarks(template) { key.append(selection.changes) }
    guard key != preview.key else { return }
    // `preview(…)` runs once: what it showed stays until `--preview`'s command (if any) runs again.
    if preview.override != nil, preview.key != nil {
      guard settings.preview.command != nil else {
        preview.key = key
        return
      }
      preview.override = nil
      return updatePreview()
    }
    let generation = preview.generation + 1
    let scroll = layout.active.scroll.map {
      PreviewSettings.firstLine(
        expand($0, shell: false) ?? [], height: max(0, layout.inner.rows - layout.active.headerLines))
    }
    preview.restart(generation: generation, key: key, scroll: scroll ?? 0)
    preview.following = layout.active.follow
    // With nothing under the cursor, fzf runs only a command that shows something else (the query,
    // the marked or every line); the pane of any other is left empty.
    let runs = currentLine != nil || Placeholders.previewRunsWithoutLine(template, marks: selection.count > 0)
    guard runs, let command = expand(template) else {
      queue(.cancelPreview)
      return
    }
    queue(
      .preview(
        generation: generation, command: command, rows: layout.inner.rows, columns: layout.inner.columns,
        line: currentLine))
  }

  mutating func scrollPreview(_ delta: Int) {
    // Rows under the fixed header lines (`~N`) show the scrolled part.
    guard let layout = previewLayout else { return }
    let header = layout.active.headerLines
    let lowest = max(header, preview.scroll)
    // Wrapped lines count by their rows (both default signs are two columns wide).
    let wrapping = PreviewWrapping(
      width: layout.inner.columns, settings: layout.active,
      signWidth: VisibleText(settings.look.previewWrapSign ?? "↳ ").width)
    let bottom = PreviewPane.firstLine(
      preview, scroll: .max, rows: max(1, layout.inner.rows), headerLines: header, wrapping: wrapping)
    preview.scroll = min(max(0, lowest + delta), bottom)
    // `follow`: scrolled to the end it follows again, scrolled up it stops.
    preview.following = layout.active.follow && preview.scroll >= bottom
  }
}
