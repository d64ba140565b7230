package ui

import (
	"time"

	"fyne.io/fyne/v2/lang"

	"touchmove/app"
	"touchmove/app/training"
	"touchmove/core/chess"
)

// options are the drill's options: the engine's check, the repertoire's
// lines followed, and the time to answer (Training › Timed drill).
func (t *trainer) options() app.DrillOptions {
	secs := settingKeys().drillSeconds.get(t.host.preferences())
	return app.DrillOptions{Check: t.check, Next: t.lineNext, Limit: time.Duration(secs) * time.Second}
}

// lineNext continues a repertoire's line after a move that passed: it
// keeps the answer, chooses the opponent's reply among the repertoires'
// (as often as they play it, or evenly: Training › The opponent's
// replies) and returns the card due after it, if one is.
func (t *trainer) lineNext(answered app.DrillState, after chess.Position) (string, app.DrillCard, bool) {
	t.recordAnswer(answered)
	deck, err := t.openDeck()
	if err != nil {
		return "", app.DrillCard{}, false
	}
	even := settingKeys().drillEvenReplies.get(t.host.preferences())
	reply := training.ChooseReply(deck.Replies(after.FEN()), even, t.rnd)
	m, err := after.ParseSAN(reply)
	if reply == "" || err != nil {
		return "", app.DrillCard{}, false
	}
	after.Play(m)
	c := deck.RepertoireDue(after.FEN(), t.now())
	if c == nil {
		return reply, app.DrillCard{}, false
	}
	return reply, app.DrillCardOf(c), true
}

// repliesMenu is Training › The opponent's replies: as often as the
// repertoire plays them, or evenly.
func (t *trainer) repliesMenu() []menuEntry {
	even := settingKeys().drillEvenReplies.get(t.host.preferences())
	set := func(on bool) func() {
		return func() {
			settingKeys().drillEvenReplies.set(t.host.preferences(), on)
			t.host.Window().SetMainMenu(t.host.mainMenu())
		}
	}
	return []menuEntry{
		{label: lang.L("As often as the repertoire plays them"), action: set(false), checked: !even},
		{label: lang.L("Evenly"), action: set(true), checked: even},
	}
}

// timedMenu is Training › Timed drill: no clock, or so many seconds a
// position, counted down on the user's clock face; a position not
// answered in time counts as failed.
func (t *trainer) timedMenu() []menuEntry {
	now := settingKeys().drillSeconds.get(t.host.preferences())
	var out []menuEntry
	for _, secs := range []int{0, 10, 20, 30, 60} {
		label := lang.L("No clock")
		if secs > 0 {
			label = lang.L("{{.Seconds}} seconds a position", map[string]any{"Seconds": secs})
		}
		out = append(out, menuEntry{label: label, checked: secs == now, action: func() {
			settingKeys().drillSeconds.set(t.host.preferences(), secs)
			t.host.gameSession().SetDrillOptions(t.options())
			t.host.Window().SetMainMenu(t.host.mainMenu())
		}})
	}
	return out
}
