package ui

import (
	"context"
	"fmt"
	"log"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"touchmove/app"
	"touchmove/app/boardview"
	"touchmove/app/store"
	"touchmove/audio"
	"touchmove/core/chess"
	"touchmove/core/eco"
	"touchmove/core/game"
	"touchmove/ui/board"
	"touchmove/ui/gamelist"
	"touchmove/ui/notation"
	"touchmove/ui/tree"
	"touchmove/ui/widgets"
)

// AppID is Touchmove's application ID (FyneApp.toml has the same).
const AppID = "io.github.touchmove.Touchmove"

// Window is Touchmove's main window: the board on the left; the players,
// the notation, navigation and game controls on the right; menus and keys.
// It turns gestures into calls on an app.Session and redraws from what the
// session reports: refresh updates the board, then each panel. The panels
// own their widgets and state (players.go, controls.go, status.go, and the
// packages gamelist, notation and tree), and the window's actions are
// grouped by what they act on, each type with the state it needs: files
// (files.go), annotator (annotate.go), playing (play.go, arbiter.go),
// clockDesk (clocks.go), opponentUI (opponent.go), eboardUI (eboard.go);
// messages and questions go through words and dialogs (messages.go,
// dialogs.go).
// The window keeps the wiring: the session, the layout, menus and keys
// (menus.go), the redraw, and quitting (actions.go).
type Window struct {
	app        fyne.App
	win        fyne.Window
	session    *app.Session
	editor     *app.Editor
	journal    *store.Journal
	journals   *store.Journals // where every window keeps its journal
	orphans    []*app.Orphan   // journals left by windows that did not close cleanly
	orphanErrs []error         // journals that could not be read
	spawn      func(func())
	// aheadSize is the content's size as layOutAhead laid it out.
	aheadSize fyne.Size
	// navRow wraps the navigation buttons, which give way to the notation
	// in a low window (gameColumn).
	navRow *fyne.Container
	// fontsLoaded, when set, waits for the text fonts loaded aside
	// (WithFontsAside).
	fontsLoaded func()
	// life ends when the window closes (endLife, in quit): the background
	// work the window starts (the whole-game analysis, the probe of an
	// engine's options) runs under it and stops then (style.md rule 13).
	life    context.Context
	endLife context.CancelFunc

	// The board side.
	board        *board.Board
	engine       *enginePane     // live analysis, the evaluation bar and graph
	shownNode    *game.Node      // the node drawn last, to slide the piece of a move to the next
	slide        boardview.Slide // the last slide asked of the board
	promoVisible bool            // the promotion chooser is up
	themeIndex   int             // View › Board colours
	coordinates  bool            // View › Coordinates
	animate      bool            // moves slide (View › Animate moves)

	// The right side: the Game and Games tabs and their panels.
	split       *container.Split
	tabs        *container.AppTabs
	notationTab *container.TabItem
	games       *gamelist.Tab      // the open file's games
	players     *playersPanel      // names and clocks
	notation    *notation.Notation // the moves, comments and variations
	tree        *tree.Pane         // the opening tree under the notation (ui/tree)
	treeVersion int                // the session's tree version the notation shows
	moves       *moveBox           // typed move entry
	controls    *controlsPanel     // the buttons of play
	status      *statusPanel       // status line, mode and message line

	// What the window remembers of the game between refreshes.
	shownGame *game.Game // the game last drawn: a new one brings the Game tab to the front
	liveGame  *game.Game // the game last seen live: its end gets a dialog

	// Menus and settings.
	convertItem *fyne.MenuItem // File › Convert this file to UTF-8: only for a game from a file
	gated       []gatedItem    // menu items enabled by Session.Can
	sound       soundSettings  // View > Sounds; see playSound
	words       *words         // the messages and moves in the players' language
	dlg         *dialogs       // the messages and questions of the window
	files       *files         // open, save, export, the recent files, the clipboard
	annot       *annotator     // comments, NAGs, variations, arrows, tags, undo
	play        *playing       // offers, claims, resignation, the arbiter's rulings
	clocks      *clockDesk     // the ticker, the presses, the pause
	saveLayout  func()         // remembers the window's size and the divider's places
	// lastEditor is the position editor opened last (tests look into it).
	lastEditor  *positionEditor
	prefsDialog *prefsWindow // the Preferences window while it is open
	opp         *opponentUI  // the engines playing (opponent.go)
	eboard      *eboardUI    // the electronic board (eboard.go)
	trainer     *trainer     // the Training menu (training.go)
	reportTab   *reportPane  // the Report tab: the report on a player (report.go)
	hall        *hallUI      // View › Hall: the boards of a hall (hall.go)
	// openingTable names openings (core/eco) for the game list, the tree
	// and the report: built the first time it is asked for (~20 ms), then
	// kept; nil if the embedded list were damaged (a test reads it).
	openingTable func() *eco.Table
	// searchProgress is the progress of a search under way (search.go),
	// nil when none runs.
	searchProgress dialog.Dialog
}

