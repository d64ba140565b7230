package ui

import (
	"context"
	"fmt"
	"image/color"
	"path/filepath"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"touchmove/app"
	"touchmove/audio"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/core/clock"
	"touchmove/core/game"
)

// AppID is Touchmove's application ID (FyneApp.toml has the same).
const AppID = "io.github.touchmove.Touchmove"

// Window is Touchmove's main window: the board on the left; the players,
// the notation, navigation and game controls on the right; menus and keys.
// It turns gestures into calls on an app.Session and redraws from what the
// session reports.
type Window struct {
	app     fyne.App
	win     fyne.Window
	session *app.Session
	editor  *app.Editor
	journal *app.Journal
	picker  FilePicker

	board       *Board
	notation    *Notation
	games       *GameList
	tabs        *container.AppTabs
	notationTab *container.TabItem
	gamesTab    *container.TabItem
	lib         *app.Library
	libCancel   context.CancelFunc
	listShown   bool   // the list came to the front once for this file
	indexCache  string // folder of the game lists' index cache; "" for none
	libLoaded   bool   // the file's first game is on the board
	spawn       func(func())
	topName     *widget.Label
	bottomName  *widget.Label
	status      *widget.Label
	message     *widget.Label
	claimBtn    *widget.Button
	drawBtn     *widget.Button
	resignBtn   *widget.Button
	acceptBtn   *widget.Button
	declineBtn  *widget.Button
	adjustBtn   *widget.Button
	offerRow    *fyne.Container // the claim and the offer's answer, in a row always there
	mode        *widget.Label
	liveGame    *game.Game    // the game last seen live: its end gets a dialog
	tenths      time.Duration // below this the clocks show tenths
	showCounter bool          // the clocks show the move counter
	sound       soundSettings // View > Sounds; see playSound
	lastSecond  [2]int        // whole seconds last shown on each running clock
	// declaring is set while the next move entered is the move declared
	// with a draw claim (rules.md §3 N6 b), not a move played.
	declaring  bool
	backBtn    *widget.Button
	takeback   *widget.Button
	moves      *moveBox            // typed move entry
	engine     *enginePane         // live analysis, the evaluation bar and graph
	san        func(string) string // a SAN move in the players' piece letters
	split      *container.Split
	saveLayout func()     // remembers the window's size and the divider's places
	shownNode  *game.Node // the node drawn last, to slide the piece of a move to the next
	slide      Slide      // the last slide asked of the board
	animate    bool       // moves slide (View › Animate moves)
	// lastEditor is the position editor opened last (tests look into it).
	lastEditor *positionEditor

	topClock    *ClockFace
	bottomClock *ClockFace
	whiteLeft   bool      // White sits on the left of the laptop: left Shift is White's clock
	lastTick    time.Time // wall time of the last clock tick, to notice a suspend
	stalled     bool      // a stall dialog is open

	themeIndex   int
	coordinates  bool
	treeVersion  int
	promoVisible bool
	recentMenu   *fyne.MenuItem
	gated        []gatedItem   // menu items enabled by Session.Can
	shownGame    *game.Game    // the game last drawn: a new one brings the Game tab to the front
	journals     *app.Journals // where every window keeps its journal
	orphans      []*app.Orphan // journals left by windows that did not close cleanly
	orphanErrs   []error       // journals that could not be read
}

// WindowOption configures NewWindow.
type WindowOption func(*Window)

// WithPicker sets the file chooser (tests pass a fake).
func WithPicker(p FilePicker) WindowOption { return func(w *Window) { w.picker = p } }

// WithSpawn sets how background work starts (tests run it in place).
func WithSpawn(spawn func(func())) WindowOption { return func(w *Window) { w.spawn = spawn } }

// WithJournal sets where the game in progress is journaled (tests; the app
// uses WithJournals).
func WithJournal(j *app.Journal) WindowOption { return func(w *Window) { w.journal = j } }

// WithJournals keeps the window's game in a journal of its own in js, and
// offers the games of the journals that windows which did not close cleanly
// left there.
func WithJournals(js *app.Journals) WindowOption { return func(w *Window) { w.journals = js } }

// WithIndexCache keeps the game lists of large files in the folder dir
// (see app.LibraryOptions.CacheDir), so that they open at once next time.
func WithIndexCache(dir string) WindowOption { return func(w *Window) { w.indexCache = dir } }

