package ui

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"touchmove/app"
	"touchmove/app/store"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/internal/reftools"
)

// TestContinuedGameKeepsRulesClocksAndEngine saves an unfinished game
// played under FIDE rules with clocks against the engine at level 3, opens
// it and continues it with Ctrl+P (issue 45, point 5): it is played under
// FIDE rules (Take back greyed, J'adoube there), the clocks read the last
// [%clk] of each side, and the engine plays Black at its level again.
func TestContinuedGameKeepsRulesClocksAndEngine(t *testing.T) {
	s := app.NewSession()
	if err := s.NewGame(app.NewGameOptions{Rules: arbiter.RulesFIDE, Time: ptrTime(t)}); err != nil {
		t.Fatal(err)
	}
	s.Game().Tags.Set("White", "Ann")
	s.Game().Tags.Set("Black", app.EngineSeat{Name: "Stockfish 15.1", Level: 3}.Label())
	for _, m := range []chess.Move{chess.NewMove(chess.E2, chess.E4), chess.NewMove(chess.E7, chess.E5)} {
		fb, err := playAs(s, m)
		if err != nil || !fb.Moved {
			t.Fatalf("%v not played: %+v %v", m, fb, err)
		}
	}
	// The last [%clk] of each side, as a game played elsewhere wrote them.
	s.Game().End().Parent().SetClock(2*time.Minute + 41*time.Second)
	s.Game().End().SetClock(2*time.Minute + 7*time.Second)
	s.StampClock()
	text, err := store.EncodeGame(s.Game())
	if err != nil {
		t.Fatal(err)
	}
	path := writeFile(t, "adjourned.pgn", string(text))
	s.Game().Tags.Delete("Clock")

	w := newTestWindow(t)
	w.app.Preferences().SetString("enginePath", "/usr/games/stockfish")
	w.files.open(path)
	ws := w.session
	if ws.Phase() != app.Playing {
		t.Fatalf("the saved game came back in phase %v", ws.Phase())
	}
	if got := w.status.mode.Text; got != "FIDE rules" {
		t.Errorf("status shows %q, want FIDE rules", got)
	}
	if !w.controls.takeback.Disabled() {
		t.Error("Take back is enabled in a game under FIDE rules")
	}
	if w.controls.adjust.Disabled() || !w.controls.adjust.Visible() {
		t.Error("J'adoube is greyed in a game under FIDE rules")
	}
	o := ws.Opponents()
	if o.Black == nil || o.Black.Level != 3 || o.Black.Path != "/usr/games/stockfish" || o.White != nil {
		t.Fatalf("opponents %+v, want the engine at level 3 playing Black", o)
	}
	faces, _ := ws.ClockFaces()
	if got := faces[chess.Black].Time; got != 2*time.Minute+7*time.Second {
		t.Errorf("Black's clock %v, want its last [%%clk] 2:07", got)
	}
	pressShortcut(w, fyne.KeyP, 0) // continue
	if ws.ClocksPaused() {
		t.Fatalf("Ctrl+P did not continue the game: %q", w.status.message.Text)
	}
	if _, side := runningSide(ws); side != chess.White {
		t.Errorf("%v's clock runs, want White's", side)
	}
}

// playAs plays m on the board, and presses the mover's clock where the
// rules want a press.
func playAs(s *app.Session, m chess.Move) (app.Feedback, error) {
	end := s.Game().End().Position()
	mover := end.Turn()
	fb := s.PlayMove(m)
	if fb.Moved && s.AwaitingPress() == mover {
		return fb, s.PressClock(mover)
	}
	return fb, nil
}

// runningSide returns whether a clock runs, and whose.
func runningSide(s *app.Session) (bool, chess.Color) {
	faces, _ := s.ClockFaces()
	for c, f := range faces {
		if f.Running {
			return true, chess.Color(c)
		}
	}
	return false, chess.NoColor
}