// WindowOption configures NewWindow.
type WindowOption func(*Window)

// WithPicker sets the file chooser (tests pass a fake).
func WithPicker(p FilePicker) WindowOption { return func(w *Window) { w.files.picker = p } }

// WithSpawn sets how background work starts (tests run it in place); by
// default on a goroutine of its own.
func WithSpawn(spawn func(func())) WindowOption { return func(w *Window) { w.spawn = spawn } }

// WithJournals keeps the window's game in a journal of its own in js, and
// offers the games of the journals that windows which did not close cleanly
// left there.
func WithJournals(js *store.Journals) WindowOption { return func(w *Window) { w.journals = js } }

// WithFontsAside tells NewWindow that the text fonts are being loaded on
// another goroutine (loadFontsAside) until loaded returns: NewWindow
// creates the GLFW window meanwhile, and waits before it builds the first
// widget that measures text.
func WithFontsAside(loaded func()) WindowOption { return func(w *Window) { w.fontsLoaded = loaded } }

// WithIndexCache keeps the game lists of large files in the folder dir
// (see library.Options.CacheDir), so that they open at once next time.
func WithIndexCache(dir string) WindowOption { return func(w *Window) { w.games.SetCacheDir(dir) } }

// NewWindow builds the main window of a in a, showing a new game.
func NewWindow(a fyne.App, opts ...WindowOption) *Window {
	w := &Window{app: a, coordinates: true, treeVersion: -1, words: &words{}, files: &files{}, annot: &annotator{}, play: &playing{}, clocks: &clockDesk{}, eboard: &eboardUI{do: fyne.Do}, hall: &hallUI{do: fyne.Do}}
	w.eboard.host = w
	w.hall.host = w
	w.trainer = &trainer{host: w, now: time.Now, rnd: rand.IntN}
	w.reportTab = newReportPane(w)
	w.clocks.host = w
	w.play.host = w
	w.annot.host = w
	w.files.host = w
	w.life, w.endLife = context.WithCancel(context.Background())
	w.openingTable = sync.OnceValue(func() *eco.Table {
		t, err := eco.New()
		if err != nil {
			log.Printf("opening names: %v", err)
			return nil
		}
		return t
	})
	w.games = gamelist.NewTab(gamesHost{w})
	for _, o := range opts {
		o(w)
	}
	// The window (GLFW's start, ~25 ms) comes first, while the fonts load
	// on a goroutine (WithFontsAside); nothing before it measures text.
	w.win = a.NewWindow("Touchmove")
	if w.fontsLoaded != nil {
		w.fontsLoaded()
	}
	w.games.Build()
	if w.spawn == nil {
		w.spawn = func(f func()) { go f() }
	}
	if w.files.picker == nil {
		w.files.picker = defaultPicker()
	}
	w.startSession()
	w.dlg = &dialogs{win: w.win, words: w.words}
	prefs := a.Preferences()
	w.themeIndex = settingKeys().boardTheme.get(prefs)
	w.coordinates = settingKeys().coordinates.get(prefs)
	w.animate = settingKeys().animate.get(prefs)
	w.buildBoard(prefs)
	w.buildNotation(prefs)
	w.clocks.whiteLeft = settingKeys().whiteLeft.get(prefs)
	w.players = newPlayersPanel(prefs, w.clocks.pressFace)
	w.loadSoundPrefs(prefs)
	w.status = newStatusPanel()
	w.win.SetContent(w.layOut(prefs))
	w.win.SetMainMenu(w.mainMenu())
	w.addShortcuts()
	w.win.SetCloseIntercept(w.quit)
	w.win.SetOnDropped(w.files.dropped)
	// The window comes back at the size it had (Fyne cannot place it: the
	// window manager chooses where).
	size := fyne.NewSize(float32(settingKeys().windowWidth.get(prefs)), float32(settingKeys().windowHeight.get(prefs)))
	w.win.Resize(size)
	w.initOpponent()
	w.session.OnChange(w.refresh)
	w.session.OnEBoardChange(w.eboard.changed)
	w.refresh()
	w.layOutAhead(size)
	return w
}