// NewWindow builds the main window of a in a, showing a new game.
func NewWindow(a fyne.App, opts ...WindowOption) *Window {
	w := &Window{app: a, coordinates: true, treeVersion: -1}
	for _, o := range opts {
		o(w)
	}
	if w.picker == nil {
		w.picker = defaultPicker()
	}
	var sopts []app.SessionOption
	if w.journals != nil {
		// The orphans are locked first, so that this window's own journal
		// is not among them.
		w.orphans, w.orphanErrs = w.journals.Orphans()
		j, err := w.journals.Create()
		if err != nil {
			w.orphanErrs = append(w.orphanErrs, fmt.Errorf("the game cannot be journaled, so a crash could lose it: %w", err))
		} else {
			w.journal = j
		}
	}
	if w.journal != nil {
		sopts = append(sopts, app.WithJournal(w.journal))
	}
	w.session = app.NewSession(sopts...)
	w.editor = app.NewEditor(w.session)
	w.win = a.NewWindow("Touchmove")
	prefs := a.Preferences()
	w.themeIndex = prefs.IntWithFallback("boardTheme", 0)
	w.coordinates = prefs.BoolWithFallback("coordinates", true)
	w.animate = prefs.BoolWithFallback("animate", true)

	w.board = NewBoard()
	if th := BoardThemes(); w.themeIndex >= 0 && w.themeIndex < len(th) {
		w.board.SetTheme(th[w.themeIndex])
	}
	w.board.OnPress = func(sq chess.Square) { w.editor.Press(sq) }
	w.board.OnArrow = w.arrow
	w.board.OnMark = w.mark
	w.board.OnMove = w.boardMove
	w.board.OnCancel = func(chess.Square) { w.session.Select(chess.NoSquare) }
	w.board.OnSquareTapped = func(chess.Square) { w.session.Select(chess.NoSquare) }

	w.notation = NewNotation()
	w.notation.twoColumns = prefs.BoolWithFallback("notationTable", false)
	w.san = pieceLetters(prefs.String("pieceLetters"), appLanguage(prefs))
	w.notation.san = w.san
	w.notation.OnSelect = w.session.GoTo
	w.notation.OnEditComment = w.openComment
	w.notation.OnCommentEdited = w.commitComment
	w.notation.Canvas = w.win.Canvas()
	w.games = NewGameList()
	w.games.OnOpen = w.openFromList

	w.topName, w.bottomName = newNameLabel(), newNameLabel()
	w.whiteLeft = prefs.BoolWithFallback("whiteLeft", true)
	w.topClock = NewClockFace()
	w.bottomClock = NewClockFace()
	w.tenths = time.Duration(prefs.IntWithFallback("tenthsBelowMs", int(clock.TenthsDefault/time.Millisecond))) * time.Millisecond
	w.showCounter = prefs.BoolWithFallback("showCounter", true)
	w.loadSoundPrefs(prefs)
	w.applyClockPrefs()
	w.topClock.OnTapped = func() { w.pressFace(true) }
	w.bottomClock.OnTapped = func() { w.pressFace(false) }
	w.status = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	w.status.Wrapping = fyne.TextWrapWord
	w.message = widget.NewLabel("")
	w.message.Wrapping = fyne.TextWrapWord
	w.message.Importance = widget.WarningImportance

	nav := container.NewGridWithColumns(4,
		widget.NewButtonWithIcon("", theme.MediaSkipPreviousIcon(), w.session.First),
		widget.NewButtonWithIcon("", theme.NavigateBackIcon(), w.session.Back),
		widget.NewButtonWithIcon("", theme.NavigateNextIcon(), w.session.Forward),
		widget.NewButtonWithIcon("", theme.MediaSkipNextIcon(), w.session.Last),
	)
	w.claimBtn = widget.NewButton(lang.L("Claim draw"), w.claimDraw)
	w.claimBtn.Importance = widget.HighImportance
	w.drawBtn = widget.NewButton(lang.L("Offer draw"), w.offerDraw)
	w.resignBtn = widget.NewButton(lang.L("Resign"), w.resign)
	w.acceptBtn = widget.NewButton(lang.L("Accept draw"), func() { w.answerOffer(true) })
	w.acceptBtn.Importance = widget.HighImportance
	w.declineBtn = widget.NewButton(lang.L("Decline"), func() { w.answerOffer(false) })
	w.adjustBtn = widget.NewButton(lang.L("J'adoube"), w.toggleAdjust)
	w.mode = widget.NewLabel("")
	w.mode.Importance = widget.LowImportance
	w.takeback = widget.NewButtonWithIcon(lang.L("Take back"), theme.ContentUndoIcon(), w.takeBack)
	flip := widget.NewButtonWithIcon(lang.L("Flip"), theme.ViewRefreshIcon(), w.session.Flip)
	actions := container.NewGridWithColumns(3, w.takeback, flip, w.adjustBtn, w.drawBtn, w.resignBtn)
	// Claims and the answer to an offer share one row that is always there,
	// so that nothing moves (the clocks above all) when an offer comes.
	buttonRow := canvas.NewRectangle(color.Transparent)
	buttonRow.SetMinSize(fyne.NewSize(1, widget.NewButton("x", nil).MinSize().Height))
	w.offerRow = container.NewStack(buttonRow, container.NewGridWithColumns(3, w.claimBtn, w.acceptBtn, w.declineBtn))
	w.mode.TextStyle.Bold = true
	w.mode.Importance = widget.MediumImportance
	statusRow := container.NewBorder(nil, nil, nil, w.mode, w.status)

	w.moves = newMoveBox(w)
	w.engine = newEnginePane(w)
	gamePanel := container.NewBorder(
		container.NewVBox(container.NewBorder(nil, nil, nil, w.topClock, w.topName), widget.NewSeparator()),
		container.NewVBox(widget.NewSeparator(), container.NewBorder(nil, nil, nil, w.bottomClock, w.bottomName), nav, w.moves.box, w.offerRow, actions, statusRow, w.message),
		nil, nil,
		container.NewBorder(w.engine.box, w.engine.graph, nil, nil, w.notation),
	)
	w.tabs = w.newTabs(gamePanel)
	boardSide := container.NewBorder(nil, nil, w.engine.bar, nil, container.New(&squareLayout{}, w.board))
	split := container.NewHSplit(boardSide, container.NewPadded(w.tabs))
	w.split = split
	// The divider stays where the user leaves it, whichever tab is in
	// front (the board keeps its size when the list comes), from one run
	// to the next.
	split.SetOffset(prefs.FloatWithFallback("splitGame", 0.62))
	w.saveLayout = func() {
		prefs.SetFloat("splitGame", split.Offset)
		size := w.win.Canvas().Size()
		prefs.SetFloat("windowWidth", float64(size.Width))
		prefs.SetFloat("windowHeight", float64(size.Height))
	}
	w.win.SetContent(split)
	w.win.SetMainMenu(w.mainMenu())
	w.addShortcuts()
	w.win.SetCloseIntercept(w.quit)
	w.win.SetOnDropped(w.dropped)
	// The window comes back at the size it had (Fyne cannot place it: the
	// window manager chooses where).
	w.win.Resize(fyne.NewSize(float32(prefs.FloatWithFallback("windowWidth", 1100)), float32(prefs.FloatWithFallback("windowHeight", 720))))
	w.session.OnChange(w.refresh)
	w.refresh()
	return w
}

