package ui

import (
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/lang"

	"touchmove/app"
	"touchmove/core/chess"
	"touchmove/core/clock"
	"touchmove/ui/board"
)

// shortcut is a key with modifiers, shown in the menus and registered on the canvas.
func shortcut(k fyne.KeyName, m fyne.KeyModifier) *desktop.CustomShortcut {
	return &desktop.CustomShortcut{KeyName: k, Modifier: m}
}

const (
	ctrl      = fyne.KeyModifierShortcutDefault
	ctrlShift = fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift
)

// item returns a menu item with a keyboard shortcut.
func item(label string, sc fyne.Shortcut, action func()) *fyne.MenuItem {
	it := fyne.NewMenuItem(label, action)
	it.Shortcut = sc
	return it
}

// toggle returns a menu item ticked while on reports true; choosing it
// calls set with the opposite of on and ticks the item to match.
func toggle(label string, on func() bool, set func(bool)) *fyne.MenuItem {
	it := fyne.NewMenuItem(label, nil)
	it.Checked = on()
	it.Action = func() {
		v := !on()
		set(v)
		it.Checked = v
	}
	return it
}

// gatedItem is a menu item that the session enables: it can act only when
// Session.Can says so.
type gatedItem struct {
	item   *fyne.MenuItem
	action app.Action
}

// gate makes it enabled only when the session can do a, and returns it.
// However it is triggered (the menu, a shortcut, a key), it acts only when
// the session can; otherwise it says why on the message line.
func (w *Window) gate(it *fyne.MenuItem, a app.Action) *fyne.MenuItem {
	w.gated = append(w.gated, gatedItem{it, a})
	action := it.Action
	it.Action = func() {
		if st := w.session.Can(a); !st.Enabled {
			w.notice(w.words.say(st.Why))
			return
		}
		action()
	}
	return it
}

// undoLabel says "Undo comment" (or "Redo …") in the user's language: the
// verb and the kinds of change the history names.
func undoLabel(label string) string {
	verb, what, _ := strings.Cut(label, " ")
	if verb != "Undo" && verb != "Redo" {
		return label
	}
	if what == "" {
		return lang.L(verb)
	}
	if rest, ok := strings.CutPrefix(what, "move "); ok {
		return lang.L(verb) + " " + lang.L("move") + " " + rest
	}
	return lang.L(verb) + " " + lang.L(what)
}

// syncMenu enables the gated menu items from the session's answer, and
// labels Undo and Redo with what they would do.
func (w *Window) syncMenu() {
	changed := false
	for _, g := range w.gated {
		st := w.session.Can(g.action)
		st.Label = undoLabel(st.Label)
		if g.item.Disabled == st.Enabled {
			g.item.Disabled = !st.Enabled
			changed = true
		}
		if st.Label != "" && g.item.Label != st.Label {
			g.item.Label = st.Label
			changed = true
		}
	}
	// Only a game from a file has a file to convert.
	if path, _ := w.session.Path(); w.convertItem != nil && w.convertItem.Disabled != (path == "") {
		w.convertItem.Disabled = path == ""
		changed = true
	}
	if mm := w.win.MainMenu(); changed && mm != nil {
		mm.Refresh()
	}
}

// menuEntry is a line of a menu, as data: an item with its label (in the
// user's language), shortcut, action and the session's action that enables
// it; or a submenu of entries; or an item made elsewhere (a separator, a
// list that changes, an on/off setting). menuItems builds the items.
type menuEntry struct {
	label   string
	key     fyne.KeyName     // the shortcut's key; "" for none
	mod     fyne.KeyModifier // the shortcut's modifiers
	action  func()
	enabled *app.Action // when not nil, the item acts only when the session can do it (gate)
	checked bool        // ticked: the choice in force
	// keepTyping leaves a comment being typed as it is: undo and redo act
	// on its text themselves. Every other item keeps the comment first.
	keepTyping bool
	sub        []menuEntry    // a submenu
	item       *fyne.MenuItem // an item made elsewhere, taken as it is
}

// when is the enabled of an entry that the session enables when it can do a.
func when(a app.Action) *app.Action { return &a }

// separator is the entry of a menu's separator.
func separator() menuEntry { return menuEntry{item: fyne.NewMenuItemSeparator()} }

// menuItems builds the items of entries.
func (w *Window) menuItems(entries []menuEntry) []*fyne.MenuItem {
	items := make([]*fyne.MenuItem, 0, len(entries))
	for _, e := range entries {
		items = append(items, w.menuItem(e))
	}
	return items
}