// TestOnlyTheEngineAnswersItsOffer offers a draw to the engine with Ctrl+D
// (issue 45, point 4): the person cannot accept it for the engine (no
// "Black accepts" to press, the menu item refuses), the engine declines it
// with its move and the message line says so, and at the end only the
// person is asked to confirm the result.
func TestOnlyTheEngineAnswersItsOffer(t *testing.T) {
	sf := reftools.Stockfish(t)
	w, tasks := engineWindow(t)
	s := w.session
	if err := s.NewGame(app.NewGameOptions{}); err != nil {
		t.Fatal(err)
	}
	s.SetOpponents(app.Opponents{Black: &app.EngineSeat{Path: sf, Level: 1, Seed: 1}})
	if fb := s.PlayMove(chess.NewMove(chess.E2, chess.E4)); !fb.Moved {
		t.Fatalf("e4: %+v", fb)
	}
	findItem(t, w, "Black offers a draw").Action() // for the engine, to accept it as White
	findItem(t, w, "Accept the draw offer").Action()
	if s.Status().Over || s.PendingOffer() != chess.NoColor {
		t.Fatalf("a draw offered for the engine: result %v, offer by %v", s.Game().Result(), s.PendingOffer())
	}
	pressShortcut(w, fyne.KeyD, 0) // offered while the engine thinks
	if s.PendingOffer() != chess.White {
		t.Fatalf("Ctrl+D made no offer by White: %q", w.status.message.Text)
	}
	if w.controls.accept.Visible() && !w.controls.accept.Disabled() {
		t.Errorf("%q can be pressed for the engine", w.controls.accept.Text)
	}
	test.Tap(w.controls.accept)
	findItem(t, w, "Accept the draw offer").Action()
	if s.Status().Over {
		t.Fatalf("the person accepted the draw for the engine: %v", s.Game().Result())
	}
	drain(t, tasks, "the engine's move", func() bool { return s.Game().PlyCount() == 2 })
	if s.PendingOffer() != chess.NoColor {
		t.Error("the engine left the offer unanswered")
	}
	if got, want := w.status.message.Text, "Black declines the draw offer."; got != want {
		t.Errorf("message %q, want %q", got, want)
	}
	pressShortcut(w, fyne.KeyD, 0)
	w.play.resignAs(chess.White)
	test.Tap(dialogButton(w, "Yes"))
	if !s.Status().Over {
		t.Fatal("White's resignation did not end the game")
	}
	got := dialogText(w)
	if strings.Contains(got, "Both players") || !strings.Contains(got, "White confirms the result") {
		t.Errorf("the game-over dialog says %q, want only White asked to confirm", got)
	}
}

// TestNewGameClosesGameOver resigns a game, which shows "Game over", then
// starts the next one with Ctrl+N (issue 45, point 10a): the last game's
// dialog does not stay up over the new game.
func TestNewGameClosesGameOver(t *testing.T) {
	w := newTestWindow(t)
	if err := w.session.Resign(chess.White); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(dialogText(w), "White resigns") {
		t.Fatalf("no game-over dialog: %q", dialogText(w))
	}
	pressShortcut(w, fyne.KeyN, 0)
	test.Tap(dialogButton(w, "Don't save"))
	test.Tap(startButton(t, w))
	if w.session.Phase() != app.Playing {
		t.Fatalf("no new game: phase %v", w.session.Phase())
	}
	for _, o := range w.win.Canvas().Overlays().List() {
		for _, l := range objectsIn(o, func(*widget.Label) bool { return true }) {
			if strings.Contains(l.Text, "resigns") {
				t.Errorf("the last game's end is still on show over the new game: %q", l.Text)
			}
		}
	}
}

// TestSoundNoticeWaitsForTheRuling has the sound device fail just after
// the first touch-move refusal (issue 45, point 10b): the refusal stays on
// the message line, and the notice shows once the next move clears it.
func TestSoundNoticeWaitsForTheRuling(t *testing.T) {
	w := newTestWindow(t)
	s := w.session
	if err := s.NewGame(app.NewGameOptions{Rules: arbiter.RulesFIDE}); err != nil {
		t.Fatal(err)
	}
	s.Press(chess.G1) // the knight is touched
	if fb := s.Drop(chess.E2, chess.E4); fb.Refused.IsZero() {
		t.Fatal("the pawn moved after the knight was touched")
	}
	refusal := w.status.message.Text
	if refusal == "" {
		t.Fatal("no refusal on the message line")
	}
	w.soundFailed()
	if got := w.status.message.Text; got != refusal {
		t.Errorf("the sound notice replaced the refusal %q: %q", refusal, got)
	}
	if fb := s.Drop(chess.G1, chess.F3); !fb.Moved {
		t.Fatalf("Nf3: %+v", fb)
	}
	if got := w.status.message.Text; !strings.Contains(got, "No sound device") {
		t.Errorf("after the move the message line says %q, want the sound notice", got)
	}
}
