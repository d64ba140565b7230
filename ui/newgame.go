package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"touchmove/app"
	"touchmove/core/arbiter"
	"touchmove/core/clock"
)

// timePreset is a named time control of the new-game dialog.
type timePreset struct {
	key          string // its English name: the stable value of the preference timePreset
	name         string // its name in the app's language
	white, black string // PGN TimeControl of each side ("" = untimed)
	mode         string // AppClockMode for delays
}

// customPreset is the key of the preset that stands for times typed by hand.
const customPreset = "Custom…"

// timePresets lists the presets, untimed first, "Custom…" last. The keys
// never change: the preference timePreset of earlier versions holds them.
func timePresets() []timePreset {
	return []timePreset{
		{key: "Untimed", name: lang.L("Untimed")},
		{key: "Bullet 1+0", name: lang.L("Bullet 1+0"), white: "60", black: "60"},
		{key: "Blitz 3+2", name: lang.L("Blitz 3+2"), white: "180+2", black: "180+2"},
		{key: "Blitz 5+0", name: lang.L("Blitz 5+0"), white: "300", black: "300"},
		{key: "Rapid 10+5", name: lang.L("Rapid 10+5"), white: "600+5", black: "600+5"},
		{key: "Rapid 15+10", name: lang.L("Rapid 15+10"), white: "900+10", black: "900+10"},
		{key: "Classical 90+30", name: lang.L("Classical 90+30"), white: "5400+30", black: "5400+30"},
		{key: "Classical 40/90+30, then 30+30", name: lang.L("Classical 40/90+30, then 30+30"), white: "40/5400+30:1800+30", black: "40/5400+30:1800+30"},
		{key: "US G/30 d5 (delay)", name: lang.L("US G/30 d5 (delay)"), white: "1800d5", black: "1800d5", mode: "us-delay"},
		{key: "Bronstein G/25 d5", name: lang.L("Bronstein G/25 d5"), white: "1500d5", black: "1500d5", mode: "bronstein"},
		{key: "Armageddon 5:00 vs 4:00", name: lang.L("Armageddon 5:00 vs 4:00"), white: "300", black: "240"},
		{key: customPreset, name: lang.L("Custom…")},
	}
}

// presetIndex returns the place of the preset of key in presets, or that of
// def when no preset has that key.
func presetIndex(presets []timePreset, key, def string) int {
	for _, k := range []string{key, def} {
		if i := slices.IndexFunc(presets, func(p timePreset) bool { return p.key == k }); i >= 0 {
			return i
		}
	}
	return 0
}

// delayModes are the kinds of delay the new-game dialog offers, by their
// AppClockMode.
var delayModes = []struct{ mode, name string }{
	{"us-delay", "US delay"}, {"bronstein", "Bronstein delay"},
}

// controlProblem says that the time control text cannot be read, and how
// one is written; err is the reader's reason.
func controlProblem(text string, err error) string {
	return withDetail(lang.L("The time control “{{.Text}}” cannot be read. It is written as in PGN: 180+2, 40/5400+30:1800+30, 1800d5.",
		map[string]any{"Text": text}), err)
}

// parseControl reads one side's control from PGN TimeControl text.
func parseControl(text, mode string) (clock.Control, error) {
	white, _, err := clock.ParseTags(clock.Tags{TimeControl: strings.TrimSpace(text), AppClockMode: mode})
	if err != nil {
		return clock.Control{}, fmt.Errorf("time control %q: %w", text, err)
	}
	return white, nil
}

// newGameDialog opens the new-game dialog (File › New game…), after asking
// about the shown game's unsaved changes.
func (w *Window) newGameDialog() {
	w.files.unsavedThen(func() { w.showNewGameFrom("") })
}

// showNewGameFrom opens the new-game dialog; a FEN, when given, is the start
// position offered.
func (w *Window) showNewGameFrom(startFEN string) { newGameSetup(w, startFEN).show() }

// gameSetup is the new-game dialog: the game's players, event, variant and
// start position, its clocks, its rules and its opponents, each on a tab.
// Its fields offer again what the last game was started with.
type gameSetup struct {
	host  gameSetupHost
	prefs fyne.Preferences

	// The Game tab.
	white, black, event *widget.Entry
	variant             *widget.Select // standard, Chess960 at random, Chess960 by number
	number, fen         *widget.Entry
	setUp               *widget.Button // the position editor, for the FEN

	// The Clocks tab.
	presets                        []timePreset
	preset                         *widget.Select
	applying                       bool // a preset is filling in the times
	whiteTC, blackTC               *widget.Entry
	delay                          *widget.Select
	afterOnly, manual, blackStarts *widget.Check
	whiteLeft                      *widget.Check

	// The Rules tab.
	rules, penalty, losing *widget.Select

	opp *opponentTab
	// The tabs' forms, made again when the fields that apply change.
	game, clocks, rulesForm                        *fyne.Container
	numberItem, delayItem, penaltyItem, losingItem *widget.FormItem
}