// menuItem builds the item of e: its shortcut, its gate, and the comment
// kept before it acts.
func (w *Window) menuItem(e menuEntry) *fyne.MenuItem {
	it := e.item
	switch {
	case it != nil:
	case e.sub != nil:
		it = fyne.NewMenuItem(e.label, nil)
		it.ChildMenu = fyne.NewMenu("", w.menuItems(e.sub)...)
		return it // its items keep the comment already
	default:
		it = fyne.NewMenuItem(e.label, e.action)
		it.Checked = e.checked
		if e.key != "" {
			it.Shortcut = shortcut(e.key, e.mod)
		}
		if e.enabled != nil {
			w.gate(it, *e.enabled)
		}
	}
	if !e.keepTyping {
		w.commitFirst(it)
	}
	return it
}

// commitFirst makes it, and the items of its submenu, keep a comment being
// typed before any other command runs (Ctrl+S saves it, Ctrl+Down does not
// lose it).
func (w *Window) commitFirst(it *fyne.MenuItem) {
	if it.ChildMenu != nil {
		for _, c := range it.ChildMenu.Items {
			w.commitFirst(c)
		}
	}
	if action := it.Action; action != nil {
		it.Action = func() {
			w.notation.CommitEdit()
			action()
		}
	}
}

// mainMenu builds the window's menus from their entries.
func (w *Window) mainMenu() *fyne.MainMenu {
	w.gated = nil
	file := w.menu(lang.L("File"), w.fileMenu())
	edit := w.menu(lang.L("Edit"), w.editMenu())
	game := w.menu(lang.L("Game"), w.gameMenu())
	arb := w.menu(lang.L("Arbiter"), w.arbiterMenu())
	view := w.menu(lang.L("View"), w.viewMenu())
	search := w.searchMenu()
	for _, it := range search.Items {
		w.commitFirst(it)
	}
	train := w.menu(lang.L("Training"), w.trainer.menu())
	help := w.menu(lang.L("Help"), []menuEntry{
		{label: lang.L("User's guide"), action: func() { w.dlg.showGuide(appLanguage(w.app.Preferences())) }},
		{label: lang.L("Keyboard shortcuts"), action: w.dlg.showKeys},
		{label: lang.L("About Touchmove"), action: w.dlg.showAbout},
	})
	return fyne.NewMainMenu(file, edit, game, arb, view, search, train, help)
}

// menu builds the menu label of entries.
func (w *Window) menu(label string, entries []menuEntry) *fyne.Menu {
	return fyne.NewMenu(label, w.menuItems(entries)...)
}

// fileMenu is the File menu.
func (w *Window) fileMenu() []menuEntry {
	w.files.recentMenu = fyne.NewMenuItem(lang.L("Open recent"), nil)
	w.files.recentMenu.ChildMenu = fyne.NewMenu("")
	w.files.updateRecentMenu()
	// Only a game from a file has a file to convert (syncMenu).
	w.convertItem = fyne.NewMenuItem(lang.L("Convert this file to UTF-8"), w.files.convertUTF8)
	return []menuEntry{
		{label: lang.L("New game…"), key: fyne.KeyN, mod: ctrl, action: w.newGameDialog},
		{label: lang.L("Open…"), key: fyne.KeyO, mod: ctrl, action: w.files.openDialog},
		{item: w.files.recentMenu},
		separator(),
		{label: lang.L("Save"), key: fyne.KeyS, mod: ctrl, action: w.files.save},
		{label: lang.L("Save as…"), key: fyne.KeyS, mod: ctrlShift, action: w.files.saveAs},
		{label: lang.L("Export this game…"), action: w.files.exportGame},
		{label: lang.L("Export the filtered games…"), action: w.games.ExportFiltered},
		{label: lang.L("Print scoresheet…"), action: w.printScoresheet},
		{item: w.convertItem},
		{label: lang.L("Reopen with encoding…"), action: w.files.reopenWithEncoding},
		separator(),
		{label: lang.L("Quit"), key: fyne.KeyQ, mod: ctrl, action: w.quit},
	}
}