// startSession makes the window's session and its editor, kept in a
// journal of the window's own when WithJournals gave the journals; the
// games of the journals left by windows that did not close cleanly become
// the orphans offered.
func (w *Window) startSession() {
	var sopts []app.SessionOption
	if w.journals != nil {
		// The orphans are locked first, so that this window's own journal
		// is not among them.
		w.orphans, w.orphanErrs = app.Orphans(w.journals)
		j, err := w.journals.Create()
		if err != nil {
			w.orphanErrs = append(w.orphanErrs, fmt.Errorf("%w: %w", errNoJournal, err))
		} else {
			w.journal = j
		}
	}
	if w.journal != nil {
		sopts = append(sopts, app.WithJournal(w.journal))
	}
	sopts = append(sopts, app.WithEngineDefaults(w.engineDefaults))
	w.session = app.NewSession(sopts...)
	w.editor = app.NewEditor(w.session)
}

// buildBoard makes the board, in the colours and pieces of prefs, its
// gestures passed on to the session.
func (w *Window) buildBoard(prefs fyne.Preferences) {
	w.board = board.New()
	if th := board.Themes(); w.themeIndex >= 0 && w.themeIndex < len(th) {
		w.board.SetTheme(th[w.themeIndex])
	}
	w.board.SetPieceSet(storedPieceSet(prefs))
	w.board.OnPress = func(sq chess.Square) { w.session.Press(sq) }
	w.board.OnArrow = w.annot.arrow
	w.board.OnMark = w.annot.mark
	w.board.OnMove = w.play.boardMove
	w.board.OnCancel = func(chess.Square) { w.session.Select(chess.NoSquare) }
	w.board.OnSquareTapped = func(chess.Square) { w.session.Select(chess.NoSquare) }
}

// buildNotation makes the notation, in the columns and piece letters of
// prefs, its clicks and comments passed on to the session.
func (w *Window) buildNotation(prefs fyne.Preferences) {
	w.notation = notation.New()
	w.notation.SetTwoColumns(settingKeys().notationTable.get(prefs))
	w.words.san = pieceLetters(settingKeys().pieceLetters.get(prefs), appLanguage(prefs))
	w.notation.SetWords(notationWords{w.words})
	w.notation.OnSelect = w.session.GoTo
	w.notation.Explored = w.session.Explored
	w.notation.OnEditComment = w.annot.openComment
	w.notation.OnCommentEdited = w.annot.commitComment
	w.notation.Canvas = w.win.Canvas()
}

