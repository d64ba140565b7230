package ui

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"touchmove/app"
	"touchmove/app/analysis"
	"touchmove/app/boardview"
	"touchmove/app/store"
	"touchmove/core/chess"
	"touchmove/core/game"
	"touchmove/core/msg"
	"touchmove/ui/widgets"
)

// enginePane shows the session's live analysis (app.LiveAnalysis) beside
// the notation: the engine's lines for the position shown (click a move to
// play the line up to it), depth and speed, the best move as an arrow on
// the board, an evaluation bar beside the board and a graph of the game's
// evaluations under the notation. The analysis is off until turned on,
// never on during a game under FIDE rules, and in a casual game only once
// turned on for that game.
type enginePane struct {
	host engineHost
	// do runs the engine's words on the Fyne goroutine (fyne.Do; the tests
	// run it on theirs).
	do     func(func())
	title  *widget.Label
	toggle *widget.Button
	lines  *widget.Select
	rows   []*widgets.PVLine
	box    *fyne.Container
	rowBox *fyne.Container
	bar    *widgets.EvalBar
	graph  *widgets.EvalGraph
}

// engineHost is what the engine's pane asks of its window (*Window,
// hosts.go): the session whose analysis it shows, the settings, the
// window's redraw and the board's (the best move's arrow), and the message
// line in the players' words.
type engineHost interface {
	gameSession() *app.Session
	preferences() fyne.Preferences
	refresh()
	redrawBoard()
	notice(text string)
	playerWords() *words
}

func newEnginePane(host engineHost) *enginePane {
	p := &enginePane{host: host, do: fyne.Do, title: widget.NewLabel(""), bar: widgets.NewEvalBar(), graph: widgets.NewEvalGraph()}
	p.title.Truncation = fyne.TextTruncateEllipsis
	p.title.Importance = widget.LowImportance
	p.toggle = widget.NewButton(lang.L("Engine: off (L)"), p.flip)
	p.lines = widget.NewSelect([]string{"1", "2", "3", "4", "5"}, func(s string) {
		n, _ := strconv.Atoi(s)
		if n != p.lineCount() {
			settingKeys().engineLines.set(host.preferences(), n)
			p.restart()
		}
	})
	p.lines.SetSelectedIndex(p.lineCount() - 1)
	p.rowBox = container.NewVBox()
	for i := range 5 {
		row := widgets.NewPVLine()
		row.OnMove = func(m int) { p.playLine(i, m) }
		p.rows = append(p.rows, row)
	}
	p.lines.PlaceHolder = lang.L("lines")
	p.box = container.NewVBox(container.NewBorder(nil, nil, p.toggle, container.NewHBox(widget.NewLabel(lang.L("Lines:")), p.lines), p.title), p.rowBox)
	p.graph.OnSelect = func(ply int) {
		n := host.gameSession().Shown().Root()
		for i := 0; i < ply && n.Next() != nil; i++ {
			n = n.Next()
		}
		host.gameSession().GoTo(n)
	}
	host.gameSession().Analysis().OnUpdate(p.update)
	return p
}

// analysis returns the session's live analysis, which the pane shows.
func (p *enginePane) analysis() *app.LiveAnalysis { return p.host.gameSession().Analysis() }

func (p *enginePane) lineCount() int {
	return max(1, min(5, settingKeys().engineLines.get(p.host.preferences())))
}

// config returns the engine and its settings from the preferences.
func (p *enginePane) config() (analysis.LiveConfig, error) {
	prefs := p.host.preferences()
	path := settingKeys().enginePath.get(prefs)
	if path == "" {
		found, err := analysis.FindEngine()
		if err != nil {
			return analysis.LiveConfig{}, err
		}
		path = found
	} else if _, err := exec.LookPath(path); err != nil {
		return analysis.LiveConfig{}, &missingEngine{path: path, err: err}
	}
	threads := settingKeys().engineThreads.get(prefs)
	hash := settingKeys().engineHash.get(prefs)
	opts := engineOptions(prefs)
	opts["Threads"], opts["Hash"] = strconv.Itoa(threads), strconv.Itoa(hash)
	cfg := analysis.LiveConfig{Lines: p.lineCount(), Options: opts}
	cfg.Engine.Path = path
	return cfg, nil
}

