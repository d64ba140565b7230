package ui

import "testing"

// Each on/off item of the View menu turns its setting over and back: the
// window follows, the choice is stored, and the item is ticked as the
// setting is.
func TestViewMenuToggles(t *testing.T) {
	for _, tc := range []struct {
		label string
		pref  string // the stored preference, "" if none
		on    func(w *Window) bool
	}{
		{"Coordinates", "coordinates", func(w *Window) bool { return w.coordinates && w.board.View().Coordinates }},
		{"Animate moves", "animate", func(w *Window) bool { return w.animate }},
		{"Move counter on the clocks", "showCounter", func(w *Window) bool { return w.players.showCounter }},
		{"Notation in two columns", "notationTable", func(w *Window) bool { return w.notation.TwoColumns() }},
		{"Fold all variations", "", func(w *Window) bool { return w.notation.CollapseAll() }},
		{"Engine scores from the side to move", "engineSideToMove", func(w *Window) bool { return w.app.Preferences().Bool("engineSideToMove") }},
	} {
		t.Run(tc.label, func(t *testing.T) {
			w := newTestWindow(t)
			for range 2 {
				was := tc.on(w)
				if it := findItem(t, w, tc.label); it.Checked != was {
					t.Fatalf("ticked %v while the setting is %v", it.Checked, was)
				}
				findItem(t, w, tc.label).Action()
				now := tc.on(w)
				if now == was {
					t.Fatalf("still %v after choosing the item", now)
				}
				if it := findItem(t, w, tc.label); it.Checked != now {
					t.Errorf("ticked %v after the setting became %v", it.Checked, now)
				}
				if tc.pref != "" && w.app.Preferences().Bool(tc.pref) != now {
					t.Errorf("stored %s %v, the setting is %v", tc.pref, w.app.Preferences().Bool(tc.pref), now)
				}
			}
		})
	}
}