// layOut makes the panels left to make, arranges every panel in the
// window, the board beside the tabs, and returns the window's content. The
// divider comes back where prefs keeps it.
func (w *Window) layOut(prefs fyne.Preferences) fyne.CanvasObject {
	nav := container.NewGridWithColumns(4,
		widget.NewButtonWithIcon("", theme.MediaSkipPreviousIcon(), w.session.First),
		widget.NewButtonWithIcon("", theme.NavigateBackIcon(), w.session.Back),
		widget.NewButtonWithIcon("", theme.NavigateNextIcon(), w.session.Forward),
		widget.NewButtonWithIcon("", theme.MediaSkipNextIcon(), w.session.Last),
	)
	w.controls = newControlsPanel(controlActions{
		claim: w.play.claimDraw, offer: w.play.offerDraw, resign: w.play.resign, adjust: w.play.toggleAdjust,
		takeback: w.play.takeBack, flip: w.session.Flip, answer: w.play.answerOffer,
		claimTouchMove: w.eboard.claimTouchMove,
	})

	w.moves = newMoveBox(w)
	w.engine = newEnginePane(w)
	w.tree = tree.New(treeHost{w})
	w.games.List().OnOpen = w.tree.OpenFromList
	engineRow, graph, navRow := optional(w.engine.box), optional(w.engine.graph), optional(nav)
	w.navRow = navRow
	middle, treeBox := w.tree.Beside(w.notation)
	gamePanel, column := newGameColumn(
		[]fyne.CanvasObject{w.players.top, widget.NewSeparator(), engineRow},
		middle,
		[]fyne.CanvasObject{graph, widget.NewSeparator(), w.players.bottom, navRow, w.moves.box, w.controls},
		w.status,
		navRow, treeBox, engineRow, graph)
	column.hideEmpty(treeBox)
	w.tabs = w.newTabs(gamePanel)
	boardSide := container.NewBorder(nil, nil, w.engine.bar, nil, container.New(&squareLayout{}, w.board))
	split, content := widgets.NewHSplit(boardSide, container.NewPadded(w.tabs))
	w.split = split
	// The divider stays where the user leaves it, whichever tab is in
	// front (the board keeps its size when the list comes), from one run
	// to the next.
	// The field, not SetOffset: before the window shows, SetOffset's
	// Refresh lays the whole tree out at no size, redone at the first
	// frame's.
	split.Offset = settingKeys().splitGame.get(prefs)
	w.saveLayout = func() {
		settingKeys().splitGame.set(prefs, split.Offset)
		settingKeys().splitTree.set(prefs, w.tree.SplitOffset())
		size := w.win.Canvas().Size()
		settingKeys().windowWidth.set(prefs, float64(size.Width))
		settingKeys().windowHeight.set(prefs, float64(size.Height))
	}
	return content
}

// layOutAhead lays the content out at the size Fyne gives it when it
// creates the window of size: that less the menu bar (drawn in the
// window, except on macOS) and the canvas's padding. The board then knows
// its squares' size and draws its pieces on goroutines while GLFW creates
// the window, ~60 ms in which the UI goroutine is in C and the second core
// idle, and Fyne's own layout there finds nothing to change. Before, the
// pieces were drawn from that layout, a millisecond before the first paint
// needed them: first frame at 263 → 253 ms (start-up trace, 14 interleaved
// runs each; docs/toolchain.md, "Start-up and memory"). A size that misses
// (a window too small for the content, which Fyne enlarges) costs one
// layout more; checkLayoutAhead logs it. On a scaled display the sizes are
// the same, but the scale is known only once the window exists: the pieces
// drawn ahead are at scale 1, and the first paint draws them again.
func (w *Window) layOutAhead(size fyne.Size) {
	content := w.win.Content()
	if content == nil {
		return
	}
	if menu := w.win.MainMenu(); menu != nil && runtime.GOOS != "darwin" {
		bar := float32(0)
		for _, m := range menu.Items {
			bar = max(bar, fyne.MeasureText(m.Label, theme.TextSize(), fyne.TextStyle{}).Height+theme.InnerPadding())
		}
		size.Height -= bar
	}
	if w.win.Padded() {
		size = size.Subtract(fyne.NewSquareSize(2 * theme.Padding()))
	}
	w.aheadSize = size
	content.Resize(size)
}

// checkLayoutAhead logs, once the first frame is drawn, when Fyne laid the
// content out at another size than layOutAhead.
func (w *Window) checkLayoutAhead() {
	if got := w.win.Content().Size(); got != w.aheadSize {
		log.Printf("start-up: the window's content came at %v, not at %v as laid out ahead (one layout more)", got, w.aheadSize)
	}
}

// Window returns the Fyne window.
func (w *Window) Window() fyne.Window { return w.win }