// Window returns the Fyne window.
func (w *Window) Window() fyne.Window { return w.win }

// boardView is what the board shows: the session's board, the user's marks
// and the engine's best move.
func (w *Window) boardView() BoardView {
	bs := w.session.Board()
	v := NewBoardView()
	v.Pieces = bs.Pieces
	v.Flipped = bs.Flipped
	v.Selected = bs.Selected
	v.Touched = bs.Touched
	v.Dests = bs.Dests
	v.LastFrom, v.LastTo = bs.LastFrom, bs.LastTo
	v.Check = bs.Check
	v.Interactive = bs.Interactive
	v.Coordinates = w.coordinates
	for _, a := range bs.Arrows {
		v.Arrows = append(v.Arrows, Arrow{From: a.From, To: a.To, Color: markColorOf(byte(a.Color))})
	}
	for _, m := range bs.Marks {
		v.Marks = append(v.Marks, SquareMark{Square: m.Square, Color: markColorOf(byte(m.Color))})
	}
	if a, ok := w.engine.arrow(); ok {
		v.Arrows = append(v.Arrows, a)
	}
	v.Slide = w.slide
	return v
}

// moveSound is the sound of the move from before to after: a check, a
// capture, castling or a plain move.
func moveSound(before, after *game.Node) audio.Kind {
	m := after.Move()
	p, q := before.Position(), after.Position()
	switch {
	case q.InCheck():
		return audio.Check
	case m.IsCastling():
		return audio.Castle
	case p.PieceAt(m.To()) != chess.NoPiece || m.Kind() == chess.EnPassant:
		return audio.Capture
	}
	return audio.Move
}