// gameSetupHost is what the new-game dialog asks of its window (*Window,
// hosts.go): the session that starts the game, the preferences, the
// window's dialogs, the opponents' tab, the position editor, and the side
// White's clock is on.
type gameSetupHost interface {
	gameSession() *app.Session
	preferences() fyne.Preferences
	windowDialogs() *dialogs
	Window() fyne.Window
	newOpponentTab() *opponentTab
	editPosition(fen string, done func(fen string))
	whiteOnLeft() bool
	setWhiteOnLeft(on bool)
}

// newGameSetup builds the dialog's fields, filled with what the last game
// was started with; startFEN, when given, is the start position offered.
func newGameSetup(host gameSetupHost, startFEN string) *gameSetup {
	g := &gameSetup{host: host, prefs: host.preferences(), presets: timePresets()}
	g.buildGame(startFEN)
	g.buildClocks()
	g.buildRules()
	g.numberItem = widget.NewFormItem(lang.L("Chess960 no."), g.number)
	g.delayItem = widget.NewFormItem(lang.L("Delay kind"), g.delay)
	g.penaltyItem = widget.NewFormItem(lang.L("Penalty"), g.penalty)
	g.losingItem = widget.NewFormItem(lang.L("Illegal moves"), g.losing)
	g.game, g.clocks, g.rulesForm = container.NewStack(), container.NewStack(), container.NewStack()
	g.whiteTC.OnChanged, g.blackTC.OnChanged = g.edited, g.edited
	g.variant.OnChanged = func(string) { g.arrange() }
	g.rules.OnChanged = func(string) { g.arrange() }
	g.arrange()
	g.opp = host.newOpponentTab()
	return g
}

// buildGame makes the Game tab's fields: the players and the event of the
// last game are offered again.
func (g *gameSetup) buildGame(startFEN string) {
	keys := settingKeys()
	g.white = widget.NewEntry()
	g.white.SetPlaceHolder(lang.L("White"))
	g.white.SetText(keys.lastWhite.get(g.prefs))
	g.black = widget.NewEntry()
	g.black.SetPlaceHolder(lang.L("Black"))
	g.black.SetText(keys.lastBlack.get(g.prefs))
	g.event = widget.NewEntry()
	g.event.SetPlaceHolder(lang.L("Casual game"))
	g.event.SetText(keys.lastEvent.get(g.prefs))
	g.variant = widget.NewSelect([]string{lang.L("Standard"), lang.L("Chess960 (random)"), lang.L("Chess960 by number")}, nil)
	g.variant.SetSelectedIndex(0)
	g.number = widget.NewEntry()
	g.number.SetPlaceHolder(lang.L("0–959"))
	g.fen = widget.NewEntry()
	g.fen.SetPlaceHolder(lang.L("optional: start from a FEN"))
	g.fen.SetText(startFEN)
	g.setUp = widget.NewButtonWithIcon("", theme.GridIcon(), func() {
		g.host.editPosition(strings.TrimSpace(g.fen.Text)+startPlaceholder(g.fen.Text), func(f string) { g.fen.SetText(f) })
	})
}

// buildClocks makes the Clocks tab's fields, the last preset chosen (and
// its times when they were typed by hand).
func (g *gameSetup) buildClocks() {
	keys := settingKeys()
	var names []string
	for _, p := range g.presets {
		names = append(names, p.name)
	}
	var delayNames []string
	for _, m := range delayModes {
		delayNames = append(delayNames, lang.L(m.name))
	}
	g.whiteTC = widget.NewEntry()
	g.whiteTC.SetPlaceHolder(lang.L("e.g. 180+2, 40/5400+30:1800+30, 1800d5"))
	g.blackTC = widget.NewEntry()
	g.blackTC.SetPlaceHolder(lang.L("same as White"))
	g.delay = widget.NewSelect(delayNames, nil)
	g.delay.SetSelectedIndex(0)
	g.preset = widget.NewSelect(names, func(string) { g.applyPreset() })
	g.preset.SetSelectedIndex(presetIndex(g.presets, keys.timePreset.get(g.prefs), "Blitz 3+2"))
	if g.selected().key == customPreset {
		g.whiteTC.SetText(keys.lastWhiteTime.get(g.prefs))
		g.blackTC.SetText(keys.lastBlackTime.get(g.prefs))
	}
	g.afterOnly = widget.NewCheck(lang.L("Increment after each move only (not before move 1)"), nil)
	g.manual = widget.NewCheck(lang.L("Players press their clocks (left/right Shift or a click on the face)"), nil)
	g.manual.SetChecked(keys.manualPress.get(g.prefs))
	g.blackStarts = widget.NewCheck(lang.L("Black starts White's clock by pressing"), nil)
	g.whiteLeft = widget.NewCheck(lang.L("White sits on the left (left Shift)"), nil)
	g.whiteLeft.SetChecked(g.host.whiteOnLeft())
}

