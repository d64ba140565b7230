package ui

import (
	"context"
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"touchmove/app"
	"touchmove/app/analysis"
	"touchmove/app/boardview"
	"touchmove/app/opponent"
	"touchmove/core/chess"
	"touchmove/core/game"
)

// The engine as an opponent (design.md §8): the driver that plays its
// moves, the hint arrow, and the Opponent tab of the new-game dialog.

// hintTime is how long the engine looks for a hint.
const hintTime = time.Second

// opponentUI is the window's side of the engines that play: the driver and
// the hint shown.
type opponentUI struct {
	host   opponentHost
	driver *app.Driver
	post   func(func()) // runs the engines' answers on the UI goroutine: fyne.Do
	// hint is the engine's hint as an arrow, shown while the game stands at
	// the position it was asked in.
	hint     boardview.Arrow
	hintGame *game.Game
	hintPly  int
	hinted   bool
	lastTab  *opponentTab // the Opponent tab opened last (tests look into it)
}

// opponentHost is what the engines' side of the window asks of it
// (*Window, hosts.go): the session they play in, the preferences, the
// message line in the players' words, the redraw, and the window's life
// for the work done off the UI goroutine.
type opponentHost interface {
	gameSession() *app.Session
	preferences() fyne.Preferences
	playerWords() *words
	notice(text string)
	refresh()
	background(f func())
	lifeContext() context.Context
	windowDialogs() *dialogs
}

// engineInfo is what an engine declared, or why it could not be asked.
type engineInfo struct {
	name    string
	options []analysis.Option
	err     error
}

// Option returns the engine's option called name (opponent.Options).
func (e *engineInfo) Option(name string) (analysis.Option, bool) {
	for _, o := range e.options {
		if strings.EqualFold(o.Name, name) {
			return o, true
		}
	}
	return analysis.Option{}, false
}

// initOpponent makes the driver of the session's engines; it follows the
// session before the window redraws, so that "thinking…" shows at once.
func (w *Window) initOpponent() {
	prefs := w.app.Preferences()
	opts := map[string]string{
		"Threads": strconv.Itoa(settingKeys().engineThreads.get(prefs)),
		"Hash":    strconv.Itoa(settingKeys().engineHash.get(prefs)),
	}
	if w.opp == nil {
		w.opp = &opponentUI{post: fyne.Do}
	}
	w.opp.host = w
	w.opp.driver = app.NewDriver(w.session, w.opp.post, app.DriverConfig{Options: opts,
		MinThink: 600 * time.Millisecond, Untimed: 2 * time.Second})
	w.session.OnChange(w.opp.driver.Update)
}

// engineDefaults says what plays the engine's side of a continued game:
// the engine chosen in View › Chess engine… (else the one found), answering
// as the Opponent tab last said.
func (w *Window) engineDefaults() app.EngineDefaults {
	prefs := w.app.Preferences()
	d := app.EngineDefaults{Path: settingKeys().enginePath.get(prefs),
		ResignWhenLost: settingKeys().engineResigns.get(prefs),
		AcceptDraws:    settingKeys().engineAcceptsDraws.get(prefs)}
	if d.Path == "" {
		if found, err := analysis.FindEngine(); err == nil {
			d.Path = found
		}
	}
	return d
}

// WithEnginePost makes the engines' answers reach the window through post
// instead of fyne.Do (tests run them on their own goroutine).
func WithEnginePost(post func(func())) WindowOption {
	return func(w *Window) { w.opp = &opponentUI{post: post} }
}

// The choices of the Opponent tab, by index.
const (
	seatPerson = iota
	seatEngine
)

