package ui

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"touchmove/app/boardview"
	"touchmove/assets"
	"touchmove/core/chess"
	"touchmove/ui/board"
)

// previewFEN is the position of the preview board: every kind of piece of
// both colours, just after 4.Bxf7+, so that the last move and the check
// show in the colours chosen.
const previewFEN = "r1bqkb1r/pppp1Bpp/2n2n2/4p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 4"

// previewSide is the side of the preview board.
const previewSide = 264

// prefsWindow is the Preferences window (Edit › Preferences…, Ctrl+,): the
// piece set and board colours with a live preview, and the View menu's
// settings of moves, notation, sounds and language. Its controls change
// only the preview until Apply or OK puts them in force; Cancel puts back
// the settings it opened with, even those applied since.
type prefsWindow struct {
	host    settingsHost
	win     fyne.Window
	closed  func() // tells the window that Preferences closed
	dlg     *dialog.CustomDialog
	opened  settings // in force when the window opened
	edit    settings // as the controls show them
	preview *board.Board

	pieces, scheme, letters, language               *widget.Select
	coords, animate, sounds, clockSounds, twoColumn *widget.Check
	volume                                          *widget.Slider
	names                                           *widget.Entry
	volumeLabel                                     *widget.Label
	ok, apply, cancel                               *widget.Button
	prevKey                                         func(*fyne.KeyEvent) // the window's key handler, back on close
}

// settingsHost is what the Preferences window changes: the settings in
// force (Window has them, settings.go).
type settingsHost interface {
	currentSettings() settings
	applySettings(settings)
}

// showPreferences opens the Preferences window, or keeps the open one.
func (w *Window) showPreferences() {
	if w.prefsDialog != nil {
		return
	}
	p := &prefsWindow{host: w, win: w.win, opened: w.currentSettings(), closed: func() { w.prefsDialog = nil }}
	p.edit = p.opened
	w.prefsDialog = p

	p.preview = board.New()
	v := boardview.New()
	if setup, err := chess.ParseFEN(previewFEN); err == nil {
		v.Pieces = setup.Board
	}
	v.LastFrom, v.LastTo, v.Check = chess.C4, chess.F7, chess.E8
	v.Interactive = false
	p.preview.SetView(v)

	var setNames []string
	for _, s := range assets.PieceSets() {
		setNames = append(setNames, lang.L(s.Name()))
	}
	p.pieces = newIndexSelect(setNames, func(i int) { p.edit.pieces = assets.PieceSets()[i]; p.update() })
	var schemeNames []string
	for _, th := range board.Themes() {
		schemeNames = append(schemeNames, lang.L(th.Name))
	}
	p.scheme = newIndexSelect(schemeNames, func(i int) { p.edit.boardTheme = i; p.update() })
	p.coords = widget.NewCheck(lang.L("Coordinates"), func(on bool) { p.edit.coordinates = on; p.update() })
	p.animate = widget.NewCheck(lang.L("Animate moves"), func(on bool) { p.edit.animate = on })
	p.twoColumn = widget.NewCheck(lang.L("Notation in two columns"), func(on bool) { p.edit.twoColumns = on })
	p.letters = newIndexSelect(letterChoices.labels(), func(i int) { p.edit.letters = letterChoices[i].value })
	p.sounds = widget.NewCheck(lang.L("Play sounds"), func(on bool) { p.edit.sounds = on; p.update() })
	p.clockSounds = widget.NewCheck(lang.L("Clock warnings (10 s and the last 5 s)"), func(on bool) { p.edit.clockSounds = on })
	p.volume = widget.NewSlider(soundVolumes[0], soundVolumes[len(soundVolumes)-1])
	p.volume.Step = soundVolumes[1] - soundVolumes[0]
	p.volume.OnChanged = func(v float64) { p.edit.volume = v; p.update() }
	p.volumeLabel = widget.NewLabel("")
	p.language = newIndexSelect(languages.labels(), func(i int) { p.edit.language = languages[i].value; p.update() })
	p.names = widget.NewEntry()
	p.names.SetPlaceHolder(lang.L("Names, separated by commas"))
	p.names.OnChanged = func(s string) { p.edit.myNames = s }
	langNote := widget.NewLabel(lang.L("The language changes when Touchmove starts again."))
	langNote.Importance = widget.LowImportance
	langNote.Wrapping = fyne.TextWrapWord

	form := widget.NewForm(
		widget.NewFormItem(lang.L("Pieces"), p.pieces),
		widget.NewFormItem(lang.L("Board colours"), p.scheme),
		widget.NewFormItem("", p.coords),
		widget.NewFormItem(lang.L("Moves"), container.NewVBox(p.animate, p.twoColumn)),
		widget.NewFormItem(lang.L("Piece letters"), p.letters),
		widget.NewFormItem(lang.L("Sounds"), container.NewVBox(p.sounds, p.clockSounds)),
		widget.NewFormItem(lang.L("Volume"), container.NewBorder(nil, nil, nil, p.volumeLabel, p.volume)),
		widget.NewFormItem(lang.L("Language"), container.NewVBox(p.language, langNote)),
		widget.NewFormItem(lang.L("I play as"), p.names),
	)
	board := container.New(&squareLayout{}, p.preview)
	content := container.NewBorder(nil, nil, container.NewGridWrap(fyne.NewSquareSize(previewSide), board), nil, container.NewVScroll(form))

	p.cancel = widget.NewButton(lang.L("Cancel"), p.doCancel)
	p.apply = widget.NewButton(lang.L("Apply"), func() { w.applySettings(p.edit) })
	p.ok = widget.NewButton(lang.L("OK"), func() { w.applySettings(p.edit); p.close() })
	p.ok.Importance = widget.HighImportance
	p.dlg = dialog.NewCustomWithoutButtons(lang.L("Preferences"), content, w.win)
	p.dlg.SetButtons([]fyne.CanvasObject{p.cancel, p.apply, p.ok})
	p.show(p.edit)
	// The form scrolls only in a window too low for it.
	p.dlg.Resize(fyne.NewSize(780, min(580, w.win.Canvas().Size().Height-16)))
	// Escape cancels, as in any desktop dialog; the window's own keys
	// come back when it closes.
	c := w.win.Canvas()
	p.prevKey = c.OnTypedKey()
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) {
		if ev.Name == fyne.KeyEscape {
			p.doCancel()
		}
	})
	w.dlg.show(dlgPreferences, p.dlg)
}