// editMenu is the Edit menu.
func (w *Window) editMenu() []menuEntry {
	annotate := when(app.ActionAnnotate)
	return []menuEntry{
		{label: lang.L("Undo"), key: fyne.KeyZ, mod: ctrl, action: w.annot.undo, enabled: when(app.ActionUndo), keepTyping: true},
		{label: lang.L("Redo"), key: fyne.KeyZ, mod: ctrlShift, action: w.annot.redo, enabled: when(app.ActionRedo), keepTyping: true},
		separator(),
		{label: lang.L("Comment after the move"), key: fyne.KeyK, mod: ctrl, action: func() { w.annot.editComment(false) }, enabled: annotate},
		{label: lang.L("Comment before the move"), key: fyne.KeyK, mod: ctrlShift, action: func() { w.annot.editComment(true) }, enabled: annotate},
		{label: lang.L("Closing comment of the game"), action: w.annot.editEndComment, enabled: annotate},
		{item: w.annot.nagMenu()},
		separator(),
		{label: lang.L("Promote variation"), key: fyne.KeyUp, mod: ctrlShift, action: w.annot.variation(w.editor.PromoteVariation), enabled: annotate},
		{label: lang.L("Make main line"), key: fyne.KeyM, mod: ctrl, action: w.annot.variation(w.editor.MakeMainLine), enabled: annotate},
		{label: lang.L("Delete variation"), action: w.annot.variation(w.editor.DeleteVariation), enabled: annotate},
		{label: lang.L("Delete from here"), key: fyne.KeyDelete, mod: ctrl, action: w.annot.variation(w.editor.DeleteFrom), enabled: when(app.ActionDeleteFrom)},
		{label: lang.L("Keep the explored moves as a variation"), key: fyne.KeyI, mod: ctrl, action: w.keepExplored},
		separator(),
		{label: lang.L("Tags…"), key: fyne.KeyT, mod: ctrl, action: w.annot.editTags},
		separator(),
		{label: lang.L("Copy FEN"), key: fyne.KeyC, mod: ctrlShift, action: w.files.copyFEN},
		{label: lang.L("Copy PGN"), key: fyne.KeyC, mod: ctrl | fyne.KeyModifierAlt, action: w.files.copyPGN},
		{label: lang.L("Paste FEN or PGN"), key: fyne.KeyV, mod: ctrlShift, action: w.files.paste},
		separator(),
		{label: lang.L("Preferences…"), key: fyne.KeyComma, mod: ctrl, action: w.showPreferences},
	}
}

// gameMenu is the Game menu, grouped into submenus so that it fits a
// 700-pixel window; every shortcut works from the submenus too.
func (w *Window) gameMenu() []menuEntry {
	return []menuEntry{
		{label: lang.L("Type a move  ( / )"), key: fyne.KeyL, mod: ctrl, action: func() { w.moves.focus() }},
		{label: lang.L("Take back"), key: fyne.KeyBackspace, mod: ctrl, action: w.play.takeBack, enabled: when(app.ActionTakeback)},
		{label: lang.L("Hint from the engine"), key: fyne.KeyH, mod: ctrl, action: func() { w.opp.askHint() }, enabled: when(app.ActionHint)}, // w.opp comes after the first menu
		{label: lang.L("Flip board"), key: fyne.KeyF, mod: ctrl, action: w.session.Flip},
		separator(),
		{label: lang.L("Clocks"), sub: []menuEntry{
			{label: lang.L("Pause or resume clocks"), key: fyne.KeyP, mod: ctrl, action: w.clocks.togglePause, enabled: when(app.ActionPause)},
			{label: lang.L("Press White's clock"), action: func() { w.clocks.pressClock(chess.White) }, enabled: when(app.ActionPressClock)},
			{label: lang.L("Press Black's clock"), action: func() { w.clocks.pressClock(chess.Black) }, enabled: when(app.ActionPressClock)},
		}},
		{label: lang.L("J'adoube (adjust a piece)"), key: fyne.KeyJ, mod: ctrl, action: w.play.toggleAdjust, enabled: when(app.ActionAdjust)},
		{label: lang.L("Draw"), sub: []menuEntry{
			{label: lang.L("Offer draw"), key: fyne.KeyD, mod: ctrl, action: w.play.offerDraw, enabled: when(app.ActionOfferDraw)},
			{label: lang.L("White offers a draw"), action: func() { w.play.offerDrawBy(chess.White) }, enabled: when(app.ActionOfferDraw)},
			{label: lang.L("Black offers a draw"), action: func() { w.play.offerDrawBy(chess.Black) }, enabled: when(app.ActionOfferDraw)},
			{label: lang.L("Accept the draw offer"), action: func() { w.play.answerOffer(true) }, enabled: when(app.ActionAnswerOffer)},
			{label: lang.L("Decline the draw offer"), action: func() { w.play.answerOffer(false) }, enabled: when(app.ActionAnswerOffer)},
			separator(),
			{label: lang.L("Claim draw"), key: fyne.KeyD, mod: ctrlShift, action: w.play.claimDraw, enabled: when(app.ActionClaimDraw)},
			{label: lang.L("Claim draw with the move I declare…"), action: w.play.claimWithMove, enabled: when(app.ActionClaimDraw)},
		}},
		{label: lang.L("Result"), sub: []menuEntry{
			{label: lang.L("White resigns…"), action: func() { w.play.resignAs(chess.White) }, enabled: when(app.ActionResign)},
			{label: lang.L("Black resigns…"), action: func() { w.play.resignAs(chess.Black) }, enabled: when(app.ActionResign)},
			separator(),
			{label: lang.L("White confirms the result"), action: func() { w.play.confirmResult(chess.White) }, enabled: when(app.ActionConfirmResult)},
			{label: lang.L("Black confirms the result"), action: func() { w.play.confirmResult(chess.Black) }, enabled: when(app.ActionConfirmResult)},
		}},
		separator(),
		{label: lang.L("Set up a position…"), key: fyne.KeyE, mod: ctrlShift, action: func() { w.editPosition("", nil) }},
		{label: lang.L("Engine analysis on or off  ( L )"), action: func() { w.engine.flip() }, enabled: when(app.ActionEngine)},
		{label: lang.L("Analyse the game…"), key: fyne.KeyA, mod: ctrlShift, action: w.analyzeGame, enabled: when(app.ActionEngine)},
		separator(),
		{label: lang.L("Go to"), sub: []menuEntry{
			{label: lang.L("First move"), key: fyne.KeyHome, action: w.session.First},
			{label: lang.L("Previous move"), key: fyne.KeyLeft, action: w.session.Back},
			{label: lang.L("Next move"), key: fyne.KeyRight, action: w.session.Forward},
			{label: lang.L("Last move"), key: fyne.KeyEnd, action: w.session.Last},
			separator(),
			{label: lang.L("Previous game in the list"), key: fyne.KeyUp, mod: ctrl, action: func() { w.games.NextGame(-1) }},
			{label: lang.L("Next game in the list"), key: fyne.KeyDown, mod: ctrl, action: func() { w.games.NextGame(1) }},
		}},
	}
}