// oddsFEN returns the start position less the piece of material odds i
// (1 the f-pawn, 2 the queen's knight, 3 the queen's rook, 4 the queen)
// of giver, with the castling right the rook takes along.
func oddsFEN(i int, giver chess.Color) string {
	const black, white = "rnbqkbnr/pppppppp", "PPPPPPPP/RNBQKBNR"
	without := [][2]string{{}, {"PPPPP1PP/RNBQKBNR", "rnbqkbnr/ppppp1pp"}, {"PPPPPPPP/R1BQKBNR", "r1bqkbnr/pppppppp"},
		{"PPPPPPPP/1NBQKBNR", "1nbqkbnr/pppppppp"}, {"PPPPPPPP/RNB1KBNR", "rnb1kbnr/pppppppp"}}
	b, w, castling := black, white, "KQkq"
	if giver == chess.White {
		w = without[i][0]
	} else {
		b = without[i][1]
	}
	if i == 3 {
		castling = map[chess.Color]string{chess.White: "Kkq", chess.Black: "KQk"}[giver]
	}
	return b + "/8/8/8/8/" + w + " w " + castling + " - 0 1"
}

// levelPicker chooses a level from ten buttons; the levels the engine
// cannot play are greyed, and the line under them says why.
type levelPicker struct {
	buttons  []*widget.Button
	selected int
	about    *widget.Label
	why      *widget.Label
	box      *fyne.Container
	info     *engineInfo
}

func newLevelPicker(selected int) *levelPicker {
	lp := &levelPicker{selected: selected, about: widget.NewLabel(""), why: widget.NewLabel("")}
	lp.why.Wrapping = fyne.TextWrapWord
	lp.why.Importance = widget.WarningImportance
	grid := container.NewGridWithColumns(10)
	for n := opponent.MinLevel; n <= opponent.MaxLevel; n++ {
		b := widget.NewButton(strconv.Itoa(n), func() { lp.choose(n) })
		lp.buttons = append(lp.buttons, b)
		grid.Add(b)
	}
	lp.box = container.NewVBox(grid, lp.about, lp.why)
	lp.show()
	return lp
}

func (lp *levelPicker) choose(n int) {
	lp.selected = n
	lp.show()
}

// levelName says level lv and its rating.
func levelName(lv opponent.Level) string {
	if lv.Method == opponent.Full {
		return lang.L("Level {{.Level}}: the engine's full strength", map[string]any{"Level": lv.N})
	}
	return lang.L("Level {{.Level}}: about {{.Rating}} Elo", map[string]any{"Level": lv.N, "Rating": lv.Rating})
}

// unsupported says why the engine cannot play lv, or "" when it can.
func (lp *levelPicker) unsupported(lv opponent.Level) string {
	if lp.info == nil {
		return ""
	}
	if lp.info.err != nil {
		return lang.L("The engine could not be started: choose one in View › Chess engine….")
	}
	if _, err := opponent.SettingFor(lp.info, opponent.Strength{Level: lv.N}); err != nil {
		if lv.Method == opponent.Weakened {
			return lang.L("Levels 1–8 need the engine's MultiPV option, which this engine lacks.")
		}
		return lang.L("Level 9 needs the engine's UCI_Elo (reaching its rating) or Skill Level option, which this engine lacks.")
	}
	return ""
}

// show marks the chosen level and greys what the engine cannot play.
func (lp *levelPicker) show() {
	var whys []string
	for i, b := range lp.buttons {
		lv, _ := opponent.LevelOf(i + 1)
		why := lp.unsupported(lv)
		if why != "" {
			b.Disable()
			if len(whys) == 0 || whys[len(whys)-1] != why {
				whys = append(whys, why)
			}
		} else {
			b.Enable()
		}
		b.Importance = widget.MediumImportance
		if i+1 == lp.selected {
			b.Importance = widget.HighImportance
		}
		b.Refresh()
	}
	lv, _ := opponent.LevelOf(lp.selected)
	lp.about.SetText(levelName(lv))
	lp.why.SetText(strings.Join(whys, " "))
	if len(whys) == 0 {
		lp.why.Hide()
	} else {
		lp.why.Show()
	}
}

// valid reports whether the chosen level can be played.
func (lp *levelPicker) valid() bool {
	lv, _ := opponent.LevelOf(lp.selected)
	return lp.unsupported(lv) == ""
}

