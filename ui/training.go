package ui

import (
	"context"
	"errors"
	"io"
	"strconv"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"touchmove/app"
	"touchmove/app/analysis"
	"touchmove/app/library"
	"touchmove/app/mistakes"
	"touchmove/app/prepare"
	"touchmove/app/store"
	"touchmove/app/training"
	"touchmove/core/charset"
	"touchmove/core/chess"
	"touchmove/ui/gamelist"
)

// checkDepth is the depth at which the engine judges a drill's move that
// is neither the best one known nor the one played.
const checkDepth = 12

// trainerHost is what the Training menu asks of its window (*Window,
// hosts.go): the session that drills, the open file's games, the engine's
// settings, the dialogs and the message line, a file to pick, the window's
// life and its redraw, and the Report tab that shows a report on a player.
type trainerHost interface {
	gameSession() *app.Session
	openLibrary() *library.Library
	engineConfig() (analysis.LiveConfig, error)
	preferences() fyne.Preferences
	windowDialogs() *dialogs
	notice(text string)
	sanWords(san string) string
	Window() fyne.Window
	canvas() fyne.Canvas
	pickFile(done func(path string, err error))
	mainMenu() *fyne.MainMenu
	searchToBackground()
	showNotationTab()
	background(f func())
	lifeContext() context.Context
	refresh()
	gamesTab() *gamelist.Tab
	showReport(r prepare.Report, path, repertoire string)
	printReport()
}

// trainer is the Training menu's action group: it finds the user's
// mistakes in the open file (app/mistakes), keeps them as cards of the
// deck (app/training) and drills the cards due, one after the other, in
// the session's training mode (app/drill.go), recording each answer.
type trainer struct {
	host     trainerHost
	deckPath string         // "": the deck lives in memory only (tests)
	deck     *training.Deck // read at the first use
	asked    app.DrillState // the question whose answer was recorded last
	now      func() time.Time
	rnd      func(n int) int // chooses the opponent's reply: rand.IntN
}

// WithTrainingDeck keeps the user's training deck in the file path
// (training.DefaultPath in the application); without it the deck lives in
// memory for the window's life.
func WithTrainingDeck(path string) WindowOption {
	return func(w *Window) { w.trainer.deckPath = path }
}

// openDeck returns the deck, reading it at the first call.
func (t *trainer) openDeck() (*training.Deck, error) {
	if t.deck != nil {
		return t.deck, nil
	}
	d, err := training.Open(t.deckPath)
	if err != nil {
		return nil, err
	}
	t.deck = d
	return d, nil
}

// dueToday returns the number of cards due today, -1 when the deck cannot
// be read.
func (t *trainer) dueToday() int {
	d, err := t.openDeck()
	if err != nil {
		return -1
	}
	return d.DueToday(t.now())
}

// menu is the Training menu.
func (t *trainer) menu() []menuEntry {
	return []menuEntry{
		{label: lang.L("Find my mistakes in this file…"), key: fyne.KeyM, mod: ctrlShift, action: t.findDialog},
		{label: lang.L("Add my repertoire…"), action: t.repertoireDialog},
		{label: lang.L("Add this move to my repertoire"), key: fyne.KeyP, mod: ctrlShift, action: func() { t.addToRepertoire(chess.NullMove) }},
		{label: lang.L("Report on a player…"), action: t.reportDialog},
		{label: lang.L("Print the report as PDF…"), action: t.host.printReport},
		separator(),
		{label: lang.L("Train the positions due"), key: fyne.KeyR, mod: ctrl, action: t.next},
		{label: lang.L("Show the piece to move"), key: fyne.KeyH, mod: ctrlShift, action: t.host.gameSession().DrillHint},
		{label: lang.L("Show the solution"), key: fyne.KeyR, mod: ctrlShift, action: t.host.gameSession().DrillSolution},
		{label: lang.L("Leave training  ( Esc )"), action: t.host.gameSession().LeaveDrill},
		separator(),
		{label: lang.L("The opponent's replies"), sub: t.repliesMenu()},
		{label: lang.L("Timed drill"), sub: t.timedMenu()},
	}
}

// filePath returns the open file, "" when there is none.
func (t *trainer) filePath() string {
	if path, _ := t.host.gameSession().Path(); path != "" {
		return path
	}
	if lib := t.host.openLibrary(); lib != nil {
		return lib.Path()
	}
	return ""
}

