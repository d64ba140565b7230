package ui

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"touchmove/app"
	"touchmove/app/hall"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/core/clock"
	"touchmove/ui/board"
	"touchmove/ui/widgets"
)

// hallTick is the one repaint tick of View › Hall: every tile is redrawn
// from it, whatever the number of boards, and the hall's clocks run on it.
const hallTick = time.Second

// hallUI is View › Hall…: the boards of a hall recorded at once
// (app/hall), each its own game under the arbiter's rules, shown small
// with both clocks, the last move and what needs the arbiter; a board's
// button opens it in full for the arbiter's corrections. The boards go on
// being recorded when the dialog is closed, until the window closes.
type hallUI struct {
	host hallHost
	h    *hall.Hall
	open *hallDialog
	// stop ends the shared tick; nil while the dialog is closed.
	stop func()
	// board redraws the board opened in full, on the tick; nil when none is.
	board func()
	// do runs the boards' work on the Fyne goroutine (fyne.Do; the tests
	// run it on theirs).
	do func(func())
	// asked is set once the start asked about a round left by a crash.
	asked bool
}

// hallHost is what the hall asks of its window (*Window, hosts.go): the
// folder its boards' games are journaled in (beside the window's
// journals), the settings the round is kept
// in, the file picker (the pairing list), the window's life, the window
// (the dialogs' parent, the keyboard's focus), its dialogs and the
// players' words.
type hallHost interface {
	hallFolder() string
	preferences() fyne.Preferences
	pickFile(done func(path string, err error))
	lifeContext() context.Context
	Window() fyne.Window
	windowDialogs() *dialogs
	playerWords() *words
}

// hallDialog holds the widgets of the dialog.
type hallDialog struct {
	d      dialog.Dialog
	round  *hallRoundForm // the Round tab
	pubErr error          // the publishing error the Round tab says
	ports  *widget.SelectEntry
	add    *widget.Button
	said   *widget.Label
	grid   *fyne.Container
	tiles  []*hallTile
}

// hallTile is one board, small.
type hallTile struct {
	b      *hall.Board
	open   *widget.Button // the players; opens the board in full
	board  *board.Thumbnail
	clocks *widget.Label
	last   *widget.Label
	need   *widget.Label
	shown  string // what the labels show (the Tile, written out)
	box    fyne.CanvasObject
}

// hallGame is every hall board's new game: the arbiter's rules, the laptop
// pressing no clock (the DGT clock gives the times when there is one).
func hallGame() app.NewGameOptions { return app.NewGameOptions{Rules: arbiter.RulesArbiter} }

// ensure starts the hall at the first board, and gives it the round the
// settings name (the Round tab) for the boards added next; the error says
// why the pairing list cannot be read.
func (u *hallUI) ensure() (*hall.Hall, error) {
	game, ps, err := u.roundGame()
	if err != nil {
		return nil, err
	}
	if u.h == nil {
		u.h = hall.New(hall.Options{Do: u.do, Game: game, Pairings: ps, Dir: u.host.hallFolder()})
	}
	u.h.SetRound(game, ps)
	return u.h, nil
}

// startTick starts the shared tick, while the dialog shows the boards;
// stopTick ends it.
func (u *hallUI) startTick() {
	t := time.NewTicker(hallTick)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-done:
				return
			case <-u.host.lifeContext().Done():
				return
			case <-t.C:
				u.do(u.tick)
			}
		}
	}()
	u.stop = func() {
		t.Stop()
		close(done)
	}
}

func (u *hallUI) stopTick() {
	if u.stop != nil {
		u.stop()
		u.stop = nil
	}
}

// tick is the shared tick: the clocks of every game, and the tiles: one
// for the whole hall, never one a board.
func (u *hallUI) tick() {
	if u.h == nil {
		return
	}
	u.h.Tick()
	if u.open != nil {
		u.open.repaint(u)
	}
	if u.board != nil {
		u.board()
	}
}

// close stops recording the hall, keeping its journals when keep is set
// (the window closing with games unfinished).
func (u *hallUI) close(keep bool) {
	if u.h == nil {
		return
	}
	u.stopTick()
	u.h.Close(keep)
	u.h = nil
}

