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

func (w *Window) mainMenu() *fyne.MainMenu {
	w.gated = nil
	w.files.recentMenu = fyne.NewMenuItem(lang.L("Open recent"), nil)
	w.convertItem = fyne.NewMenuItem(lang.L("Convert this file to UTF-8"), w.files.convertUTF8)
	w.files.recentMenu.ChildMenu = fyne.NewMenu("")
	w.files.updateRecentMenu()
	file := fyne.NewMenu(lang.L("File"),
		item(lang.L("New game…"), shortcut(fyne.KeyN, ctrl), w.newGameDialog),
		item(lang.L("Open…"), shortcut(fyne.KeyO, ctrl), w.files.openDialog),
		w.files.recentMenu,
		fyne.NewMenuItemSeparator(),
		item(lang.L("Save"), shortcut(fyne.KeyS, ctrl), w.files.save),
		item(lang.L("Save as…"), shortcut(fyne.KeyS, ctrlShift), w.files.saveAs),
		fyne.NewMenuItem(lang.L("Export this game…"), w.files.exportGame),
		fyne.NewMenuItem(lang.L("Export the filtered games…"), w.games.ExportFiltered),
		fyne.NewMenuItem(lang.L("Print scoresheet…"), w.printScoresheet),
		w.convertItem,
		fyne.NewMenuItem(lang.L("Reopen with encoding…"), w.files.reopenWithEncoding),
		fyne.NewMenuItemSeparator(),
		item(lang.L("Quit"), shortcut(fyne.KeyQ, ctrl), w.quit),
	)
	undo := w.gate(item(lang.L("Undo"), shortcut(fyne.KeyZ, ctrl), w.annot.undo), app.ActionUndo)
	redo := w.gate(item(lang.L("Redo"), shortcut(fyne.KeyZ, ctrlShift), w.annot.redo), app.ActionRedo)
	edit := fyne.NewMenu(lang.L("Edit"),
		undo,
		redo,
		fyne.NewMenuItemSeparator(),
		w.gate(item(lang.L("Comment after the move"), shortcut(fyne.KeyK, ctrl), func() { w.annot.editComment(false) }), app.ActionAnnotate),
		w.gate(item(lang.L("Comment before the move"), shortcut(fyne.KeyK, ctrlShift), func() { w.annot.editComment(true) }), app.ActionAnnotate),
		w.gate(fyne.NewMenuItem(lang.L("Closing comment of the game"), w.annot.editEndComment), app.ActionAnnotate),
		w.annot.nagMenu(),
		fyne.NewMenuItemSeparator(),
		w.gate(item(lang.L("Promote variation"), shortcut(fyne.KeyUp, ctrlShift), w.annot.variation(w.editor.PromoteVariation)), app.ActionAnnotate),
		w.gate(item(lang.L("Make main line"), shortcut(fyne.KeyM, ctrl), w.annot.variation(w.editor.MakeMainLine)), app.ActionAnnotate),
		w.gate(fyne.NewMenuItem(lang.L("Delete variation"), w.annot.variation(w.editor.DeleteVariation)), app.ActionAnnotate),
		w.gate(item(lang.L("Delete from here"), shortcut(fyne.KeyDelete, ctrl), w.annot.variation(w.editor.DeleteFrom)), app.ActionDeleteFrom),
		item(lang.L("Keep the explored moves as a variation"), shortcut(fyne.KeyI, ctrl), w.keepExplored),
		fyne.NewMenuItemSeparator(),
		item(lang.L("Tags…"), shortcut(fyne.KeyT, ctrl), w.annot.editTags),
		fyne.NewMenuItemSeparator(),
		item(lang.L("Copy FEN"), shortcut(fyne.KeyC, ctrlShift), w.files.copyFEN),
		item(lang.L("Copy PGN"), shortcut(fyne.KeyC, ctrl|fyne.KeyModifierAlt), w.files.copyPGN),
		item(lang.L("Paste FEN or PGN"), shortcut(fyne.KeyV, ctrlShift), w.files.paste),
		fyne.NewMenuItemSeparator(),
		item(lang.L("Preferences…"), shortcut(fyne.KeyComma, ctrl), w.showPreferences),
	)
	// The Game menu is grouped into submenus so that it fits a 700-pixel
	// window; every shortcut works from the submenus too.
	sub := func(label string, items ...*fyne.MenuItem) *fyne.MenuItem {
		it := fyne.NewMenuItem(label, nil)
		it.ChildMenu = fyne.NewMenu("", items...)
		return it
	}
	gameMenu := fyne.NewMenu(lang.L("Game"),
		item(lang.L("Type a move  ( / )"), shortcut(fyne.KeyL, ctrl), func() { w.moves.focus() }),
		w.gate(item(lang.L("Take back"), shortcut(fyne.KeyBackspace, ctrl), w.play.takeBack), app.ActionTakeback),
		w.gate(item(lang.L("Hint from the engine"), shortcut(fyne.KeyH, ctrl), func() { w.opp.askHint() }), app.ActionHint), // w.opp comes after the first menu
		item(lang.L("Flip board"), shortcut(fyne.KeyF, ctrl), w.session.Flip),
		fyne.NewMenuItemSeparator(),
		sub(lang.L("Clocks"),
			w.gate(item(lang.L("Pause or resume clocks"), shortcut(fyne.KeyP, ctrl), w.clocks.togglePause), app.ActionPause),
			w.gate(fyne.NewMenuItem(lang.L("Press White's clock"), func() { w.clocks.pressClock(chess.White) }), app.ActionPressClock),
			w.gate(fyne.NewMenuItem(lang.L("Press Black's clock"), func() { w.clocks.pressClock(chess.Black) }), app.ActionPressClock),
		),
		w.gate(item(lang.L("J'adoube (adjust a piece)"), shortcut(fyne.KeyJ, ctrl), w.play.toggleAdjust), app.ActionAdjust),
		sub(lang.L("Draw"),
			w.gate(item(lang.L("Offer draw"), shortcut(fyne.KeyD, ctrl), w.play.offerDraw), app.ActionOfferDraw),
			w.gate(fyne.NewMenuItem(lang.L("White offers a draw"), func() { w.play.offerDrawBy(chess.White) }), app.ActionOfferDraw),
			w.gate(fyne.NewMenuItem(lang.L("Black offers a draw"), func() { w.play.offerDrawBy(chess.Black) }), app.ActionOfferDraw),
			w.gate(fyne.NewMenuItem(lang.L("Accept the draw offer"), func() { w.play.answerOffer(true) }), app.ActionAnswerOffer),
			w.gate(fyne.NewMenuItem(lang.L("Decline the draw offer"), func() { w.play.answerOffer(false) }), app.ActionAnswerOffer),
			fyne.NewMenuItemSeparator(),
			w.gate(item(lang.L("Claim draw"), shortcut(fyne.KeyD, ctrlShift), w.play.claimDraw), app.ActionClaimDraw),
			w.gate(fyne.NewMenuItem(lang.L("Claim draw with the move I declare…"), w.play.claimWithMove), app.ActionClaimDraw),
		),
		sub(lang.L("Result"),
			w.gate(fyne.NewMenuItem(lang.L("White resigns…"), func() { w.play.resignAs(chess.White) }), app.ActionResign),
			w.gate(fyne.NewMenuItem(lang.L("Black resigns…"), func() { w.play.resignAs(chess.Black) }), app.ActionResign),
			fyne.NewMenuItemSeparator(),
			w.gate(fyne.NewMenuItem(lang.L("White confirms the result"), func() { w.play.confirmResult(chess.White) }), app.ActionConfirmResult),
			w.gate(fyne.NewMenuItem(lang.L("Black confirms the result"), func() { w.play.confirmResult(chess.Black) }), app.ActionConfirmResult),
		),
		fyne.NewMenuItemSeparator(),
		item(lang.L("Set up a position…"), shortcut(fyne.KeyE, ctrlShift), func() { w.editPosition("", nil) }),
		w.gate(fyne.NewMenuItem(lang.L("Engine analysis on or off  ( L )"), func() { w.engine.flip() }), app.ActionEngine),
		w.gate(item(lang.L("Analyse the game…"), shortcut(fyne.KeyA, ctrlShift), w.analyzeGame), app.ActionEngine),
		fyne.NewMenuItemSeparator(),
		sub(lang.L("Go to"),
			item(lang.L("First move"), shortcut(fyne.KeyHome, 0), w.session.First),
			item(lang.L("Previous move"), shortcut(fyne.KeyLeft, 0), w.session.Back),
			item(lang.L("Next move"), shortcut(fyne.KeyRight, 0), w.session.Forward),
			item(lang.L("Last move"), shortcut(fyne.KeyEnd, 0), w.session.Last),
			fyne.NewMenuItemSeparator(),
			item(lang.L("Previous game in the list"), shortcut(fyne.KeyUp, ctrl), func() { w.games.NextGame(-1) }),
			item(lang.L("Next game in the list"), shortcut(fyne.KeyDown, ctrl), func() { w.games.NextGame(1) }),
		),
	)
	var themes []*fyne.MenuItem
	for i, th := range board.Themes() {
		i := i
		it := fyne.NewMenuItem(lang.L(th.Name), func() { w.setBoardTheme(i) })
		it.Checked = i == w.themeIndex
		themes = append(themes, it)
	}
	boardThemes := fyne.NewMenuItem(lang.L("Board colours"), nil)
	boardThemes.ChildMenu = fyne.NewMenu("", themes...)
	coords := toggle(lang.L("Coordinates"), func() bool { return w.coordinates }, func(on bool) {
		w.coordinates = on
		settingKeys().coordinates.set(w.app.Preferences(), on)
		w.refresh()
	})
	animate := toggle(lang.L("Animate moves"), func() bool { return w.animate }, func(on bool) {
		w.animate = on
		settingKeys().animate.set(w.app.Preferences(), on)
	})
	var tenthItems []*fyne.MenuItem
	for _, opt := range []struct {
		name string
		d    time.Duration
	}{{"Below 10 seconds", 10 * time.Second}, {"Below 20 seconds", 20 * time.Second}, {"Always", clock.TenthsAlways}, {"Never", clock.TenthsNever}} {
		opt := opt
		it := fyne.NewMenuItem(lang.L(opt.name), func() { w.clocks.setTenths(opt.d) })
		it.Checked = w.players.tenths == opt.d
		tenthItems = append(tenthItems, it)
	}
	tenths := fyne.NewMenuItem(lang.L("Tenths of a second"), nil)
	tenths.ChildMenu = fyne.NewMenu("", tenthItems...)
	counter := toggle(lang.L("Move counter on the clocks"), func() bool { return w.players.showCounter }, func(on bool) {
		settingKeys().showCounter.set(w.app.Preferences(), on)
		w.players.setShowCounter(on)
		w.win.SetMainMenu(w.mainMenu())
	})
	sound := w.soundMenu()
	table := toggle(lang.L("Notation in two columns"), func() bool { return w.notation.TwoColumns() }, func(on bool) {
		settingKeys().notationTable.set(w.app.Preferences(), on)
		w.notation.SetTwoColumns(on)
	})
	fold := toggle(lang.L("Fold all variations"), func() bool { return w.notation.CollapseAll() }, func(on bool) {
		w.notation.SetCollapseAll(on)
		w.win.SetMainMenu(w.mainMenu())
	})
	sideView := toggle(lang.L("Engine scores from the side to move"), func() bool { return settingKeys().engineSideToMove.get(w.app.Preferences()) }, func(on bool) {
		settingKeys().engineSideToMove.set(w.app.Preferences(), on)
		w.engine.asked = "" // the next update shows the scores the new way
	})
	view := fyne.NewMenu(lang.L("View"), boardThemes, coords, animate, fyne.NewMenuItem(lang.L("Chess engine…"), w.engineSettings), fyne.NewMenuItem(lang.L("Electronic board…"), w.eboard.openDialog), sideView, fyne.NewMenuItemSeparator(), tenths, counter, sound, fyne.NewMenuItemSeparator(), table, w.lettersMenu(), fold, fyne.NewMenuItemSeparator(), w.languageMenu())
	arb := fyne.NewMenu(lang.L("Arbiter"),
		w.gate(fyne.NewMenuItem(lang.L("Pause or resume the game"), w.clocks.togglePause), app.ActionArbiterTime),
		w.gate(fyne.NewMenuItem(lang.L("Take back the provisional illegal move"), w.play.retract), app.ActionRetract),
		w.gate(fyne.NewMenuItem(lang.L("Cancel the touch (accidental contact)"), w.play.cancelTouch), app.ActionArbiter),
		w.gate(fyne.NewMenuItem(lang.L("White +1:00"), func() { w.play.addTime(chess.White, time.Minute) }), app.ActionArbiterTime),
		w.gate(fyne.NewMenuItem(lang.L("Black +1:00"), func() { w.play.addTime(chess.Black, time.Minute) }), app.ActionArbiterTime),
		w.gate(fyne.NewMenuItem(lang.L("White −1:00"), func() { w.play.addTime(chess.White, -time.Minute) }), app.ActionArbiterTime),
		w.gate(fyne.NewMenuItem(lang.L("Black −1:00"), func() { w.play.addTime(chess.Black, -time.Minute) }), app.ActionArbiterTime),
		w.gate(fyne.NewMenuItem(lang.L("Set clocks and move counters…"), w.play.setClocks), app.ActionArbiterTime),
		w.gate(fyne.NewMenuItem(lang.L("Declare the result…"), w.play.declareResult), app.ActionArbiter),
	)
	help := fyne.NewMenu(lang.L("Help"),
		fyne.NewMenuItem(lang.L("Keyboard shortcuts"), w.dlg.showKeys),
		fyne.NewMenuItem(lang.L("About Touchmove"), w.dlg.showAbout),
	)
	mm := fyne.NewMainMenu(file, edit, gameMenu, arb, view, w.searchMenu(), help)
	// A comment being typed is kept before any other command runs (Ctrl+S
	// saves it, Ctrl+Down does not lose it); undo and redo act on the
	// text being typed themselves.
	var wrap func(items []*fyne.MenuItem)
	wrap = func(items []*fyne.MenuItem) {
		for _, it := range items {
			if it.ChildMenu != nil {
				wrap(it.ChildMenu.Items)
			}
			if action := it.Action; action != nil && it != undo && it != redo {
				it.Action = func() {
					w.notation.CommitEdit()
					action()
				}
			}
		}
	}
	for _, m := range mm.Items {
		wrap(m.Items)
	}
	return mm
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