// arbiterMenu is the Arbiter menu.
func (w *Window) arbiterMenu() []menuEntry {
	timeRuling := when(app.ActionArbiterTime)
	return []menuEntry{
		{label: lang.L("Pause or resume the game"), action: w.clocks.togglePause, enabled: timeRuling},
		{label: lang.L("Take back the provisional illegal move"), action: w.play.retract, enabled: when(app.ActionRetract)},
		{label: lang.L("Cancel the touch (accidental contact)"), action: w.play.cancelTouch, enabled: when(app.ActionArbiter)},
		{label: lang.L("White +1:00"), action: func() { w.play.addTime(chess.White, time.Minute) }, enabled: timeRuling},
		{label: lang.L("Black +1:00"), action: func() { w.play.addTime(chess.Black, time.Minute) }, enabled: timeRuling},
		{label: lang.L("White −1:00"), action: func() { w.play.addTime(chess.White, -time.Minute) }, enabled: timeRuling},
		{label: lang.L("Black −1:00"), action: func() { w.play.addTime(chess.Black, -time.Minute) }, enabled: timeRuling},
		{label: lang.L("Set clocks and move counters…"), action: w.play.setClocks, enabled: timeRuling},
		{label: lang.L("Declare the result…"), action: w.play.declareResult, enabled: when(app.ActionArbiter)},
	}
}