// addPorts adds the boards on the ports typed: a port, or a pattern
// (/dev/ttyUSB*) for every port it matches; it returns what to say.
func (u *hallUI) addPorts(typed string) string {
	typed = strings.TrimSpace(typed)
	if typed == "" {
		return lang.L("Type a board's port, or a pattern such as /dev/ttyUSB* for every board.")
	}
	ports := []string{typed}
	if strings.ContainsAny(typed, "*?[") {
		m, err := filepath.Glob(typed)
		if err != nil || len(m) == 0 {
			return lang.L("No port matches {{.Pattern}}.", map[string]any{"Pattern": typed})
		}
		// In number order: /dev/ttyUSB2 before /dev/ttyUSB10.
		slices.SortStableFunc(m, func(a, b string) int { return cmp.Or(cmp.Compare(len(a), len(b)), cmp.Compare(a, b)) })
		ports = m
	}
	h, err := u.ensure()
	if err != nil {
		return publishErrorText(err)
	}
	var said []string
	for _, p := range ports {
		_, err := h.Add(p)
		switch {
		case errors.Is(err, hall.ErrNoPairing):
			said = append(said, publishErrorText(err))
		case err != nil:
			said = append(said, lang.L("{{.Port}} is board {{.Number}} already.", map[string]any{"Port": p, "Number": boardOf(h, p)}))
		}
	}
	return strings.Join(said, "\n")
}

func boardOf(h *hall.Hall, port string) int {
	for _, b := range h.Boards() {
		if b.Port == port {
			return b.Number
		}
	}
	return 0
}

// openDialog opens View › Hall…: the port to add, and every board small.
func (u *hallUI) openDialog() {
	d := &hallDialog{ports: widget.NewSelectEntry(app.BoardPorts()), said: widget.NewLabel(""),
		grid: container.NewGridWrap(fyne.NewSize(hallTileWidth, 290))}
	d.said.Wrapping = fyne.TextWrapWord
	d.ports.SetPlaceHolder("/dev/ttyUSB*")
	d.add = widget.NewButton(lang.L("Add boards"), func() {
		said := u.addPorts(d.ports.Text)
		d.repaint(u)
		if said != "" || u.h != nil {
			d.said.SetText(said) // else repaint says how to begin
		}
		// The entry's blinking cursor would repaint the window many times a
		// second: twice the cost of the boards' clocks (issue 48's measure).
		u.host.Window().Canvas().Unfocus()
	})
	d.add.Importance = widget.HighImportance
	top := container.NewVBox(
		widget.NewForm(widget.NewFormItem(lang.L("Port"), container.NewBorder(nil, nil, nil, d.add, d.ports))),
		widget.NewLabel(lang.L("Each board records its own game under the arbiter's rules; the result by the kings ends it. A board's button opens it in full.")),
		d.said)
	d.round = u.newRoundForm()
	tabs := container.NewAppTabs(
		container.NewTabItem(lang.L("Boards"), container.NewBorder(top, nil, nil, nil, container.NewVScroll(d.grid))),
		container.NewTabItem(lang.L("Round and publishing"), d.round.box))
	d.d = dialog.NewCustom(lang.L("Hall"), lang.L("Close"), tabs, u.host.Window())
	d.d.SetOnClosed(func() {
		u.open = nil
		if u.h == nil || u.h.Publishing() == nil {
			u.stopTick() // a round published goes on being published on the tick
		}
	})
	u.open = d
	if u.stop == nil {
		u.startTick()
	}
	d.repaint(u)
	d.d.Resize(fyne.NewSize(1100, 760))
	u.host.windowDialogs().show(dlgHall, d.d)
}

// repaint brings the tiles up to date: a tile for each new board, and the
// labels and board of each that changed.
func (d *hallDialog) repaint(u *hallUI) {
	if u.h == nil {
		if len(d.tiles) == 0 {
			d.said.SetText(lang.L("No board yet: add the boards' ports (a pattern such as /dev/ttyUSB* adds every match)."))
		}
		return
	}
	for _, b := range u.h.Boards()[len(d.tiles):] {
		t := newHallTile(b, func() { u.openBoard(b) })
		d.tiles = append(d.tiles, t)
		d.grid.Add(t.box)
	}
	for _, t := range d.tiles {
		t.repaint(u.host.playerWords())
	}
	if err := u.h.PublishErr(); d.round != nil && err != d.pubErr {
		d.pubErr = err
		u.sayPublishing(d.round)
	}
}

// hallTileWidth is the width of a board's tile in the hall.
const hallTileWidth = 200

func newHallTile(b *hall.Board, open func()) *hallTile {
	t := &hallTile{b: b, open: widget.NewButton("", open), board: board.NewThumbnail(),
		clocks: widget.NewLabel(""), last: widget.NewLabel(""), need: widget.NewLabel("")}
	t.need.Wrapping = fyne.TextWrapWord
	t.need.Importance = widget.DangerImportance
	t.board.OnTapped = open
	t.box = container.NewBorder(t.open, container.NewVBox(t.clocks, t.last, t.need), nil, nil, t.board)
	return t
}

