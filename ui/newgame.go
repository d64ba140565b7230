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

func (w *Window) newGameDialog() {
	w.files.unsavedThen(func() { w.showNewGameFrom("") })
}

// showNewGameFrom opens the new-game dialog; a FEN, when given, is the start
// position offered.
func (w *Window) showNewGameFrom(startFEN string) {
	prefs := w.app.Preferences()
	// The players and the event of the last game are offered again.
	white := widget.NewEntry()
	white.SetPlaceHolder(lang.L("White"))
	white.SetText(settingKeys().lastWhite.get(prefs))
	black := widget.NewEntry()
	black.SetPlaceHolder(lang.L("Black"))
	black.SetText(settingKeys().lastBlack.get(prefs))
	event := widget.NewEntry()
	event.SetPlaceHolder(lang.L("Casual game"))
	event.SetText(settingKeys().lastEvent.get(prefs))
	// The variants, by index: standard, Chess960 at random, Chess960 by number.
	variant := widget.NewSelect([]string{lang.L("Standard"), lang.L("Chess960 (random)"), lang.L("Chess960 by number")}, nil)
	variant.SetSelectedIndex(0)
	number := widget.NewEntry()
	number.SetPlaceHolder(lang.L("0–959"))
	fen := widget.NewEntry()
	fen.SetPlaceHolder(lang.L("optional: start from a FEN"))
	fen.SetText(startFEN)
	setUp := widget.NewButtonWithIcon("", theme.GridIcon(), func() {
		w.editPosition(strings.TrimSpace(fen.Text)+startPlaceholder(fen.Text), func(f string) { fen.SetText(f) })
	})

	presets := timePresets()
	var names []string
	for _, p := range presets {
		names = append(names, p.name)
	}
	var delayNames []string
	for _, m := range delayModes {
		delayNames = append(delayNames, lang.L(m.name))
	}
	whiteTC := widget.NewEntry()
	whiteTC.SetPlaceHolder(lang.L("e.g. 180+2, 40/5400+30:1800+30, 1800d5"))
	blackTC := widget.NewEntry()
	blackTC.SetPlaceHolder(lang.L("same as White"))
	delay := widget.NewSelect(delayNames, nil)
	delay.SetSelectedIndex(0)
	applying := false // a preset is filling in the times
	var preset *widget.Select
	selected := func() timePreset { return presets[max(preset.SelectedIndex(), 0)] }
	preset = widget.NewSelect(names, func(string) {
		if p := selected(); p.key != customPreset {
			applying = true
			whiteTC.SetText(p.white)
			blackTC.SetText(p.black)
			applying = false
			if i := slices.IndexFunc(delayModes, func(m struct{ mode, name string }) bool { return m.mode == p.mode }); i >= 0 {
				delay.SetSelectedIndex(i)
			}
		}
	})
	preset.SetSelectedIndex(presetIndex(presets, settingKeys().timePreset.get(prefs), "Blitz 3+2"))
	if selected().key == customPreset {
		whiteTC.SetText(settingKeys().lastWhiteTime.get(prefs))
		blackTC.SetText(settingKeys().lastBlackTime.get(prefs))
	}
	afterOnly := widget.NewCheck(lang.L("Increment after each move only (not before move 1)"), nil)
	manual := widget.NewCheck(lang.L("Players press their clocks (left/right Shift or a click on the face)"), nil)
	manual.SetChecked(settingKeys().manualPress.get(prefs))
	blackStarts := widget.NewCheck(lang.L("Black starts White's clock by pressing"), nil)
	rules := widget.NewSelect([]string{lang.L("Casual (takebacks, no touch-move)"), lang.L("FIDE (touch-move, claims, no takebacks)"), lang.L("Arbiter (FIDE + illegal-move penalties)")}, nil)
	rules.SetSelectedIndex(settingKeys().rulesMode.get(prefs))
	penalty := widget.NewSelect([]string{lang.L("By category (2:00 standard, 1:00 rapid/blitz)"), "2:00", "1:00"}, nil)
	penalty.SetSelectedIndex(0)
	losing := widget.NewSelect([]string{lang.L("The 2nd illegal move loses (2023 rule)"), lang.L("The 3rd illegal move loses (before 2014)")}, nil)
	losing.SetSelectedIndex(0)
	whiteLeft := widget.NewCheck(lang.L("White sits on the left (left Shift)"), nil)
	whiteLeft.SetChecked(w.clocks.whiteLeft)

	// Only the fields that apply are shown: the Chess960 number for a start
	// by number, the delay kind for a control with a delay, the penalties
	// in arbiter mode.
	numberItem := widget.NewFormItem(lang.L("Chess960 no."), number)
	delayItem := widget.NewFormItem(lang.L("Delay kind"), delay)
	penaltyItem := widget.NewFormItem(lang.L("Penalty"), penalty)
	losingItem := widget.NewFormItem(lang.L("Illegal moves"), losing)
	game := widget.NewForm()
	clocks := widget.NewForm()
	rulesForm := widget.NewForm()
	arrange := func() {
		game.Items = []*widget.FormItem{widget.NewFormItem(lang.L("White"), white), widget.NewFormItem(lang.L("Black"), black),
			widget.NewFormItem(lang.L("Event"), event), widget.NewFormItem(lang.L("Variant"), variant)}
		if variant.SelectedIndex() == 2 {
			game.Items = append(game.Items, numberItem)
		}
		game.Items = append(game.Items, widget.NewFormItem(lang.L("FEN"), container.NewBorder(nil, nil, nil, setUp, fen)))
		clocks.Items = []*widget.FormItem{widget.NewFormItem(lang.L("Time control"), preset),
			widget.NewFormItem(lang.L("White's time"), whiteTC), widget.NewFormItem(lang.L("Black's time"), blackTC)}
		if strings.Contains(whiteTC.Text+blackTC.Text, "d") {
			clocks.Items = append(clocks.Items, delayItem)
		}
		clocks.Items = append(clocks.Items, widget.NewFormItem("", afterOnly), widget.NewFormItem("", manual),
			widget.NewFormItem("", blackStarts), widget.NewFormItem("", whiteLeft))
		rulesForm.Items = []*widget.FormItem{widget.NewFormItem(lang.L("Rules"), rules)}
		if rules.SelectedIndex() == int(arbiter.RulesArbiter) {
			rulesForm.Items = append(rulesForm.Items, penaltyItem, losingItem)
		}
		game.Refresh()
		clocks.Refresh()
		rulesForm.Refresh()
	}
	// The preset says "Custom…" once the times are edited by hand.
	edited := func(string) {
		if p := selected(); !applying && p.key != customPreset && (p.white != whiteTC.Text || p.black != blackTC.Text) {
			preset.SetSelectedIndex(len(presets) - 1)
		}
		arrange()
	}
	whiteTC.OnChanged, blackTC.OnChanged = edited, edited
	variant.OnChanged = func(string) { arrange() }
	rules.OnChanged = func(string) { arrange() }
	arrange()
	opp := w.opp.newOpponentTab()
	tabs := container.NewAppTabs(
		container.NewTabItem(lang.L("Game"), game),
		container.NewTabItem(lang.L("Clocks"), clocks),
		container.NewTabItem(lang.L("Rules"), rulesForm),
		container.NewTabItem(lang.L("Opponent"), opp.form),
	)
	var d *dialog.ConfirmDialog
	start, show := w.dlg.dialogKeys(dlgNewGame, func(ok bool) {
		if !ok {
			return
		}
		o := app.NewGameOptions{White: white.Text, Black: black.Text, Event: event.Text, FEN: strings.TrimSpace(fen.Text)}
		switch variant.SelectedIndex() {
		case 1: // Chess960 at random
			o.Chess960, o.Random = true, true
		case 2: // Chess960 by number
			n, err := strconv.Atoi(strings.TrimSpace(number.Text))
			if err != nil || n < 0 || n > 959 {
				w.dlg.showProblem(lang.L("A Chess960 start number is from 0 to 959, not “{{.Text}}”.", map[string]any{"Text": number.Text}))
				return
			}
			o.Chess960, o.Number = true, n
		}
		o.Armageddon = strings.HasPrefix(selected().key, "Armageddon")
		mode := delayModes[max(delay.SelectedIndex(), 0)].mode
		if wt := strings.TrimSpace(whiteTC.Text); wt != "" && wt != "-" {
			bt := strings.TrimSpace(blackTC.Text)
			if bt == "" {
				bt = wt
			}
			wc, err := parseControl(wt, mode)
			if err != nil {
				w.dlg.showProblem(controlProblem(wt, err))
				return
			}
			bc, err := parseControl(bt, mode)
			if err != nil {
				w.dlg.showProblem(controlProblem(bt, err))
				return
			}
			wc.IncrementAfterMoveOnly = afterOnly.Checked
			bc.IncrementAfterMoveOnly = afterOnly.Checked
			o.Time = &app.TimeSettings{White: wc, Black: bc, ManualPress: manual.Checked, StartOnBlackPress: blackStarts.Checked}
		}
		o.Rules = arbiter.Rules(max(0, rules.SelectedIndex()))
		switch penalty.SelectedIndex() {
		case 1:
			o.Settings.Penalty = 2 * time.Minute
		case 2:
			o.Settings.Penalty = time.Minute
		}
		if losing.SelectedIndex() == 1 {
			o.Settings.LosingIllegalMove = 3
		}
		settingKeys().rulesMode.set(prefs, int(o.Rules))
		w.clocks.whiteLeft = whiteLeft.Checked
		settingKeys().whiteLeft.set(prefs, w.clocks.whiteLeft)
		settingKeys().manualPress.set(prefs, manual.Checked)
		settingKeys().timePreset.set(prefs, selected().key)
		settingKeys().lastWhite.set(prefs, white.Text)
		settingKeys().lastBlack.set(prefs, black.Text)
		settingKeys().lastEvent.set(prefs, event.Text)
		settingKeys().lastWhiteTime.set(prefs, whiteTC.Text)
		settingKeys().lastBlackTime.set(prefs, blackTC.Text)
		seats, ok := opp.apply(&o)
		if !ok {
			return
		}
		if err := w.session.NewGame(o); err != nil {
			w.dlg.showError(err)
			return
		}
		w.session.SetOpponents(seats)
	})
	d = dialog.NewCustomConfirm(lang.L("New game"), lang.L("Start"), lang.L("Cancel"), tabs, start, w.win)
	for _, e := range []*widget.Entry{white, black, event, number, fen, whiteTC, blackTC} {
		e.OnSubmitted = func(string) { d.Confirm() } // Return in a field starts the game
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