// findDialog asks whose mistakes to find (the names the user plays under,
// kept in Preferences) and at what depth the engine analyses the games the
// file does not, then finds them.
func (t *trainer) findDialog() {
	path := t.filePath()
	if path == "" {
		t.host.notice(lang.L("Open a file of your games first: Training finds your mistakes in it."))
		return
	}
	prefs := t.host.preferences()
	names := widget.NewEntry()
	names.SetText(settingKeys().myNames.get(prefs))
	names.SetPlaceHolder(lang.L("Names, separated by commas"))
	depth := widget.NewSelect([]string{"8", "10", "12", "14", "16"}, nil)
	depth.SetSelected(strconv.Itoa(mistakes.DefaultDepth))
	about := widget.NewLabel(lang.L("Every inaccuracy, mistake and blunder of the player in the file becomes a position to train. Games already analysed are read at once; the engine analyses the others."))
	about.Wrapping = fyne.TextWrapWord
	answer, show := t.host.windowDialogs().dialogKeys(dlgMistakes, func(ok bool) {
		if !ok {
			return
		}
		settingKeys().myNames.set(prefs, names.Text)
		n, _ := strconv.Atoi(depth.Selected)
		t.find(path, mistakes.ParseNames(names.Text), n)
	})
	form := widget.NewForm(widget.NewFormItem(lang.L("I play as"), names), widget.NewFormItem(lang.L("Depth"), depth))
	d := dialog.NewCustomConfirm(lang.L("Find my mistakes"), lang.L("Find"), lang.L("Cancel"), container.NewVBox(about, form), answer, t.host.Window())
	d.Resize(fyne.NewSize(560, 260))
	names.OnSubmitted = func(string) { d.Confirm() }
	show(d)
	if names.Text == "" {
		t.host.canvas().Focus(names)
	}
}

// find finds the mistakes of names in the file path in the background,
// with its progress, Cancel and In the background: the positions of each
// game become cards as soon as they are found, to be drilled while the
// rest are analysed.
func (t *trainer) find(path string, names mistakes.Names, depth int) {
	if len(names) == 0 {
		t.host.notice(lang.L("Say whose mistakes to find: the names you play under."))
		return
	}
	deck, err := t.openDeck()
	if err != nil {
		t.host.windowDialogs().showError(err)
		return
	}
	opts := mistakes.Options{Names: names, Depth: depth}
	if cfg, err := t.host.engineConfig(); err == nil {
		opts.Engine = cfg
	}
	ctx, cancel := context.WithCancel(t.host.lifeContext())
	bar := widget.NewProgressBar()
	doing := widget.NewLabel(lang.L("Reading the games…"))
	var d dialog.Dialog
	stop := widget.NewButton(lang.L("Cancel"), func() { cancel(); d.Hide() })
	// In the background: the positions found so far can be drilled
	// (Ctrl+R) while the engine goes on with the rest; the message line
	// says when it is done.
	away := widget.NewButton(lang.L("In the background"), func() { d.Hide() })
	d = dialog.NewCustomWithoutButtons(lang.L("Finding your mistakes…"), container.NewVBox(bar, doing, container.NewCenter(container.NewHBox(away, stop))), t.host.Window())
	d.Resize(fyne.NewSize(460, 170))
	t.host.windowDialogs().show(dlgMistakesProgress, d)
	added := 0
	opts.Found = func(ms []mistakes.Mistake) {
		fyne.Do(func() { added += deck.Add(ms, path) })
	}
	opts.Progress = func(p mistakes.Progress) {
		fyne.Do(func() {
			bar.SetValue(float64(p.Done) / float64(max(1, p.Total)))
			doing.SetText(lang.L("Games analysed: {{.Done}} of {{.Total}}", map[string]any{"Done": p.Done, "Total": p.Total}))
		})
	}
	t.host.background(func() {
		defer cancel()
		data, err := readFileText(path)
		var sum mistakes.Summary
		if err == nil {
			_, sum, err = mistakes.Find(ctx, data, opts)
		}
		fyne.Do(func() { t.found(d, added, sum, err) })
	})
}

// found reports a finished search and keeps the deck.
func (t *trainer) found(d dialog.Dialog, added int, sum mistakes.Summary, err error) {
	d.Hide()
	saveErr := t.deck.Save()
	switch {
	case err != nil && !errors.Is(err, context.Canceled):
		t.host.windowDialogs().showError(err)
	case saveErr != nil:
		t.host.windowDialogs().showError(saveErr)
	}
	text := lang.L("New positions to train: {{.Added}}, from the player's games: {{.Games}}. Due today: {{.Due}}. Ctrl+R trains them.",
		map[string]any{"Added": added, "Games": sum.Player, "Due": t.deck.DueToday(t.now())})
	if sum.Skipped > 0 {
		text += " " + lang.L("Games without analysis skipped for want of an engine: {{.Count}}.", map[string]any{"Count": sum.Skipped})
	}
	t.host.refresh() // the positions due, beside the mode
	t.host.notice(text)
}