// followSlide decides whether the change from the node shown before to the
// node shown now slides a piece: one move forward (the other side's move, a
// typed move, a step through the game) or one back. The board does not
// slide a piece the user has just dropped.
func (w *Window) followSlide() {
	cur := w.session.Current()
	prev := w.shownNode
	w.shownNode = cur
	if prev == nil || prev.Game() != cur.Game() {
		return
	}
	if !w.animate {
		if cur.Parent() == prev && cur.Move() != chess.NoMove && cur.Move() != chess.NullMove {
			w.playSound(moveSound(prev, cur))
		}
		return
	}
	var from, to chess.Square
	switch {
	case cur.Parent() == prev && cur.Move() != chess.NoMove && cur.Move() != chess.NullMove:
		m := cur.Move()
		from, to = m.From(), m.KingTo()
		w.playSound(moveSound(prev, cur))
	case prev.Parent() == cur && prev.Move() != chess.NoMove && prev.Move() != chess.NullMove:
		m := prev.Move()
		from, to = m.KingTo(), m.From()
	default:
		return
	}
	w.slide = Slide{ID: w.slide.ID + 1, From: from, To: to}
}

// refresh redraws everything from the session.
func (w *Window) refresh() {
	s := w.session
	bs := s.Board()
	w.followSlide()
	w.board.SetView(w.boardView())
	switch {
	case bs.Promotion != nil && !w.promoVisible:
		w.promoVisible = true
		pr := bs.Promotion
		w.board.ShowPromotion(pr.Color, pr.To.File(), pr.Cancellable,
			func(t chess.PieceType) { w.promoVisible = false; w.editor.ChoosePromotion(t) },
			func() { w.promoVisible = false; s.CancelPromotion() })
	case bs.Promotion == nil && w.promoVisible:
		w.promoVisible = false
		w.board.HidePromotion()
	}

	g := s.Game()
	if g != w.shownGame {
		// A new game or a game opened: the board and its clocks come to
		// the front (a running clock is never left unseen behind the list).
		w.shownGame = g
		if w.tabs != nil {
			w.tabs.Select(w.notationTab)
		}
		if w.engine.on && s.Mode() == app.Playing {
			w.engine.stop() // in a game played here, only when turned on for it
		}
	}
	white, black := g.Tags.Value("White"), g.Tags.Value("Black")
	if we := g.Tags.Value("WhiteElo"); we != "" && we != "-" {
		white += " (" + we + ")"
	}
	if be := g.Tags.Value("BlackElo"); be != "" && be != "-" {
		black += " (" + be + ")"
	}
	top, bottom := "♚ "+black, "♔ "+white
	if bs.Flipped {
		top, bottom = "♔ "+white, "♚ "+black
	}
	w.topName.SetText(top)
	w.bottomName.SetText(bottom)
	w.updateClocks()

	if v := s.TreeVersion(); v != w.treeVersion {
		w.treeVersion = v
		w.notation.SetGame(g, s.Current())
	} else {
		w.notation.SetCurrent(s.Current())
	}
	st := s.Status()
	if w.liveGame == g && st.Over && !st.Live {
		w.gameOverDialog(st)
	}
	w.liveGame = nil
	if st.Live {
		w.liveGame = g
	}
	switch {
	case st.Over:
		w.status.SetText(fmt.Sprintf("%s  %s", st.Result, st.Reason))
	case s.ClocksPaused():
		w.status.SetText(lang.L("Clocks paused — Ctrl+P resumes"))
	case s.AwaitingPress() != chess.NoColor:
		w.status.SetText(lang.L(colorPhrase(s.AwaitingPress(), "White: press your clock", "Black: press your clock")) + " (" + lang.L(w.sideOf(s.AwaitingPress())+" Shift") + ")")
	case st.InCheck:
		w.status.SetText(lang.L(colorPhrase(st.Turn, "White to move — check", "Black to move — check")))
	default:
		w.status.SetText(lang.L(colorPhrase(st.Turn, "White to move", "Black to move")))
	}
	msg := st.Message
	if w.journal != nil && w.journal.Err() != nil {
		msg = "The game could not be journaled, so a crash could lose it: " + w.journal.Err().Error()
	}
	if st.Claimable != nil {
		w.claimBtn.SetText(lang.L(map[bool]string{true: "Claim draw: 3-fold", false: "Claim draw: 50 moves"}[st.Claimable.Reason == chess.ThreefoldRepetition]))
		w.claimBtn.Show()
	} else {
		w.claimBtn.Hide()
	}
	enable(w.drawBtn, s.Can(app.ActionOfferDraw).Enabled)
	enable(w.resignBtn, s.Can(app.ActionResign).Enabled)
	enable(w.adjustBtn, s.Can(app.ActionAdjust).Enabled)
	enable(w.takeback, s.Can(app.ActionTakeback).Enabled)
	// The controls of play take room only where there is play: a stored
	// game shown for analysis leaves it to the notation.
	showIf(w.offerRow, s.Mode() == app.Playing)
	for _, b := range []*widget.Button{w.drawBtn, w.resignBtn, w.adjustBtn} {
		showIf(b, s.Mode() == app.Playing)
	}
	showIf(w.takeback, s.Mode() != app.Browsing)
	if by := s.PendingOffer(); by != chess.NoColor && !st.Over {
		w.acceptBtn.SetText(lang.L(colorPhrase(by.Other(), "White accepts", "Black accepts")))
		w.acceptBtn.Show()
		w.declineBtn.Show()
	} else {
		w.acceptBtn.Hide()
		w.declineBtn.Hide()
	}
	if s.Adjusting() {
		w.adjustBtn.SetText(lang.L("J'adoube: armed"))
		w.adjustBtn.Importance = widget.WarningImportance
	} else {
		w.adjustBtn.SetText(lang.L("J'adoube"))
		w.adjustBtn.Importance = widget.MediumImportance
	}
	w.adjustBtn.Refresh()
	switch s.Mode() {
	case app.Playing:
		w.mode.SetText(lang.L(modeName(s.RulesMode()) + " rules"))
	case app.Finished:
		w.mode.SetText(lang.L("Game over"))
	default:
		w.mode.SetText(lang.L("Analysis"))
	}
	if w.declaring {
		w.status.SetText(lang.L("Enter the move you declare with your claim"))
	}
	if s.Can(app.ActionConfirmResult).Enabled {
		msg = sentences(msg, lang.L("Both players confirm the result in the Game menu."))
	}
	w.message.SetText(msg)
	w.syncMenu()
	w.engine.follow()
	if w.moves.entry.Text != "" {
		w.moves.update() // the position changed under the text
	}
	w.updateTitle()
}