// opponentTab is the Opponent tab of the new-game dialog.
type opponentTab struct {
	host         opponentHost
	path         string
	form         *fyne.Container // the tab's content: a form rebuilt by arrange
	seats        [2]*widget.Select
	levels       [2]*levelPicker
	odds, giver  *widget.Select
	resign, draw *widget.Check
}

// arrange shows the level of each side the engine plays.
//
// A new form each time: a Fyne Form does not take items out of its middle.
func (t *opponentTab) arrange() {
	var items []*widget.FormItem
	for c, name := range []string{lang.L("White"), lang.L("Black")} {
		items = append(items, widget.NewFormItem(name, t.seats[c]))
		if t.seats[c].SelectedIndex() == seatEngine {
			items = append(items, widget.NewFormItem(lang.L("Level"), t.levels[c].box))
		}
	}
	items = append(items, widget.NewFormItem(lang.L("Material odds"), t.odds))
	if t.odds.SelectedIndex() > 0 {
		items = append(items, widget.NewFormItem(lang.L("Given by"), t.giver))
	}
	items = append(items, widget.NewFormItem("", t.resign), widget.NewFormItem("", t.draw))
	t.form.Objects = []fyne.CanvasObject{container.NewVScroll(widget.NewForm(items...))}
	t.form.Refresh()
}

// apply completes the new game's options with the odds, and returns the
// engines to seat once the game has started; ok is false (the problem
// shown) when the choices cannot be played.
func (t *opponentTab) apply(o *app.NewGameOptions) (app.Opponents, bool) {
	prefs := t.host.preferences()
	var opp app.Opponents
	path := t.path
	if path == "" {
		if found, err := analysis.FindEngine(); err == nil {
			path = found
		}
	}
	for c := range t.seats {
		seatKey, levelKey := settingKeys().opponent(chess.Color(c))
		seatKey.set(prefs, t.seats[c].SelectedIndex())
		levelKey.set(prefs, t.levels[c].selected)
		if t.seats[c].SelectedIndex() != seatEngine {
			continue
		}
		if path == "" {
			t.host.windowDialogs().showProblem(noOpponentEngineText())
			return opp, false
		}
		if !t.levels[c].valid() {
			t.host.windowDialogs().showProblem(lang.L("This engine cannot play the level chosen: choose another level or engine."))
			return opp, false
		}
		seat := &app.EngineSeat{Path: path, Level: t.levels[c].selected, Seed: rand.Uint64()}
		if info := t.levels[c].info; info != nil {
			seat.Name = info.name
		}
		if c == int(chess.White) {
			opp.White = seat
		} else {
			opp.Black = seat
		}
	}
	if i := t.odds.SelectedIndex(); i > 0 {
		if o.FEN != "" || o.Chess960 {
			t.host.windowDialogs().showProblem(lang.L("Material odds are given from the standard start: clear the FEN and choose the standard variant."))
			return opp, false
		}
		o.FEN = oddsFEN(i, chess.Color(max(t.giver.SelectedIndex(), 0)))
	}
	opp.ResignWhenLost, opp.AcceptDraws = t.resign.Checked, t.draw.Checked
	settingKeys().engineResigns.set(prefs, t.resign.Checked)
	settingKeys().engineAcceptsDraws.set(prefs, t.draw.Checked)
	return opp, true
}

// closeOpponent stops the engines (on quitting).
func (ou *opponentUI) closeOpponent() {
	if ou != nil {
		ou.driver.Close()
	}
}

// thinking says that an engine is thinking, or "".
func (ou *opponentUI) thinking() string {
	if ou == nil {
		return ""
	}
	c, ok := ou.driver.Thinking()
	if !ok {
		return ""
	}
	return lang.L(colorPhrase(c, "White (the engine) is thinking…", "Black (the engine) is thinking…"))
}