// missingEngine: the engine chosen in View › Chess engine… cannot be run.
type missingEngine struct {
	path string
	err  error
}

func (e *missingEngine) Error() string { return "engine " + e.path + ": " + e.err.Error() }
func (e *missingEngine) Unwrap() error { return e.err }

// flip turns the analysis on or off.
func (p *enginePane) flip() {
	an := p.analysis()
	if an.On() {
		p.stop()
		p.host.refresh()
		return
	}
	if st := p.host.gameSession().Can(app.ActionEngine); !st.Enabled {
		p.host.notice(p.host.playerWords().say(st.Why))
		return
	}
	cfg, err := p.config()
	if err != nil {
		// Said where it is read in full, the message line, and beside the
		// button, where it is cut to the pane's width.
		why := noEngineText()
		var me *missingEngine
		if errors.As(err, &me) {
			why = engineNotRunText(me.path)
		}
		p.host.notice(why)
		p.title.SetText(why)
		p.title.Importance = widget.WarningImportance
		p.title.Refresh()
		return
	}
	if err := an.Start(cfg, p.do); err != nil {
		p.host.notice(p.host.playerWords().say(msg.TextOf(err)))
		return
	}
	p.host.refresh()
}

// restart starts the engine again with new settings, if it runs.
func (p *enginePane) restart() {
	if p.analysis().On() {
		p.stop()
		p.flip()
	}
}

// stop turns the analysis off and clears the pane.
func (p *enginePane) stop() {
	p.analysis().Stop()
	p.clear()
}

// clear empties the pane of the engine's words, and the board of its arrow.
func (p *enginePane) clear() {
	p.title.Importance = widget.LowImportance
	p.title.SetText("")
	p.rowBox.RemoveAll()
	p.host.redrawBoard() // without the engine's arrow
}

// follow has the analysis follow the node shown, and shows whether it is
// on; when the session no longer allows an engine, the analysis turns off
// and the message line says why.
func (p *enginePane) follow() {
	an := p.analysis()
	was := an.On()
	why := an.Follow()
	if was && !an.On() {
		p.clear()
		if !why.IsZero() {
			p.host.notice(p.host.playerWords().say(why))
		}
	}
	on := an.On()
	p.toggle.SetText(lang.L(map[bool]string{true: "Engine: on (L)", false: "Engine: off (L)"}[on]))
	if on {
		p.toggle.Importance = widget.HighImportance
	} else {
		p.toggle.Importance = widget.MediumImportance
	}
	p.toggle.Refresh()
	p.showBar()
	p.showGraph()
}

// update shows what the engine said of the position shown; the analysis
// tells it (app.LiveAnalysis.OnUpdate).
func (p *enginePane) update(l analysis.Live) {
	if l.Err != nil {
		// The analysis is off by now, and its engine going.
		p.title.Importance = widget.DangerImportance
		p.title.SetText(l.Err.Error() + " — turn the engine on again to restart it.")
		p.host.notice(withDetail(lang.L("The chess engine stopped working."), l.Err))
		p.host.refresh()
		return
	}
	p.title.Importance = widget.LowImportance
	p.title.SetText(lang.L("{{.Engine}} · depth {{.Depth}} · {{.Speed}}", map[string]any{"Engine": l.Engine, "Depth": l.Depth, "Speed": speed(l.NPS)}))
	cur := p.host.gameSession().Current()
	pos := cur.Position()
	// Scores are White's, or the side to move's (View › Engine scores).
	sideView := settingKeys().engineSideToMove.get(p.host.preferences()) && pos.Turn() == chess.Black
	p.rowBox.RemoveAll()
	for i, line := range l.Lines {
		if i >= len(p.rows) {
			break
		}
		sc, bound := line.Score, line.Bound
		if sideView {
			sc.Moves, sc.Centipawns = -sc.Moves, -sc.Centipawns
			bound = map[string]string{"≥": "≤", "≤": "≥"}[bound]
		}
		sans := make([]string, len(line.SAN))
		for k, san := range line.SAN {
			sans[k] = p.host.playerWords().san(san)
		}
		p.rows[i].Set(bound+sc.String(), "d"+strconv.Itoa(line.Depth), numbered(cur, sans))
		p.rowBox.Add(p.rows[i])
	}
	p.showBar()
	p.host.redrawBoard() // the best-move arrow
}