// newIndexSelect returns a Select of names that reports the index chosen.
func newIndexSelect(names []string, changed func(i int)) *widget.Select {
	return widget.NewSelect(names, func(s string) {
		if i := slices.Index(names, s); i >= 0 {
			changed(i)
		}
	})
}

// show sets every control from s, and the preview with them. The
// controls report each change as it is made, so s is set again at the end.
func (p *prefsWindow) show(s settings) {
	p.edit = s
	p.pieces.SetSelectedIndex(slices.Index(assets.PieceSets(), s.pieces))
	p.scheme.SetSelectedIndex(s.boardTheme)
	p.coords.SetChecked(s.coordinates)
	p.animate.SetChecked(s.animate)
	p.twoColumn.SetChecked(s.twoColumns)
	p.letters.SetSelectedIndex(letterChoices.index(s.letters)) // unknown: the language's letters
	p.sounds.SetChecked(s.sounds)
	p.clockSounds.SetChecked(s.clockSounds)
	p.volume.SetValue(s.volume)
	p.language.SetSelectedIndex(languages.index(s.language)) // unknown: the system's
	p.names.SetText(s.myNames)
	p.edit = s
	p.update()
}

// update redraws the preview from the settings being edited and enables
// the sound controls that count.
func (p *prefsWindow) update() {
	s := p.edit
	p.preview.SetPieceSet(s.pieces)
	if th := board.Themes(); s.boardTheme >= 0 && s.boardTheme < len(th) {
		p.preview.SetTheme(th[s.boardTheme])
	}
	if v := p.preview.View(); v.Coordinates != s.coordinates {
		v.Coordinates = s.coordinates
		p.preview.SetView(v)
	}
	p.volumeLabel.SetText(lang.L("{{.Percent}}%", map[string]any{"Percent": int(s.volume*100 + 0.5)}))
	if s.sounds {
		p.clockSounds.Enable()
		p.volume.Enable()
	} else {
		p.clockSounds.Disable()
		p.volume.Disable()
	}
}

// doCancel closes the window and puts back the settings it opened with
// when an Apply changed them.
func (p *prefsWindow) doCancel() {
	if p.host.currentSettings() != p.opened {
		p.host.applySettings(p.opened)
	}
	p.close()
}

// close closes the window and gives the main window its keys back.
func (p *prefsWindow) close() {
	p.win.Canvas().SetOnTypedKey(p.prevKey)
	p.dlg.Hide()
	p.closed()
}