// readFileText reads the PGN text of the file at path as the commands
// read it (store.OpenText: gzip and UTF-16 decoded, a FIFO refused).
func readFileText(path string) ([]byte, error) {
	src, err := store.OpenText(path, nil, charset.Unknown)
	if err != nil {
		return nil, err
	}
	defer src.Close()
	return io.ReadAll(src)
}

// next records the answer to the question shown, if any, and shows the
// next position due; none left, the drill ends.
func (t *trainer) next() {
	deck, err := t.openDeck()
	if err != nil {
		t.host.windowDialogs().showError(err)
		return
	}
	t.record()
	cur, drilling := t.host.gameSession().Drill()
	for _, c := range deck.Due(t.now()) {
		if drilling && c.Key == cur.Card.Key {
			continue
		}
		if err := t.host.gameSession().StartDrill(app.DrillCardOf(c), t.check); err != nil {
			if !errors.Is(err, app.ErrDrillLive) { // that one is on the message line
				t.host.windowDialogs().showError(err)
			}
			return
		}
		t.host.gameSession().SetDrillOptions(t.options())
		t.host.searchToBackground() // a search under way goes on behind the drill
		t.host.showNotationTab()    // the game's moves and the message line
		return
	}
	t.host.gameSession().LeaveDrill()
	t.host.notice(lang.L("No position is due: find your mistakes in a file of your games (Training › Find my mistakes)."))
}

// resume gives a drill restored from the journal what the journal cannot
// keep: the engine's check of its moves, the line's continuation and the
// clock.
func (t *trainer) resume() {
	t.host.gameSession().SetDrillOptions(t.options())
}

// record keeps the answer to the question shown, once it is answered.
func (t *trainer) record() {
	if st, ok := t.host.gameSession().Drill(); ok {
		t.recordAnswer(st)
	}
}

// recordAnswer keeps the answer st, once it is answered and unless it was
// kept already.
func (t *trainer) recordAnswer(st app.DrillState) {
	if (st.Step != app.DrillPassed && st.Step != app.DrillSolved) || t.deck == nil {
		return
	}
	if t.asked.Card.Key == st.Card.Key && t.asked.Began.Equal(st.Began) {
		return // recorded already
	}
	if c := t.deck.Card(st.Card.Key); c != nil && len(c.History) > 0 && !c.History[len(c.History)-1].At.Before(st.Began) {
		t.asked = st
		return // recorded before a crash, and the drill restored
	}
	t.asked = st
	if _, err := t.deck.Answer(st.Card.Key, t.now(), st.Answer()); err != nil {
		t.host.windowDialogs().showError(err)
	}
}

// check has the engine judge a move of the drill in the background; no
// engine, the move does not pass.
func (t *trainer) check(before chess.Position, m chess.Move, done func(bool)) {
	cfg, err := t.host.engineConfig()
	if err != nil {
		done(false)
		return
	}
	t.host.background(func() {
		ctx, cancel := context.WithTimeout(t.host.lifeContext(), 30*time.Second)
		defer cancel()
		pass, err := app.DrillMovePasses(ctx, cfg, before, m, checkDepth)
		fyne.Do(func() { done(pass && err == nil) })
	})
}

// repertoireDialog asks for the user's repertoire, a PGN file, and the
// side it is for, and adds its moves to the deck.
func (t *trainer) repertoireDialog() {
	t.pickRepertoire(func(path string) {
		side := widget.NewRadioGroup([]string{lang.L("White"), lang.L("Black")}, nil)
		side.Horizontal = true
		side.SetSelected(lang.L("White"))
		about := widget.NewLabel(lang.L("Every position of the repertoire where it is your move becomes a position to train: play the repertoire's move."))
		about.Wrapping = fyne.TextWrapWord
		answer, show := t.host.windowDialogs().dialogKeys(dlgRepertoire, func(ok bool) {
			if ok {
				t.addRepertoire(path, map[bool]chess.Color{true: chess.Black, false: chess.White}[side.Selected == lang.L("Black")])
			}
		})
		form := widget.NewForm(widget.NewFormItem(lang.L("The repertoire is for"), side))
		d := dialog.NewCustomConfirm(lang.L("Add my repertoire…"), lang.L("Add"), lang.L("Cancel"), container.NewVBox(about, form), answer, t.host.Window())
		d.Resize(fyne.NewSize(520, 220))
		show(d)
	})
}