// speed writes nodes per second for people: "1.2 Mn/s".
func speed(nps int64) string {
	switch {
	case nps >= 1e6:
		return fmt.Sprintf("%.1f Mn/s", float64(nps)/1e6)
	case nps >= 1e3:
		return fmt.Sprintf("%.0f kn/s", float64(nps)/1e3)
	}
	return fmt.Sprintf("%d n/s", nps)
}

// numbered writes a line's moves with move numbers, from the node n.
func numbered(n *game.Node, sans []string) []string {
	pos := n.Position()
	num, white := pos.FullMoveNumber(), pos.Turn() == chess.White
	out := make([]string, len(sans))
	for i, san := range sans {
		switch {
		case white:
			out[i] = strconv.Itoa(num) + ". " + san
		case i == 0:
			out[i] = strconv.Itoa(num) + "... " + san
		default:
			out[i] = san
		}
		if !white {
			num++
		}
		white = !white
	}
	return out
}

// arrow returns the engine's best move at the node shown, if it has one.
func (p *enginePane) arrow() (boardview.Arrow, bool) {
	m, ok := p.analysis().Best()
	if !ok {
		return boardview.Arrow{}, false
	}
	return boardview.Arrow{From: m.From(), To: m.KingTo(), Color: boardview.Engine}, true
}

// showBar shows the evaluation of the node shown: the engine's while it
// runs, else the game's [%eval]; a blank bar, in its place, when there is neither.
func (p *enginePane) showBar() {
	flipped := p.host.gameSession().Flipped()
	if l, ok := p.analysis().Word(); ok && len(l.Lines) > 0 {
		sc := l.Lines[0].Score
		p.bar.Set(float32(sc.WinPercent(chess.White)/100), short(sc), flipped)
		return
	}
	if e, ok := p.host.gameSession().Current().Eval(); ok {
		sc := analysis.Score{Mate: e.Mate, Moves: e.Moves, Centipawns: e.Centipawns}
		p.bar.Set(float32(sc.WinPercent(chess.White)/100), short(sc), flipped)
		return
	}
	p.bar.Clear()
}