func (w *Window) updateTitle() {
	path, _ := w.session.Path()
	name := "Untitled game"
	if path != "" {
		name = filepath.Base(path)
	}
	mark := ""
	if w.session.Dirty() {
		mark = " •"
	}
	w.win.SetTitle(fmt.Sprintf("%s%s — Touchmove", name, mark))
}

// colorPhrase returns white or black, the phrase for colour c: whole
// phrases, so that each language can make them grammatical.
func colorPhrase(c chess.Color, white, black string) string {
	if c == chess.Black {
		return black
	}
	return white
}

// enable enables or disables b.
func enable(b *widget.Button, on bool) {
	if on {
		b.Enable()
	} else {
		b.Disable()
	}
}

// sentences joins the non-empty sentences in texts with one space.
func sentences(texts ...string) string {
	var parts []string
	for _, t := range texts {
		if t = strings.TrimSpace(t); t != "" {
			parts = append(parts, t)
		}
	}
	return strings.Join(parts, " ")
}

// notice shows text on the message line: a notice that does not take the
// keyboard from the players, as a dialog would.
func (w *Window) notice(text string) {
	w.message.SetText(text)
}

func markColorOf(c byte) MarkColor {
	switch c {
	case 'R':
		return MarkRed
	case 'B':
		return MarkBlue
	case 'Y':
		return MarkYellow
	}
	return MarkGreen
}

