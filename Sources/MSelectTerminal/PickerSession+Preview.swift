import MSelectCore

/// The preview pane's command: started after a pause in the cursor's moves, its output fed to the
/// state as it comes, its `{+f}` files removed when it ends.
extension PickerSession {
  /// Stops the preview command, if one runs, and removes the files it was given.
  func stopPreview() {
    previews.stop()
    previews.reapRetired(all: true)
    releasePreviewFiles()
  }

  /// The preview command ended or was stopped: the files it was given go.
  func releasePreviewFiles() {
    if let command = previewCommand { temporaryFiles.release(mentionedIn: command) }
    previewCommand = nil
  }

  /// Forgets the preview run waiting to start, and the files made for it.
  func dropPendingPreview() {
    if let pending = previewSchedule.drop() { temporaryFiles.release(mentionedIn: pending.command) }
  }

  /// Hands the preview's output (and its end) to the state.
  func drainPreview() {
    while true {
      switch previews.read() {
      case .bytes(let bytes):
        state.handle(.previewOutput(generation: previews.generation, bytes: bytes))
      case .ended(let status):
        releasePreviewFiles()
        state.handle(.previewEnded(generation: previews.generation, status: status))
        return
      case .nothing:
        return
      }
    }
  }

  /// A preview run asked for: the first after a quiet spell starts at once; while the cursor keeps
  /// moving, runs wait for a short pause, so only the preview it stops at runs.
  func schedulePreview(_ run: PreviewRun) {
    let (start, dropped) = previewSchedule.ask(run, now: PickerSession.now())
    if let dropped { temporaryFiles.release(mentionedIn: dropped.command) }
    if let start { startPreview(start) }
  }

  /// Starts a preview run in place of the one running.
  func startPreview(_ run: PreviewRun) {
    previewSchedule.started(at: PickerSession.now())
    if let previewText {
      state.handle(.previewOutput(generation: run.generation, bytes: previewText(run.line ?? -1)))
      state.handle(.previewEnded(generation: run.generation, status: 0))
      return
    }
    // The run before is stopped, or, when it has written nothing yet, left a moment to end.
    releasePreviewFiles()
    var environment = run.environment
    // Where the pane's text starts on screen, from 0 (fzf's, which image tools such as ueberzug place by).
    if let origin = lastFrame?.previewOrigin, let top = painter.top(screenRows: state.rows) {
      environment["FZF_PREVIEW_TOP"] = String(top + origin.row)
      environment["FZF_PREVIEW_LEFT"] = String(origin.column)
    }
    do {
      try previews.start(
        run.command, generation: run.generation, size: (run.rows, run.columns), environment: environment)
      previewCommand = run.command
    } catch {
      // Said in the pane, where the command's output would have been.
      temporaryFiles.release(mentionedIn: run.command)
      state.handle(.previewOutput(generation: run.generation, bytes: Array(error.message.utf8)))
      state.handle(.previewEnded(generation: run.generation, status: 127 << 8))
    }
  }
}