// short writes a score for the narrow bar: "+0.4", "#3".
func short(s analysis.Score) string {
	if s.Mate || s.Mated {
		return "#" + strconv.Itoa(abs(s.Moves))
	}
	return fmt.Sprintf("%+.1f", float64(s.Centipawns)/100)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// showGraph draws the main line's [%eval]s, with the move shown marked; no
// graph when the game has none.
func (p *enginePane) showGraph() {
	s := p.host.gameSession()
	var values []float32
	any := false
	current := -1
	i := 0
	g := s.Game()
	if _, ok := s.Drill(); ok {
		g = s.Shown() // the drill's own game, which has no scores
	}
	for n := range g.MainLine() {
		if n.IsRoot() {
			continue
		}
		i++
		if n == s.Current() {
			current = i
		}
		if e, ok := n.Eval(); ok {
			sc := analysis.Score{Mate: e.Mate, Moves: e.Moves, Centipawns: e.Centipawns}
			values = append(values, float32(sc.Chances(chess.White)))
			any = true
		} else {
			values = append(values, float32(math.NaN()))
		}
	}
	if !any {
		p.graph.Hide()
		return
	}
	p.graph.Set(values, current)
	p.graph.Show()
}

// playLine plays the engine's line i up to its move m on the board: over a
// game of the file as an exploration, which leaves the game unchanged, else
// as a variation of the game shown (app.LiveAnalysis.PlayLine).
func (p *enginePane) playLine(i, m int) {
	refused, err := p.analysis().PlayLine(i, m)
	switch {
	case err != nil:
		p.host.notice(lang.L("The engine's lines are not played into a game in progress."))
	case !refused.IsZero():
		p.host.notice(p.host.playerWords().say(refused))
	}
}

// engineSettings lets the user choose the engine and its threads and hash.
func (w *Window) engineSettings() {
	prefs := w.app.Preferences()
	path := widget.NewEntry()
	path.SetText(settingKeys().enginePath.get(prefs))
	found, err := analysis.FindEngine()
	if err == nil {
		path.SetPlaceHolder(found + " (found on this computer)")
	} else {
		path.SetPlaceHolder(lang.L("no engine found: install stockfish, or choose one"))
	}
	choose := widget.NewButton(lang.L("Choose…"), func() {
		w.files.picker.Open(w.win, "", func(p string, err error) {
			if err == nil {
				path.SetText(p)
			}
		})
	})
	threads := widget.NewEntry()
	threads.SetText(strconv.Itoa(settingKeys().engineThreads.get(prefs)))
	hash := widget.NewEntry()
	hash.SetText(strconv.Itoa(settingKeys().engineHash.get(prefs)))
	status := widget.NewLabel("")
	status.Wrapping = fyne.TextWrapWord
	form := widget.NewForm(
		widget.NewFormItem(lang.L("Engine"), container.NewBorder(nil, nil, nil, choose, path)),
		widget.NewFormItem(lang.L("Threads"), threads),
		widget.NewFormItem(lang.L("Hash (MB)"), hash),
		widget.NewFormItem("", status),
	)
	// The engine's own options, as it declares them: read by starting it.
	options := widget.NewForm()
	values := map[string]func() string{}
	saved := engineOptions(prefs)
	readOptions := widget.NewButton(lang.L("Read the engine's options"), nil)
	readOptions.OnTapped = func() {
		p := strings.TrimSpace(path.Text)
		if p == "" {
			p = found
		}
		status.SetText(lang.L("Starting {{.Name}}…", map[string]any{"Name": p}))
		readOptions.Disable()
		w.spawn(func() {
			// The window owns the probe: closing it stops the engine.
			ctx, cancel := context.WithTimeout(w.life, 10*time.Second)
			defer cancel()
			info, err := analysis.Probe(ctx, p)
			opts, name := info.Options, info.Name+" by "+info.Author
			fyne.Do(func() {
				readOptions.Enable()
				if err != nil {
					status.SetText(errorText(err))
					return
				}
				status.SetText(name)
				options.Items = nil
				clear(values)
				for _, o := range opts {
					if item, get := optionItem(o, saved[o.Name]); item != nil {
						options.Append(o.Name, item)
						values[o.Name] = get
					}
				}
				options.Refresh()
			})
		})
	}
	save, show := w.dlg.dialogKeys(dlgEngine, func(ok bool) {
		if !ok {
			return
		}
		t, err1 := strconv.Atoi(strings.TrimSpace(threads.Text))
		h, err2 := strconv.Atoi(strings.TrimSpace(hash.Text))
		if err1 != nil || err2 != nil || t < 1 || h < 1 {
			w.dlg.showProblem(lang.L("Threads and hash are whole numbers of 1 or more."))
			return
		}
		settingKeys().enginePath.set(prefs, strings.TrimSpace(path.Text))
		settingKeys().engineThreads.set(prefs, t)
		settingKeys().engineHash.set(prefs, h)
		if len(values) > 0 {
			set := map[string]string{}
			for name, get := range values {
				set[name] = get()
			}
			if data, err := json.Marshal(set); err == nil {
				settingKeys().engineOptions.set(prefs, string(data))
			}
		}
		w.engine.restart()
	})
	body := container.NewBorder(withEngineHelp(form), nil, nil, nil, container.NewVScroll(container.NewVBox(readOptions, options)))
	d := dialog.NewCustomConfirm(lang.L("Chess engine"), lang.L("Use"), lang.L("Cancel"), body, save, w.win)
	d.Resize(fyne.NewSize(600, 520))
	show(d)
}

// withEngineHelp puts what engineGetHelp says, if anything, above the
// engine dialog's form.
func withEngineHelp(form fyne.CanvasObject) fyne.CanvasObject {
	help := engineGetHelp()
	if help == "" {
		return form
	}
	l := widget.NewLabel(help)
	l.Wrapping = fyne.TextWrapWord
	return container.NewVBox(l, form)
}

// engineOptions returns the engine options the user set, by name.
func engineOptions(prefs fyne.Preferences) map[string]string {
	set := map[string]string{}
	if err := json.Unmarshal([]byte(settingKeys().engineOptions.get(prefs)), &set); err != nil {
		return map[string]string{} // none set, or unreadable: the engine's defaults
	}
	return set
}

// optionItem returns the field that edits option o, starting from value
// (its default when ""), and the function that reads it; nil for the
// options the app sets itself and for buttons.
func optionItem(o analysis.Option, value string) (fyne.CanvasObject, func() string) {
	switch o.Name {
	case "Threads", "Hash", "MultiPV", "UCI_Chess960", "UCI_AnalyseMode", "Ponder":
		return nil, nil
	}
	if value == "" {
		value = o.Default
	}
	switch o.Type {
	case analysis.OptionCheck:
		c := widget.NewCheck("", nil)
		c.SetChecked(value == "true")
		return c, func() string { return strconv.FormatBool(c.Checked) }
	case analysis.OptionCombo:
		sel := widget.NewSelect(o.Vars, nil)
		sel.SetSelected(value)
		return sel, func() string { return sel.Selected }
	case analysis.OptionSpin:
		e := widget.NewEntry()
		e.SetText(value)
		e.Validator = func(s string) error { return o.Check(strings.TrimSpace(s)) }
		return e, func() string { return strings.TrimSpace(e.Text) }
	case analysis.OptionString:
		e := widget.NewEntry()
		e.SetText(value)
		return e, func() string { return e.Text }
	}
	return nil, nil
}

// analyzeGame analyses the whole main line with the engine, on a copy, with
// a progress bar and Cancel; the result — [%eval] on every move, marks on
// inaccuracies, mistakes and blunders with the better line — replaces the
// game as one undoable change. Return starts it at the depth shown.
func (w *Window) analyzeGame() {
	if st := w.session.Can(app.ActionEngine); !st.Enabled {
		w.notice(w.words.say(st.Why))
		return
	}
	cfg, err := w.engine.config()
	if err != nil {
		w.dlg.showError(err)
		return
	}
	depth := widget.NewSelect([]string{"10", "12", "14", "16", "18", "20"}, nil)
	depth.SetSelected(strconv.Itoa(settingKeys().analysisDepth.get(w.app.Preferences())))
	about := widget.NewLabel(lang.L("Every move of the main line gets an evaluation; inaccuracies, mistakes and blunders get a mark and the engine's better line. Ctrl+Z undoes it all."))
	about.Wrapping = fyne.TextWrapWord
	start, show := w.dlg.dialogKeys(dlgAnalyse, func(ok bool) {
		if ok {
			n, _ := strconv.Atoi(depth.Selected)
			settingKeys().analysisDepth.set(w.app.Preferences(), n)
			w.runGameAnalysis(cfg, n)
		}
	})
	d := dialog.NewCustomConfirm(lang.L("Analyse the game"), lang.L("Analyse"), lang.L("Cancel"),
		container.NewVBox(about, widget.NewForm(widget.NewFormItem(lang.L("Depth"), depth))), start, w.win)
	d.Resize(fyne.NewSize(520, 220))
	show(d)
}

// runGameAnalysis analyses a copy of the game at depth n in the background,
// showing its progress with Cancel, then puts the copy in the game's place.
func (w *Window) runGameAnalysis(cfg analysis.LiveConfig, n int) {
	text, err := store.EncodeGame(w.session.Game())
	if err != nil {
		w.dlg.showError(err)
		return
	}
	games, err := store.DecodeGames(strings.NewReader(string(text)))
	if err != nil || len(games) != 1 {
		w.dlg.showProblem(withDetail(lang.L("The game could not be copied for the analysis."), fmt.Errorf("analyse: %d games, %v", len(games), err)))
		return
	}
	g := games[0]
	ctx, cancel := context.WithCancel(w.life) // closing the window stops it
	bar := widget.NewProgressBar()
	// What the engine is at, so that one that does not get on is seen at
	// once, not only when its search's deadline stops it.
	doing := widget.NewLabel(lang.L("Starting the engine…"))
	doing.Wrapping = fyne.TextWrapWord
	var d dialog.Dialog
	stop := widget.NewButton(lang.L("Cancel"), func() { cancel(); d.Hide() })
	d = dialog.NewCustomWithoutButtons(lang.L("Analysing the game at depth {{.Depth}}…", map[string]any{"Depth": n}),
		container.NewVBox(bar, doing, container.NewCenter(stop)), w.win)
	d.Resize(fyne.NewSize(460, 170))
	w.dlg.show(dlgAnalysing, d)
	set := analysis.DepthSettings(n)
	w.spawn(func() {
		defer cancel()
		rep, err := app.AnalyseGame(ctx, cfg, g, set, func(pr analysis.Progress) {
			fyne.Do(func() {
				bar.SetValue(float64(pr.Done) / float64(max(1, pr.Total)))
				doing.SetText(progressText(pr))
			})
		})
		fyne.Do(func() {
			d.Hide()
			switch {
			case errors.Is(err, context.Canceled):
			case err != nil:
				w.dlg.showError(err)
			default:
				if err := w.session.ReplaceGame("engine analysis", g); err != nil {
					w.dlg.showError(err)
					return
				}
				if n := len(rep.Overruns); n > 0 {
					w.dlg.showProblem(withDetail(lang.N("The engine did not finish {{.Count}} of its searches in time: they were stopped, and their scores are shallower.",
						n, map[string]any{"Count": n}), rep.Overruns[0]))
				}
				w.notice(lang.L("Analysed at depth {{.Depth}}. Accuracy: White {{.White}}%, Black {{.Black}}%. Inaccuracies, mistakes, blunders — White: {{.WhiteMarks}}; Black: {{.BlackMarks}}. Ctrl+Z undoes it.",
					map[string]any{"Depth": n,
						"White": fmt.Sprintf("%.0f", rep.Accuracy[chess.White]), "Black": fmt.Sprintf("%.0f", rep.Accuracy[chess.Black]),
						"WhiteMarks": fmt.Sprintf("%d, %d, %d", rep.Marks[chess.White][1], rep.Marks[chess.White][2], rep.Marks[chess.White][3]),
						"BlackMarks": fmt.Sprintf("%d, %d, %d", rep.Marks[chess.Black][1], rep.Marks[chess.Black][2], rep.Marks[chess.Black][3])}))
			}
		})
	})
}

// progressText says what the engine is at during a whole-game analysis:
// "Stockfish 17: position 12 of 80, depth 9 (3 s)".
func progressText(pr analysis.Progress) string {
	return lang.L("{{.Engine}}: position {{.Position}} of {{.Total}}, depth {{.Depth}} ({{.Seconds}} s)",
		map[string]any{"Engine": pr.Engine, "Position": min(pr.Done+1, pr.Total), "Total": pr.Total,
			"Depth": pr.Depth, "Seconds": int(pr.Searching.Seconds())})
}
