/// Keys and mouse reports: what is bound to them, and keys held back until the list they act on is shown.
extension PickerState {
  mutating func handle(_ key: Key) {
    // Keys typed after Enter wait for its choice (which ends the picker): they cannot undo it.
    let now = held.admit(
      key, aborts: aborts(key), defers: mode.defersKeys,
      needsTheList: search.result.query != searchQuery && actsOnTheList(key))
    if now { handleNow(key) }
  }

  /// Whether `key` ends the picker without a choice (`abort`, bound to Esc and ctrl-c by default).
  func aborts(_ key: Key) -> Bool {
    actions(for: key)?.first == .action(.control(.abort))
  }

  /// What `key` is bound to now (nil: nothing, or taken away by `unbind`).
  func actions(for key: Key) -> [BoundAction]? {
    binding.unbound.contains(.key(key)) ? nil : settings.behaviour.bindings.actions(for: key)
  }

  /// Whether what `key` does depends on the lines listed (moving, marking, a command on the current
  /// line), so it must wait for the list of what is typed.
  func actsOnTheList(_ key: Key) -> Bool {
    guard let actions = actions(for: key) else { return false }
    return actions.contains { bound in
      switch bound {
      case .action(let action): action.actsOnTheList
      case .execute, .executeSilent, .become, .print, .position: true
      default: false
      }
    }
  }

  /// Runs the deferred keys that can run now: up to the next one that acts on the list while the list
  /// is not yet the one for the typed query.
  mutating func runDeferredKeys() {
    while outcome == nil, let key = held.next(defers: mode.defersKeys),
      search.result.query == searchQuery || !actsOnTheList(key)
    {
      held.takeNext()
      handleNow(key)
    }
  }

  /// What a key does in each mode: a label while jumping; while `wait` holds, only the keys that
  /// abort count; else what it is bound to, or the character it types.
  mutating func handleNow(_ key: Key) {
    info.message = nil
    binding.lastKey = key.name
    switch mode {
    case .jumping(let accepts):
      mode = .normal
      fire(jump(to: key, accepting: accepts) ? .jump : .jumpCancel)
    case .accepting:
      // Only a key that aborts comes here while an accept waits (the others wait too): the accept
      // is dropped.
      mode = .normal
      runBinding(of: key)
    case .normal, .transforming, .waitingForSearch:
      runBinding(of: key)
    }
  }

  /// Moves to the visible line whose label `key` types (and accepts it); false when it types none.
  private mutating func jump(to key: Key, accepting: Bool) -> Bool {
    let labels = settings.behaviour.jumpLabels
    guard case .char(let c) = key, let label = Unicode.Scalar(c).map(Character.init),
      let index = labels.firstIndex(of: label)
    else { return false }
    let position = offset + labels.distance(from: labels.startIndex, to: index)
    guard position < min(listCount, offset + listRows) else { return false }
    viewport.jump(to: position)
    if accepting { acceptSelection(key: nil) }
    return true
  }

  /// Runs what `key` is bound to, or types it.
  private mutating func runBinding(of key: Key) {
    let actions = actions(for: key)
    let stops = actions?.firstIndex { $0 == .action(.control(.abort)) || $0 == .action(.control(.cancel)) }
    if list.trackBlocked != nil, stops != nil {
      // Esc while a reload looks for the tracked line stops looking (as fzf), it does not end.
      list.trackBlocked = nil
      return
    }
    if case .waitingForSearch = mode {
      // The keys that abort drop the held actions instead of ending, and run the rest of their own.
      guard let actions, let stop = stops else { return }
      mode = .normal
      run(Array(actions[(stop + 1)...]))
      return
    }
    if let name = settings.behaviour.expectKeys[key] {
      acceptSelection(key: name)
    } else if let actions {
      // A mark refused by `--max` ends the chain: tab does not move past the line it could not mark.
      marking.refused = false
      run(actions)
    } else {
      type(key)
    }
  }

  /// A key bound to nothing: a character or pasted text goes into the query.
  private mutating func type(_ key: Key) {
    switch key {
    case .char(let c):
      // fzf's name for typing a character (`FZF_ACTION`).
      binding.lastAction = "char"
      insert([c])
    case .paste(let bytes):
      // Pasted line breaks and tabs become spaces; other control bytes are dropped.
      let text = UTF8Decoding.scalars(bytes).compactMap { c -> UInt32? in
        c == 10 || c == 13 || c == 9 ? 32 : (c < 0x20 || c == 0x7F ? nil : c)
      }
      insert(text)
    default: break
    }
  }

  /// Wheel over the pane scrolls it, elsewhere it runs `scroll-up` / `scroll-down`; a press on an item
  /// moves the cursor there first, then runs what `left-click`, `double-click` or `right-click` is
  /// bound to; a left press on the pointer or marker column toggles the item instead.
  mutating func handle(_ event: MouseEvent, on target: ClickTarget?, at time: Int) {
    switch event.action {
    case .wheel(let up):
      if target == .preview {
        info.message = nil
        scrollPreview(up ? -PickerState.wheelStep : PickerState.wheelStep)
      } else {
        handle(.wheel(up: up))
      }
    case .press(let button):
      if case .header(let line, let column) = target, button == .left {
        list.clicks.forget()
        list.headerClick = Click(line: line, column: column)
        return fire(.clickHeader)
      }
      if case .footer(let line, let column) = target, button == .left {
        list.clicks.forget()
        list.footerClick = Click(line: line, column: column)
        return fire(.clickFooter)
      }
      guard case .item(let position, let onMarker) = target, position < listCount else {
        list.clicks.forget()
        return
      }
      viewport.jump(to: position)
      let line = line(at: position)
      switch button {
      case .left where onMarker:
        // Quick clicks on marks toggle them one by one: never a double click.
        list.clicks.forget()
        info.message = nil
        marking.refused = false
        toggleCurrent()
      case .left:
        handle(list.clicks.press(line: line, at: time) ? .doubleClick : .leftClick)
      case .right:
        list.clicks.forget()
        handle(.rightClick)
      case .middle: list.clicks.forget()
      }
    case .release: break
    }
  }

  /// Preview lines one wheel step scrolls.
  static let wheelStep = 3
}