// repaint redraws what changed of the tile.
func (t *hallTile) repaint(wd *words) {
	tl := t.b.Tile()
	p := t.b.Session.Game().End().Position()
	t.board.SetPieces(p.Board())
	if k := fmt.Sprintf("%+v", tl); k != t.shown {
		t.shown = k
	} else {
		return
	}
	// The players as far as the tile's width lets them (bold, as a
	// button's text is, is wider than FitText measures); the board opened
	// in full names them whole.
	title := lang.L("{{.Number}}: {{.White}} – {{.Black}}", map[string]any{"Number": tl.Number, "White": tl.White, "Black": tl.Black})
	t.open.SetText(widgets.FitText(title, (hallTileWidth-4*theme.InnerPadding())*0.92, theme.TextSize()))
	if tl.HasClocks {
		// Whole seconds, as the DGT clock shows them.
		t.clocks.SetText(clock.FormatPGNClock(tl.Clocks[0].Truncate(time.Second)) + "  ·  " +
			clock.FormatPGNClock(tl.Clocks[1].Truncate(time.Second)))
	} else {
		t.clocks.SetText(lang.L("no clock"))
	}
	switch {
	case !tl.Started:
		t.last.SetText(lang.L("Set up the start position to begin."))
	case tl.LastMove == "":
		t.last.SetText(lang.L("No move yet"))
	default:
		// "23. Nf3": the move in the players' piece letters.
		i := strings.LastIndexByte(tl.LastMove, ' ')
		t.last.SetText(tl.LastMove[:i+1] + wd.san(tl.LastMove[i+1:]))
	}
	need := ""
	if tl.Need != hall.NeedNone {
		need = "⚑ " + wd.say(tl.Why)
	}
	t.need.SetText(need)
}

// openBoard opens board b in full: its game, and the arbiter's
// corrections, each written into the game as the arbiter's event.
func (u *hallUI) openBoard(b *hall.Board) {
	s := b.Session
	big := board.New()
	big.SetView(s.Board())
	status := widget.NewLabel("")
	status.Wrapping = fyne.TextWrapWord
	now := func() [64]chess.Piece {
		p := s.Game().End().Position()
		return p.Board()
	}
	shown := now()
	show := func(err error) {
		shown = now()
		big.SetView(s.Board())
		text := u.host.playerWords().say(s.Status().Message)
		if st := s.Status(); st.Over {
			text = st.Result.String() + " " + u.host.playerWords().say(st.Reason)
		}
		if err != nil {
			text = u.host.windowDialogs().problemText(err)
		}
		status.SetText(text)
	}
	buttons := u.corrections(b, show)
	show(nil)
	title := lang.L("Board {{.Number}}: {{.White}} – {{.Black}}", map[string]any{"Number": b.Number,
		"White": s.Game().Tags.Value("White"), "Black": s.Game().Tags.Value("Black")})
	d := dialog.NewCustom(title, lang.L("Close"), container.NewBorder(nil, container.NewVBox(status, buttons), nil, nil, big), u.host.Window())
	d.Resize(fyne.NewSize(640, 720))
	u.board = func() { // the moves made meanwhile, on the shared tick
		if now() != shown {
			show(nil)
		}
	}
	d.SetOnClosed(func() { u.board = nil })
	u.host.windowDialogs().show(dlgHallBoard, d)
}

// corrections are the arbiter's buttons at a board opened in full, each
// written into the game as the arbiter's event; show redraws the board and
// says what came of it.
func (u *hallUI) corrections(b *hall.Board, show func(error)) fyne.CanvasObject {
	s := b.Session
	declare := func(c chess.Color) func() {
		return func() { show(s.ArbiterDeclare(c, "")) }
	}
	addTime := func(c chess.Color) func() {
		return func() { show(s.ArbiterAddTime(c, 2*time.Minute)) }
	}
	return container.NewGridWithColumns(3,
		widget.NewButton(lang.L("White wins"), declare(chess.White)),
		widget.NewButton(lang.L("Draw"), declare(chess.NoColor)),
		widget.NewButton(lang.L("Black wins"), declare(chess.Black)),
		widget.NewButton(lang.L("2 minutes to White"), addTime(chess.White)),
		widget.NewButton(lang.L("Pause or resume the clocks"), func() { show(s.ArbiterPause()) }),
		widget.NewButton(lang.L("2 minutes to Black"), addTime(chess.Black)),
		widget.NewButton(lang.L("Take back a misread move"), func() { show(s.ArbiterTakeBack()) }),
		widget.NewButton(lang.L("Replay from the board"), func() { show(s.ArbiterReplayBoard()) }),
		widget.NewButton(lang.L("Set a clock…"), func() { u.setClock(b, show) }),
		widget.NewButton(lang.L("Add a note…"), func() { u.addNote(b, show) }))
}