// hintArrow returns the hint to draw, while the game is where it was asked.
func (ou *opponentUI) hintArrow() (boardview.Arrow, bool) {
	if ou == nil || !ou.hinted {
		return boardview.Arrow{}, false
	}
	s := ou.host.gameSession()
	if s.Game() != ou.hintGame || s.Game().PlyCount() != ou.hintPly || s.Current() != s.Game().End() {
		return boardview.Arrow{}, false
	}
	return ou.hint, true
}

// askHint asks the engine for the best move, shown as an arrow and written
// into the game as a comment.
func (ou *opponentUI) askHint() {
	if st := ou.host.gameSession().CanHint(); !st.Enabled {
		ou.host.notice(ou.host.playerWords().say(st.Why))
		return
	}
	ou.host.notice(lang.L("The engine looks for a hint…"))
	g, ply := ou.host.gameSession().Game(), ou.host.gameSession().Game().PlyCount()
	ou.driver.Hint(hintTime, func(m chess.Move, err error) {
		if err != nil {
			if !errors.Is(err, app.ErrStaleEngineMove) {
				ou.host.notice(ou.host.playerWords().sayErr(err))
			}
			return
		}
		ou.hint = boardview.Arrow{From: m.From(), To: m.KingTo(), Color: boardview.Blue}
		ou.hintGame, ou.hintPly, ou.hinted = g, ply, true
		ou.host.refresh()
	})
}

// newOpponentTab builds the tab from the last choices, and asks the engine
// what it offers in the background.
func (ou *opponentUI) newOpponentTab() *opponentTab {
	prefs := ou.host.preferences()
	t := &opponentTab{host: ou.host, form: container.NewStack()}
	ou.lastTab = t
	seatNames := []string{lang.L("A person"), lang.L("The engine")}
	for c := range t.seats {
		seat, level := settingKeys().opponent(chess.Color(c))
		t.seats[c] = widget.NewSelect(seatNames, nil)
		t.seats[c].SetSelectedIndex(seat.get(prefs))
		t.levels[c] = newLevelPicker(min(max(level.get(prefs), 1), opponent.MaxLevel))
	}
	t.odds = widget.NewSelect([]string{lang.L("None"), lang.L("The f-pawn (f2 or f7)"), lang.L("A knight (b1 or b8)"),
		lang.L("A rook (a1 or a8)"), lang.L("The queen")}, nil)
	t.odds.SetSelectedIndex(0)
	t.giver = widget.NewSelect([]string{lang.L("White"), lang.L("Black")}, nil)
	t.giver.SetSelectedIndex(0)
	t.resign = widget.NewCheck(lang.L("The engine resigns a lost game"), nil)
	t.resign.SetChecked(settingKeys().engineResigns.get(prefs))
	t.draw = widget.NewCheck(lang.L("The engine accepts a draw offer in a level position"), nil)
	t.draw.SetChecked(settingKeys().engineAcceptsDraws.get(prefs))
	t.path = settingKeys().enginePath.get(prefs)
	for _, sel := range []*widget.Select{t.seats[0], t.seats[1], t.odds} {
		sel.OnChanged = func(string) { t.arrange() }
	}
	t.arrange()
	ou.host.background(func() {
		info := ou.engineInfo(t.path)
		ou.post(func() {
			for _, lp := range t.levels {
				lp.info = info
				lp.show()
			}
		})
	})
	return t
}

// engineInfo starts the engine at path (the default one if "") to learn
// its options; it runs off the UI goroutine, each time the dialog opens
// (an engine starts in a fraction of a second, and may have been replaced).
func (ou *opponentUI) engineInfo(path string) *engineInfo {
	if path == "" {
		found, err := analysis.FindEngine()
		if err != nil {
			return &engineInfo{err: err}
		}
		path = found
	}
	ctx, cancel := context.WithTimeout(ou.host.lifeContext(), 10*time.Second)
	defer cancel()
	info, err := analysis.Probe(ctx, path)
	if err != nil {
		return &engineInfo{err: err}
	}
	return &engineInfo{name: info.Name, options: info.Options}
}