// addRepertoire adds the moves of the repertoire at path, for side, to the
// deck and keeps it.
func (t *trainer) addRepertoire(path string, side chess.Color) {
	deck, err := t.openDeck()
	if err != nil {
		t.host.windowDialogs().showError(err)
		return
	}
	data, err := readFileText(path)
	if err != nil {
		t.host.windowDialogs().showError(err)
		return
	}
	added, err := deck.AddRepertoire(data, side)
	if err == nil {
		err = deck.Save()
	}
	if err != nil {
		t.host.windowDialogs().showError(err)
		return
	}
	settingKeys().repertoire(side).set(t.host.preferences(), path) // the tree adds to it;
	settingKeys().repertoireFile.set(t.host.preferences(), path)   // the report reads it
	t.host.refresh()
	t.host.notice(lang.L("New repertoire moves to train: {{.Added}}. Due today: {{.Due}}. Ctrl+R trains them.",
		map[string]any{"Added": added, "Due": deck.DueToday(t.now())}))
}

// reportDialog asks whose report to make from the open file (Training ›
// Report on a player…), makes it in the background and shows it.
func (t *trainer) reportDialog() {
	path := t.filePath()
	if path == "" {
		t.host.notice(lang.L("Open a file of your opponent's games first: the report is made from it."))
		return
	}
	name := widget.NewEntry()
	name.SetPlaceHolder(lang.L("Names, separated by commas"))
	name.SetText(t.opponent())
	answer, show := t.host.windowDialogs().dialogKeys(dlgReport, func(ok bool) {
		if ok {
			t.report(path, mistakes.ParseNames(name.Text))
		}
	})
	d := dialog.NewCustomConfirm(lang.L("Report on a player"), lang.L("Report"), lang.L("Cancel"),
		widget.NewForm(widget.NewFormItem(lang.L("Player"), name)), answer, t.host.Window())
	d.Resize(fyne.NewSize(480, 160))
	name.OnSubmitted = func(string) { d.Confirm() }
	show(d)
	focusSelected(t.host.canvas(), name) // typing replaces the name guessed
}

// opponent returns the player of the game shown whom the report is
// likely about: the one who is not the user (Preferences' I play as),
// else White.
func (t *trainer) opponent() string {
	g := t.host.gameSession().Game()
	me := mistakes.ParseNames(settingKeys().myNames.get(t.host.preferences()))
	white, black := g.Tags.Value("White"), g.Tags.Value("Black")
	if me.Match(white) && !me.Match(black) {
		return black
	}
	return white
}

// report makes the report on names from the file at path, against the
// user's repertoire (the file Add my repertoire… last added), and shows
// it in the Report tab. The player's games are found in the file's list:
// the Games tab's when it lists the file to its end, else the list read
// from the index cache (or the file); only they are read.
func (t *trainer) report(path string, names mistakes.Names) {
	if len(names) == 0 {
		t.host.notice(lang.L("Say whose report to make: the player's name."))
		return
	}
	repPath := settingKeys().repertoireFile.get(t.host.preferences())
	open := t.host.openLibrary()
	cacheDir := t.host.gamesTab().CacheDir()
	t.host.background(func() {
		ctx := t.host.lifeContext()
		var rep *prepare.Repertoire
		var repErr error
		if repPath != "" {
			var data []byte
			if data, repErr = readFileText(repPath); repErr == nil {
				rep, repErr = prepare.ReadRepertoire(data)
			}
		}
		lib := open
		var err error
		if lib == nil || lib.Path() != path || !lib.Progress().Finished || lib.Progress().Err != nil {
			if lib, err = prepare.OpenLibrary(ctx, path, cacheDir); err == nil {
				defer lib.Close()
			}
		}
		var r prepare.Report
		if err == nil {
			r, err = prepare.FromLibrary(ctx, lib, names, rep)
		}
		fyne.Do(func() { t.showReport(r, path, repPath, err, repErr) })
	})
}

// showReport shows the report r on the games of path, made against the
// repertoire at repPath (unless repErr says why it could not be read), or
// what went wrong.
func (t *trainer) showReport(r prepare.Report, path, repPath string, err, repErr error) {
	switch {
	case err != nil:
		t.host.windowDialogs().showError(err)
		return
	case r.Total.Games == 0:
		// A dialog, not the status line: the user asked from any tab, and
		// the status line is on the Game tab only.
		t.host.windowDialogs().showNotice(dlgNotice, dialog.NewInformation(lang.L("Report on a player"),
			lang.L("No game of the file has a White or Black that contains {{.Name}}.", map[string]any{"Name": r.Player}), t.host.Window()), nil)
		return
	}
	if repErr != nil {
		repPath = ""
		t.host.notice(lang.L("The report leaves your repertoire out: {{.Problem}}", map[string]any{"Problem": repErr.Error()}))
	}
	t.host.showReport(r, path, repPath)
}