// viewMenu is the View menu: the look and the sounds, each setting
// remembered.
func (w *Window) viewMenu() []menuEntry {
	var themes []menuEntry
	for i, th := range board.Themes() {
		themes = append(themes, menuEntry{label: lang.L(th.Name), action: func() { w.setBoardTheme(i) }, checked: i == w.themeIndex})
	}
	var tenths []menuEntry
	for _, opt := range []struct {
		name string
		d    time.Duration
	}{{"Below 10 seconds", 10 * time.Second}, {"Below 20 seconds", 20 * time.Second}, {"Always", clock.TenthsAlways}, {"Never", clock.TenthsNever}} {
		tenths = append(tenths, menuEntry{label: lang.L(opt.name), action: func() { w.clocks.setTenths(opt.d) }, checked: w.players.tenths == opt.d})
	}
	return []menuEntry{
		{label: lang.L("Board colours"), sub: themes},
		{item: toggle(lang.L("Coordinates"), func() bool { return w.coordinates }, func(on bool) {
			w.coordinates = on
			settingKeys().coordinates.set(w.app.Preferences(), on)
			w.refresh()
		})},
		{item: toggle(lang.L("Animate moves"), func() bool { return w.animate }, func(on bool) {
			w.animate = on
			settingKeys().animate.set(w.app.Preferences(), on)
		})},
		{label: lang.L("Chess engine…"), action: w.engineSettings},
		{label: lang.L("Electronic board…"), action: w.eboard.openDialog},
		{label: lang.L("Hall…"), action: w.hall.openDialog},
		{item: toggle(lang.L("Engine scores from the side to move"), func() bool { return settingKeys().engineSideToMove.get(w.app.Preferences()) }, func(on bool) {
			settingKeys().engineSideToMove.set(w.app.Preferences(), on)
			w.session.Analysis().Reask() // the next update shows the scores the new way
		})},
		separator(),
		{label: lang.L("Tenths of a second"), sub: tenths},
		{item: toggle(lang.L("Move counter on the clocks"), func() bool { return w.players.showCounter }, func(on bool) {
			settingKeys().showCounter.set(w.app.Preferences(), on)
			w.players.setShowCounter(on)
			w.win.SetMainMenu(w.mainMenu())
		})},
		{item: w.soundMenu()},
		separator(),
		{item: toggle(lang.L("Notation in two columns"), func() bool { return w.notation.TwoColumns() }, func(on bool) {
			settingKeys().notationTable.set(w.app.Preferences(), on)
			w.notation.SetTwoColumns(on)
		})},
		{item: w.lettersMenu()},
		{item: toggle(lang.L("Fold all variations"), func() bool { return w.notation.CollapseAll() }, func(on bool) {
			w.notation.SetCollapseAll(on)
			w.win.SetMainMenu(w.mainMenu())
		})},
		separator(),
		{item: w.languageMenu()},
	}
}

// addShortcuts registers every menu shortcut on the canvas, and the keys
// without modifiers (arrows, Home, End, F) for when no entry has the focus.
func (w *Window) addShortcuts() {
	c := w.win.Canvas()
	var walk func(items []*fyne.MenuItem)
	walk = func(items []*fyne.MenuItem) {
		for _, it := range items {
			if it.ChildMenu != nil {
				walk(it.ChildMenu.Items)
			}
			sc, ok := it.Shortcut.(*desktop.CustomShortcut)
			if !ok || sc.Modifier == 0 {
				continue
			}
			action := it.Action
			c.AddShortcut(sc, func(fyne.Shortcut) { action() })
		}
	}
	for _, m := range w.win.MainMenu().Items {
		walk(m.Items)
	}
	// The desktop driver reports Ctrl+Z as Fyne's own undo shortcut, which
	// matches neither the menu item nor the custom shortcut above.
	c.AddShortcut(&fyne.ShortcutUndo{}, func(fyne.Shortcut) { w.annot.undo() })
	w.syncMenu()
	c.SetOnTypedKey(w.typedKey)
	c.SetOnTypedRune(w.annot.typedRune)
	if dc, ok := c.(desktop.Canvas); ok {
		dc.SetOnKeyDown(w.clocks.keyDown)
		dc.SetOnKeyUp(w.clocks.keyUp)
	}
	if d, ok := w.app.Driver().(desktop.Driver); ok {
		w.clocks.clockKeys.held = d.CurrentKeyModifiers
	}
}

// typedKey handles the keys without modifiers.
func (w *Window) typedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeyLeft:
		w.session.Back()
	case fyne.KeyRight:
		w.session.Forward()
	case fyne.KeyHome:
		w.session.First()
	case fyne.KeyEnd:
		w.session.Last()
	case fyne.KeyPageUp:
		w.games.NextGame(-1)
	case fyne.KeyPageDown:
		w.games.NextGame(1)
	case fyne.KeyUp:
		w.editor.Up()
	case fyne.KeyDown:
		w.editor.Down()
	case fyne.KeyF:
		w.session.Flip()
	case fyne.KeyEscape:
		w.session.CancelPromotion()
		w.session.Select(64)
		w.session.LeaveExploration()
		w.session.LeaveDrill()
	}
}

func (w *Window) setBoardTheme(i int) {
	th := board.Themes()
	if i < 0 || i >= len(th) {
		return
	}
	w.themeIndex = i
	w.board.SetTheme(th[i])
	settingKeys().boardTheme.set(w.app.Preferences(), i)
	w.win.SetMainMenu(w.mainMenu())
}