// buildRules makes the Rules tab's fields.
func (g *gameSetup) buildRules() {
	g.rules = widget.NewSelect([]string{lang.L("Casual (takebacks, no touch-move)"), lang.L("FIDE (touch-move, claims, no takebacks)"), lang.L("Arbiter (FIDE + illegal-move penalties)")}, nil)
	g.rules.SetSelectedIndex(settingKeys().rulesMode.get(g.prefs))
	g.penalty = widget.NewSelect([]string{lang.L("By category (2:00 standard, 1:00 rapid/blitz)"), "2:00", "1:00"}, nil)
	g.penalty.SetSelectedIndex(0)
	g.losing = widget.NewSelect([]string{lang.L("The 2nd illegal move loses (2023 rule)"), lang.L("The 3rd illegal move loses (before 2014)")}, nil)
	g.losing.SetSelectedIndex(0)
}

// selected returns the time preset chosen.
func (g *gameSetup) selected() timePreset { return g.presets[max(g.preset.SelectedIndex(), 0)] }

// applyPreset fills in the times and the delay kind of the preset chosen.
func (g *gameSetup) applyPreset() {
	p := g.selected()
	if p.key == customPreset {
		return
	}
	g.applying = true
	g.whiteTC.SetText(p.white)
	g.blackTC.SetText(p.black)
	g.applying = false
	if i := slices.IndexFunc(delayModes, func(m struct{ mode, name string }) bool { return m.mode == p.mode }); i >= 0 {
		g.delay.SetSelectedIndex(i)
	}
}

// edited makes the preset say "Custom…" once the times are edited by hand.
func (g *gameSetup) edited(string) {
	if p := g.selected(); !g.applying && p.key != customPreset && (p.white != g.whiteTC.Text || p.black != g.blackTC.Text) {
		g.preset.SetSelectedIndex(len(g.presets) - 1)
	}
	g.arrange()
}

// arrange shows only the fields that apply: the Chess960 number for a start
// by number, the delay kind for a control with a delay, the penalties in
// arbiter mode.
func (g *gameSetup) arrange() {
	if g.game == nil {
		return // the fields are still being made
	}
	game := []*widget.FormItem{widget.NewFormItem(lang.L("White"), g.white), widget.NewFormItem(lang.L("Black"), g.black),
		widget.NewFormItem(lang.L("Event"), g.event), widget.NewFormItem(lang.L("Variant"), g.variant)}
	if g.variant.SelectedIndex() == 2 {
		game = append(game, g.numberItem)
	}
	game = append(game, widget.NewFormItem(lang.L("FEN"), container.NewBorder(nil, nil, nil, g.setUp, g.fen)))
	clocks := []*widget.FormItem{widget.NewFormItem(lang.L("Time control"), g.preset),
		widget.NewFormItem(lang.L("White's time"), g.whiteTC), widget.NewFormItem(lang.L("Black's time"), g.blackTC)}
	if strings.Contains(g.whiteTC.Text+g.blackTC.Text, "d") {
		clocks = append(clocks, g.delayItem)
	}
	clocks = append(clocks, widget.NewFormItem("", g.afterOnly), widget.NewFormItem("", g.manual),
		widget.NewFormItem("", g.blackStarts), widget.NewFormItem("", g.whiteLeft))
	rules := []*widget.FormItem{widget.NewFormItem(lang.L("Rules"), g.rules)}
	if g.rules.SelectedIndex() == int(arbiter.RulesArbiter) {
		rules = append(rules, g.penaltyItem, g.losingItem)
	}
	// A form whose items change is made anew: a widget.Form given other
	// items drew the delay kind's row without its field, and the rows
	// below it out of place.
	for _, f := range []struct {
		tab   *fyne.Container
		items []*widget.FormItem
	}{{g.game, game}, {g.clocks, clocks}, {g.rulesForm, rules}} {
		f.tab.Objects = []fyne.CanvasObject{widget.NewForm(f.items...)}
		f.tab.Refresh()
	}
}

