package ui

import (
	"errors"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"touchmove/app"
	"touchmove/app/store"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
)

// storedSession returns a session showing a stored game of two moves.
func storedSession(t *testing.T, tags string) *app.Session {
	t.Helper()
	g, _, err := store.FirstGame([]byte(tags + "\n1. e4 e5 *\n"))
	if err != nil || g == nil {
		t.Fatal(err)
	}
	s := app.NewSession()
	s.Load(g, "", 0)
	return s
}

// liveSession returns a FIDE game at 3+2, the clocks pressed by hand when
// manual, in which White has played e4 (and pressed the clock unless
// manual).
func liveSession(t *testing.T, manual bool) *app.Session {
	t.Helper()
	s := app.NewSession()
	ts := ptrTime(t)
	ts.ManualPress = manual
	if err := s.NewGame(app.NewGameOptions{White: "Ann", Black: "Bob", Rules: arbiter.RulesFIDE, Time: ts}); err != nil {
		t.Fatal(err)
	}
	s.Press(chess.E2)
	if fb := s.Drop(chess.E2, chess.E4); !fb.Moved {
		t.Fatalf("e4: %+v", fb)
	}
	return s
}

func TestPlayersPanelNames(t *testing.T) {
	test.NewTempApp(t)
	inLanguage(t, "ru_RU.UTF-8") // a side without a name is named in the players' language
	for _, tc := range []struct {
		name, tags  string
		flip        bool
		top, bottom string
	}{
		{"plain", `[White "Ann"] [Black "Bob"]`, false, "♚ Bob", "♔ Ann"},
		{"ratings", `[White "Ann"] [Black "Bob"] [WhiteElo "2100"] [BlackElo "1950"]`, false, "♚ Bob (1950)", "♔ Ann (2100)"},
		{"unknown rating", `[White "Ann"] [Black "Bob"] [WhiteElo "-"] [BlackElo ""]`, false, "♚ Bob", "♔ Ann"},
		{"flipped", `[White "Ann"] [Black "Bob"] [WhiteElo "2100"]`, true, "♔ Ann (2100)", "♚ Bob"},
		{"no names", `[White "?"] [Black "Black"]`, false, "♚ Чёрные", "♔ Белые"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := storedSession(t, strings.ReplaceAll(tc.tags, "] [", "]\n["))
			if tc.flip {
				s.Flip()
			}
			p := newPlayersPanel(test.NewTempApp(t).Preferences(), func(bool) {})
			p.show(s)
			if p.top.name.Text != tc.top || p.bottom.name.Text != tc.bottom {
				t.Errorf("names %q / %q, want %q / %q", p.top.name.Text, p.bottom.name.Text, tc.top, tc.bottom)
			}
		})
	}
}

// The top face is the clock of the player at the top of the board, and a
// tap on it says so.
func TestPlayersPanelClocks(t *testing.T) {
	a := test.NewTempApp(t)
	s := liveSession(t, false)
	var tapped []bool
	p := newPlayersPanel(a.Preferences(), func(top bool) { tapped = append(tapped, top) })
	p.show(s)
	if !p.top.clock.Face().Running || p.bottom.clock.Face().Running {
		t.Errorf("Black's clock runs: top running %v, bottom running %v", p.top.clock.Face().Running, p.bottom.clock.Face().Running)
	}
	s.Flip()
	p.show(s)
	if p.top.clock.Face().Running || !p.bottom.clock.Face().Running {
		t.Errorf("flipped: top running %v, bottom running %v", p.top.clock.Face().Running, p.bottom.clock.Face().Running)
	}
	test.Tap(p.top.clock)
	test.Tap(p.bottom.clock)
	if len(tapped) != 2 || !tapped[0] || tapped[1] {
		t.Errorf("taps reported %v, want [true false]", tapped)
	}
}

