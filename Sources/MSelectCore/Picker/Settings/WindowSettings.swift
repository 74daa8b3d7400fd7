/// Where on the terminal the picker goes and how much of it it takes.
package struct WindowSettings: Sendable {
  package var height = PickerSettings.Height.percent(50)
  /// The picker grows with the list up to `height` rather than taking all of it at once.
  package var heightAdapts = true
  /// The fewest rows a percentage height gives (`--min-height`), plus the rows around the list when
  /// `minHeightAddsChrome` (fzf's `N+`, its default `10+`).
  package var minHeight = 10
  package var minHeightAddsChrome = false
  package var layout = PickerSettings.Layout.reverse
  /// The picture stays on the terminal when the picker ends (`--no-clear`).
  package var keepsPicture = false

  package init() {}
}