// options returns the game the fields describe; false, with the problem
// shown, when a field cannot be read.
func (g *gameSetup) options() (app.NewGameOptions, bool) {
	o := app.NewGameOptions{White: g.white.Text, Black: g.black.Text, Event: g.event.Text, FEN: strings.TrimSpace(g.fen.Text)}
	switch g.variant.SelectedIndex() {
	case 1: // Chess960 at random
		o.Chess960, o.Random = true, true
	case 2: // Chess960 by number
		n, err := strconv.Atoi(strings.TrimSpace(g.number.Text))
		if err != nil || n < 0 || n > 959 {
			g.host.windowDialogs().showProblem(lang.L("A Chess960 start number is from 0 to 959, not “{{.Text}}”.", map[string]any{"Text": g.number.Text}))
			return o, false
		}
		o.Chess960, o.Number = true, n
	}
	o.Armageddon = strings.HasPrefix(g.selected().key, "Armageddon")
	mode := delayModes[max(g.delay.SelectedIndex(), 0)].mode
	if wt := strings.TrimSpace(g.whiteTC.Text); wt != "" && wt != "-" {
		bt := strings.TrimSpace(g.blackTC.Text)
		if bt == "" {
			bt = wt
		}
		wc, err := parseControl(wt, mode)
		if err != nil {
			g.host.windowDialogs().showProblem(controlProblem(wt, err))
			return o, false
		}
		bc, err := parseControl(bt, mode)
		if err != nil {
			g.host.windowDialogs().showProblem(controlProblem(bt, err))
			return o, false
		}
		wc.IncrementAfterMoveOnly = g.afterOnly.Checked
		bc.IncrementAfterMoveOnly = g.afterOnly.Checked
		o.Time = &app.TimeSettings{White: wc, Black: bc, ManualPress: g.manual.Checked, StartOnBlackPress: g.blackStarts.Checked}
	}
	o.Rules = arbiter.Rules(max(0, g.rules.SelectedIndex()))
	switch g.penalty.SelectedIndex() {
	case 1:
		o.Settings.Penalty = 2 * time.Minute
	case 2:
		o.Settings.Penalty = time.Minute
	}
	if g.losing.SelectedIndex() == 1 {
		o.Settings.LosingIllegalMove = 3
	}
	return o, true
}

// remember keeps the choices of the game started, offered again next time.
func (g *gameSetup) remember(o app.NewGameOptions) {
	keys, prefs := settingKeys(), g.prefs
	keys.rulesMode.set(prefs, int(o.Rules))
	g.host.setWhiteOnLeft(g.whiteLeft.Checked)
	keys.whiteLeft.set(prefs, g.whiteLeft.Checked)
	keys.manualPress.set(prefs, g.manual.Checked)
	keys.timePreset.set(prefs, g.selected().key)
	keys.lastWhite.set(prefs, g.white.Text)
	keys.lastBlack.set(prefs, g.black.Text)
	keys.lastEvent.set(prefs, g.event.Text)
	keys.lastWhiteTime.set(prefs, g.whiteTC.Text)
	keys.lastBlackTime.set(prefs, g.blackTC.Text)
}

// start starts the game the fields describe, when ok (Start was pressed).
func (g *gameSetup) start(ok bool) {
	if !ok {
		return
	}
	o, ok := g.options()
	if !ok {
		return
	}
	g.remember(o)
	seats, ok := g.opp.apply(&o)
	if !ok {
		return
	}
	if err := g.host.gameSession().NewGame(o); err != nil {
		g.host.windowDialogs().showError(err)
		return
	}
	g.host.gameSession().SetOpponents(seats)
}

// show shows the dialog; Return in a field starts the game.
func (g *gameSetup) show() {
	tabs := container.NewAppTabs(
		container.NewTabItem(lang.L("Game"), g.game),
		container.NewTabItem(lang.L("Clocks"), g.clocks),
		container.NewTabItem(lang.L("Rules"), g.rulesForm),
		container.NewTabItem(lang.L("Opponent"), g.opp.form),
	)
	start, show := g.host.windowDialogs().dialogKeys(dlgNewGame, g.start)
	d := dialog.NewCustomConfirm(lang.L("New game"), lang.L("Start"), lang.L("Cancel"), tabs, start, g.host.Window())
	for _, e := range []*widget.Entry{g.white, g.black, g.event, g.number, g.fen, g.whiteTC, g.blackTC} {
		e.OnSubmitted = func(string) { d.Confirm() }
	}
	d.Resize(fyne.NewSize(640, 480))
	show(d)
}

// startPlaceholder returns the start position's FEN when text is empty, so
// that the position editor opened from the new-game dialog starts from the
// standard position rather than the position shown.
func startPlaceholder(text string) string {
	if strings.TrimSpace(text) != "" {
		return ""
	}
	return "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
}