func TestControlsPanel(t *testing.T) {
	test.NewTempApp(t)
	var answered []bool
	p := newControlsPanel(controlActions{
		claim: func() {}, offer: func() {}, resign: func() {}, adjust: func() {}, takeback: func() {}, flip: func() {},
		answer: func(accept bool) { answered = append(answered, accept) },
	})

	s := storedSession(t, `[White "Ann"]`)
	p.show(s, s.Status())
	if p.offerRow.Visible() || p.draw.Visible() || p.resign.Visible() || p.adjust.Visible() || p.takeback.Visible() {
		t.Error("a stored game shows controls of play")
	}

	s = liveSession(t, false)
	p.show(s, s.Status())
	if !p.offerRow.Visible() || !p.draw.Visible() || !p.resign.Visible() || !p.adjust.Visible() || !p.takeback.Visible() {
		t.Error("a live game hides controls of play")
	}
	if p.accept.Visible() || p.decline.Visible() || p.claim.Visible() {
		t.Error("answers or a claim without an offer or a claimable draw")
	}
	if !p.takeback.Disabled() {
		t.Error("take back enabled in a FIDE game")
	}
	if err := s.OfferDraw(chess.Black); err != nil {
		t.Fatal(err)
	}
	p.show(s, s.Status())
	if !p.accept.Visible() || !p.decline.Visible() || p.accept.Text != "White accepts" {
		t.Errorf("Black's offer: accept shown %v (%q), decline shown %v", p.accept.Visible(), p.accept.Text, p.decline.Visible())
	}
	test.Tap(p.accept)
	test.Tap(p.decline)
	if len(answered) != 2 || !answered[0] || answered[1] {
		t.Errorf("answers %v, want [true false]", answered)
	}
	if err := s.ToggleAdjust(); err != nil {
		t.Fatal(err)
	}
	p.show(s, s.Status())
	if p.adjust.Text != "J'adoube: armed" {
		t.Errorf("adjust button %q", p.adjust.Text)
	}
}

func TestStatusPanel(t *testing.T) {
	test.NewTempApp(t)
	stored := storedSession(t, `[White "Ann"]`)
	stored.Last()
	live := liveSession(t, false)
	for _, tc := range []struct {
		name         string
		s            *app.Session
		facts        statusFacts
		line, mode   string
		messageHolds string
	}{
		{name: "stored", s: stored, line: "White to move", mode: "Analysis"},
		{name: "live", s: live, line: "Black to move", mode: "FIDE rules"},
		{name: "declaring", s: live, facts: statusFacts{declaring: true}, line: "Enter the move you declare with your claim", mode: "FIDE rules"},
		{name: "journal", s: live, facts: statusFacts{journalErr: errors.New("disk full")}, line: "Black to move", mode: "FIDE rules", messageHolds: "cannot be journaled, so a crash could lose it. (disk full)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newStatusPanel()
			p.notice("an old notice")
			tc.facts.say = (&words{}).say
			p.show(tc.s, tc.s.Status(), tc.facts)
			if p.line.Text != tc.line || p.mode.Text != tc.mode {
				t.Errorf("status %q, mode %q; want %q, %q", p.line.Text, p.mode.Text, tc.line, tc.mode)
			}
			if !strings.Contains(p.message.Text, tc.messageHolds) || strings.Contains(p.message.Text, "old notice") {
				t.Errorf("message %q, want it to hold %q and the old notice gone", p.message.Text, tc.messageHolds)
			}
		})
	}
}

// The status line names the Shift key of the player who must press the
// clock, on the side where White sits.
func TestStatusPanelPressSide(t *testing.T) {
	test.NewTempApp(t)
	s := liveSession(t, true)
	if s.AwaitingPress() != chess.White {
		t.Fatalf("awaiting the press of %v", s.AwaitingPress())
	}
	p := newStatusPanel()
	for _, tc := range []struct {
		whiteLeft bool
		want      string
	}{{true, "White: press your clock (left Shift)"}, {false, "White: press your clock (right Shift)"}} {
		p.show(s, s.Status(), statusFacts{whiteLeft: tc.whiteLeft, say: (&words{}).say})
		if p.line.Text != tc.want {
			t.Errorf("white left %v: %q, want %q", tc.whiteLeft, p.line.Text, tc.want)
		}
	}
}

// The end of a game played here is announced once, in a dialog, and the
// status line gives the result; stepping back through the finished game
// announces nothing more.
func TestWindowAnnouncesEndOnce(t *testing.T) {
	w := newTestWindow(t)
	if err := w.session.NewGame(app.NewGameOptions{Rules: arbiter.RulesCasual}); err != nil {
		t.Fatal(err)
	}
	realDrag(w, chess.E2, chess.E4)
	if w.session.Game().PlyCount() != 1 || dialogButton(w, "OK") != nil {
		t.Fatalf("after e4: %d plies, dialog %q", w.session.Game().PlyCount(), dialogText(w))
	}
	if err := w.session.Resign(chess.Black); err != nil {
		t.Fatal(err)
	}
	ok := dialogButton(w, "OK")
	if ok == nil || !strings.Contains(dialogText(w), "1-0") {
		t.Fatalf("no game-over dialog with the result: %q", dialogText(w))
	}
	if !strings.HasPrefix(w.status.line.Text, "1-0") {
		t.Errorf("status line %q", w.status.line.Text)
	}
	test.Tap(ok)
	w.session.Back()
	w.session.Forward()
	if dialogButton(w, "OK") != nil {
		t.Errorf("the end announced again: %q", dialogText(w))
	}
}