// boardView is what the board shows: the session's board, with the
// coordinates as chosen in View, the engine's best move and the slide of
// the last step.
func (w *Window) boardView() boardview.View {
	v := w.session.Board()
	v.Coordinates = w.coordinates
	if a, ok := w.engine.arrow(); ok {
		v.Arrows = append(v.Arrows, a)
	}
	if a, ok := w.opp.hintArrow(); ok {
		v.Arrows = append(v.Arrows, a)
	}
	v.Slide = w.slide
	w.eboard.marks(&v)
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
	w.slide = boardview.Slide{ID: w.slide.ID + 1, From: from, To: to}
}

// refresh redraws everything from the session: the board, then each panel.
func (w *Window) refresh() {
	s := w.session
	w.showBoard()
	w.frontNewGame()
	w.players.show(s)
	w.showNotation()
	st := s.Status()
	w.announceEnd(st)
	w.controls.show(s, st)
	w.trainer.record()
	w.status.show(s, st, w.statusFacts())
	w.syncMenu()
	w.engine.follow()
	w.tree.Follow()
	if w.moves.entry.Text != "" {
		w.moves.update() // the position changed under the text
	}
	w.updateTitle()
}

// announceEnd opens the game-over dialog when the game last seen live has
// ended, with st the session's status.
func (w *Window) announceEnd(st app.Status) {
	g := w.session.Game()
	if w.liveGame == g && st.Over && !st.Live {
		w.play.gameOverDialog(st)
	}
	w.liveGame = nil
	if st.Live {
		w.liveGame = g
	}
}

// statusFacts is what the status panel needs to know of the window.
func (w *Window) statusFacts() statusFacts {
	f := statusFacts{declaring: w.play.declaring, whiteLeft: w.clocks.whiteLeft, say: w.words.say, thinking: w.opp.thinking(),
		confirm: w.play.confirmWords(), due: w.trainer.dueToday()}
	if w.journal != nil {
		f.journalErr = w.journal.Err()
	}
	return f
}

// showBoard draws the session's board, sliding the piece of a step
// through the game, and shows or hides the promotion chooser.
func (w *Window) showBoard() {
	s := w.session
	w.followSlide()
	w.board.SetView(w.boardView())
	pr := s.Promotion()
	switch {
	case pr != nil && !w.promoVisible:
		w.promoVisible = true
		w.board.ShowPromotion(pr.Color, pr.To.File(), pr.Cancellable,
			func(t chess.PieceType) { w.promoVisible = false; w.session.Promote(t) },
			func() { w.promoVisible = false; s.CancelPromotion() })
	case pr == nil && w.promoVisible:
		w.promoVisible = false
		w.board.HidePromotion()
	}
}

// frontNewGame brings the Game tab to the front when a new game is on the
// board (the live analysis stops by itself when the new game is played
// here: app.LiveAnalysis.Follow).
func (w *Window) frontNewGame() {
	g := w.session.Game()
	if g == w.shownGame {
		return
	}
	// A new game or a game opened: the board and its clocks come to
	// the front (a running clock is never left unseen behind the list).
	w.shownGame = g
	w.play.closeGameOver() // the last game's end is not this one's
	if w.moves != nil {
		w.moves.clear() // the last game's typed text and its error go with it
	}
	if w.tabs != nil {
		w.tabs.Select(w.notationTab)
	}
}

// showNotation shows the game anew when its tree changed, else moves the
// notation's mark to the node shown.
func (w *Window) showNotation() {
	s := w.session
	if v := s.TreeVersion(); v != w.treeVersion {
		w.treeVersion = v
		w.notation.SetGame(s.Shown(), s.Current())
	} else {
		w.notation.SetCurrent(s.Current())
	}
}

func (w *Window) updateTitle() {
	path, _ := w.session.Path()
	name := lang.L("Untitled game")
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
	w.status.notice(text)
}

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

// newTabs puts the game (players, clocks, notation, controls) and the game
// list of the open file side by side as tabs; the list gets the whole height.
func (w *Window) newTabs(gamePanel fyne.CanvasObject) *container.AppTabs {
	w.notationTab = container.NewTabItem(lang.L("Game"), gamePanel)
	return container.NewAppTabs(w.notationTab, w.games.Item())
}