func title(s string) string {
	if s == "" {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

func (w *Window) claimDraw() { w.report(w.session.ClaimDraw()) }

// offerDraw records a draw offer by the player having the move (after his
// move and before his press is the proper time; an offer stands until
// answered).
func (w *Window) offerDraw() {
	a := w.session.Arbiter()
	if a == nil {
		w.report(w.session.OfferDraw(chess.White)) // refused with the reason
		return
	}
	w.report(w.session.OfferDraw(a.Turn()))
}

func (w *Window) offerDrawBy(c chess.Color) { w.report(w.session.OfferDraw(c)) }

// answerOffer accepts or declines the pending offer for its receiver.
func (w *Window) answerOffer(accept bool) {
	by := w.session.PendingOffer()
	if by == chess.NoColor {
		return
	}
	var err error
	if accept {
		err = w.session.AcceptDraw(by.Other())
	} else {
		err = w.session.DeclineDraw(by.Other())
	}
	w.report(err)
}

func (w *Window) toggleAdjust() { w.report(w.session.ToggleAdjust()) }

// boardMove is a drop (or second click): a move, or the move declared with a claim.
func (w *Window) boardMove(from, to chess.Square) {
	if !w.declaring {
		if fb := w.editor.Drop(from, to); fb.Refused != "" {
			w.playSound(audio.Illegal)
		}
		return
	}
	w.declaring = false
	w.session.Select(chess.NoSquare)
	w.report(w.session.ClaimDrawWithDrop(from, to))
}

// claimWithMove makes the next move entered the one declared with a claim.
func (w *Window) claimWithMove() {
	if w.session.Arbiter() == nil {
		return
	}
	w.declaring = true
	w.refresh()
}

func (w *Window) confirmResult(c chess.Color) { w.report(w.session.ConfirmResult(c)) }

func modeName(m arbiter.Mode) string {
	switch m {
	case arbiter.ModeTournament:
		return "FIDE"
	case arbiter.ModeArbiter:
		return "Arbiter"
	}
	return "Casual"
}

func (w *Window) resign() {
	end := w.session.Game().End().Position()
	w.resignAs(end.Turn())
}

func (w *Window) resignAs(c chess.Color) {
	if st := w.session.Can(app.ActionResign); !st.Enabled {
		w.notice(st.Why)
		return
	}
	w.confirm(lang.L("Resign"), lang.L(colorPhrase(c, "Does White resign? A resignation cannot be withdrawn.", "Does Black resign? A resignation cannot be withdrawn.")), func() { w.report(w.session.Resign(c)) })
}

func (w *Window) takeBack() { w.report(w.session.Takeback()) }

// squareLayout gives its only object the largest square that fits, centred.
type squareLayout struct{}

func (*squareLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	side := min(size.Width, size.Height)
	for _, o := range objs {
		o.Resize(fyne.NewSize(side, side))
		o.Move(fyne.NewPos((size.Width-side)/2, (size.Height-side)/2))
	}
}

func (*squareLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, o := range objs {
		m = m.Max(o.MinSize())
	}
	return m
}

var _ fyne.Layout = (*squareLayout)(nil)

// updateClocks redraws the two faces; the top one belongs to the player at
// the top of the board.
func (w *Window) updateClocks() {
	faces, ok := w.session.ClockFaces()
	top, bottom := chess.Black, chess.White
	if w.session.Flipped() {
		top, bottom = chess.White, chess.Black
	}
	w.topClock.SetFace(faces[top], ok)
	w.bottomClock.SetFace(faces[bottom], ok)
}

// StartTicker repaints the clocks ten times a second until the window
// closes. The times come from the clock's monotonic arithmetic; the ticks
// only repaint. A gap of more than two seconds between ticks (a suspended
// laptop, a stalled machine) pauses the clocks and asks.
func (w *Window) StartTicker() {
	done := make(chan struct{})
	w.win.SetOnClosed(func() { close(done) })
	go func() {
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case now := <-t.C:
				fyne.Do(func() { w.tick(now) })
			}
		}
	}()
}

func (w *Window) tick(now time.Time) {
	gap := now.Sub(w.lastTick)
	first := w.lastTick.IsZero()
	w.lastTick = now
	s := w.session
	if !first && gap > 2*time.Second && s.Timed() && s.Status().Live && !s.ClocksPaused() {
		if _, running := s.NextFlagAt(); running {
			// The clocks stop as of the last tick: the stall is charged to nobody.
			w.report(s.PauseClocksAt(now.Add(-gap + 100*time.Millisecond)))
			w.stallDialog(gap)
		}
	}
	s.Tick()
	w.updateClocks()
	w.soundCheck()
}