// setClock asks for a side and the time to set its clock to (h:mm:ss).
func (u *hallUI) setClock(b *hall.Board, show func(error)) {
	s := b.Session
	sides := []string{lang.L("White"), lang.L("Black")}
	side := widget.NewRadioGroup(sides, nil)
	side.Horizontal = true
	side.SetSelected(sides[0])
	at := widget.NewEntry()
	at.Validator = validTime
	at.SetPlaceHolder("1:30:00")
	if faces, ok := s.ClockFaces(); ok {
		at.SetText(clock.FormatPGNClock(max(faces[0].Time, 0).Truncate(time.Second)))
	}
	d := dialog.NewForm(lang.L("Set a clock"), lang.L("Set"), lang.L("Cancel"), []*widget.FormItem{
		widget.NewFormItem(lang.L("Side"), side),
		widget.NewFormItem(lang.L("Time"), at),
	}, func(ok bool) {
		if !ok {
			return
		}
		c := chess.White
		if side.Selected == sides[1] {
			c = chess.Black
		}
		v, err := clock.ParsePGNClock(at.Text)
		if err == nil {
			err = s.ArbiterSetTime(c, v)
		}
		show(err)
	}, u.host.Window())
	at.OnSubmitted = func(string) { d.Submit() }
	u.host.windowDialogs().show(dlgHallClock, d)
	// The keys are the entry's, not the window's shortcuts; typing
	// replaces the time the clock shows.
	focusSelected(u.host.Window().Canvas(), at)
}

// addNote asks for the arbiter's note and writes it into the score.
func (u *hallUI) addNote(b *hall.Board, show func(error)) {
	note := widget.NewMultiLineEntry()
	note.SetPlaceHolder(lang.L("e.g. the board re-set by the arbiter after a knock"))
	note.Validator = func(t string) error {
		if strings.TrimSpace(t) == "" {
			return errors.New(lang.L("Type the note to write in the score."))
		}
		return nil
	}
	d := dialog.NewForm(lang.L("Add a note"), lang.L("Add"), lang.L("Cancel"), []*widget.FormItem{
		widget.NewFormItem(lang.L("Note"), note),
	}, func(ok bool) {
		if ok {
			show(b.Session.ArbiterNote(note.Text))
		}
	}, u.host.Window())
	d.Resize(fyne.NewSize(480, 240))
	u.host.windowDialogs().show(dlgHallNote, d)
	u.host.Window().Canvas().Focus(note) // the keys are the entry's, not the window's shortcuts
}

// offerRound asks once, at start, whether to bring back the round a crash
// left in the hall's folder — one question for the round, not one a board —
// and then runs next (the window's own games left by a crash).
func (u *hallUI) offerRound(next func()) {
	u.asked = true
	dir := u.host.hallFolder()
	if dir == "" {
		next()
		return
	}
	seats, err := hall.Crashed(dir)
	if err != nil {
		u.host.windowDialogs().showNotice(dlgJournalErrors, dialog.NewInformation(lang.L("Hall"), withDetail(lang.L("The round left by a crash cannot be read."), err), u.host.Window()), next)
		return
	}
	if len(seats) == 0 {
		next()
		return
	}
	question := lang.L("Touchmove did not close cleanly while it recorded a hall.\nBring back the round of {{.Count}} boards? Each board's game goes on from its journal.", map[string]any{"Count": len(seats)})
	u.host.windowDialogs().confirmRound(lang.L("Bring back the round?"), question, func(yes bool) {
		if yes {
			u.resume(seats)
		} else if err := hall.Forget(dir); err != nil {
			u.host.windowDialogs().showError(err)
		}
		next()
	})
}

// resume records the boards of the round a crash left again, on the same
// ports, each game from its journal, publishes it again when it was, and
// shows the hall.
func (u *hallUI) resume(seats []hall.Seated) {
	h, err := u.ensure()
	if err != nil {
		u.host.windowDialogs().showProblem(publishErrorText(err))
		return
	}
	var errs []error
	for _, s := range seats {
		b, err := h.Add(s.Port)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		errs = append(errs, b.Errs()...)
	}
	if settingKeys().hallPublishing.get(u.host.preferences()) {
		if err := u.publish(); err != nil {
			errs = append(errs, err)
		}
	}
	u.openDialog()
	if err := errors.Join(errs...); err != nil && u.open != nil {
		u.open.said.SetText(withDetail(lang.L("Some boards' games could not be brought back; their journals are kept."), err))
	}
}