// soundCheck beeps when a running clock reaches 10 s or its last 5 s.
func (w *Window) soundCheck() {
	faces, ok := w.session.ClockFaces()
	if !ok {
		return
	}
	for c, f := range faces {
		sec := int(f.Time / time.Second)
		if f.Running && !f.Paused && beepDue(w.lastSecond[c], sec) {
			w.playSound(audio.LowTime)
		}
		w.lastSecond[c] = sec
	}
}

func (w *Window) stallDialog(gap time.Duration) {
	if w.stalled {
		return
	}
	w.stalled = true
	dialog.ShowConfirm(lang.L("Clocks paused"),
		lang.L("The clocks did not tick for {{.Gap}} (the computer may have slept or the program was stopped).\nThey were paused at the last tick, so that time counts against nobody.\nResume them now?", map[string]any{"Gap": gap.Round(time.Second).String()}),
		func(ok bool) {
			w.stalled = false
			if ok {
				w.session.ResumeClocks()
			}
		}, w.win)
}

// sideOf names the keyboard side of a colour's player.
func (w *Window) sideOf(c chess.Color) string {
	if (c == chess.White) == w.whiteLeft {
		return "left"
	}
	return "right"
}

// pressFace presses the clock of the player whose face was tapped.
func (w *Window) pressFace(top bool) {
	c := chess.White
	if top != w.session.Flipped() {
		c = chess.Black
	}
	w.pressClock(c)
}

func (w *Window) pressClock(c chess.Color) {
	if w.session.Can(app.ActionPressClock).Enabled {
		w.session.PressClock(c) // a refusal shows on the message line
	}
}

// keyDown handles the clock keys: left Shift for the player on the left of
// the laptop, right Shift for the one on the right.
func (w *Window) keyDown(ev *fyne.KeyEvent) {
	switch ev.Name {
	case desktop.KeyShiftLeft:
		if w.whiteLeft {
			w.pressClock(chess.White)
		} else {
			w.pressClock(chess.Black)
		}
	case desktop.KeyShiftRight:
		if w.whiteLeft {
			w.pressClock(chess.Black)
		} else {
			w.pressClock(chess.White)
		}
	}
}

// togglePause pauses or resumes the clocks.
func (w *Window) togglePause() {
	s := w.session
	var err error
	switch {
	case !s.Can(app.ActionPause).Enabled:
		w.notice(s.Can(app.ActionPause).Why)
		return
	case s.RulesMode() == arbiter.ModeArbiter:
		err = s.ArbiterPause() // the arbiter's pause is logged in the score
	case s.ClocksPaused():
		err = s.ResumeClocks()
	default:
		err = s.PauseClocks()
	}
	w.report(err)
}

// gameOverDialog announces the end of a game played here: result and reason.
func (w *Window) gameOverDialog(st app.Status) {
	w.playSound(audio.GameEnd)
	msg := st.Result.String() + "\n" + st.Reason
	if w.session.Arbiter() != nil {
		msg += "\n\n" + lang.L("Both players confirm the result in the Game menu.")
	}
	d := dialog.NewInformation(lang.L("Game over"), msg, w.win)
	c := w.win.Canvas()
	prev := c.OnTypedKey()
	d.SetOnClosed(func() { c.SetOnTypedKey(prev) })
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) {
		if ev.Name == fyne.KeyReturn || ev.Name == fyne.KeyEnter || ev.Name == fyne.KeyEscape {
			d.Hide() // Return or Escape closes it, as on any desktop
		}
	})
	d.Show()
}

// applyClockPrefs passes the display settings to both faces.
func (w *Window) applyClockPrefs() {
	for _, c := range []*ClockFace{w.topClock, w.bottomClock} {
		c.SetTenthsBelow(w.tenths)
		c.SetShowCounter(w.showCounter)
	}
}

func (w *Window) setTenths(d time.Duration) {
	w.tenths = d
	w.app.Preferences().SetInt("tenthsBelowMs", int(d/time.Millisecond))
	w.applyClockPrefs()
	w.win.SetMainMenu(w.mainMenu())
}
