package app_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"touchmove/app"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/core/clock"
	"touchmove/core/msg"
)

func modeSession(t *testing.T, ft *fakeTime, mode arbiter.Rules, fen string, ts *app.TimeSettings) *app.Session {
	t.Helper()
	s := app.NewSession(app.WithClock(ft.now))
	if err := s.NewGame(app.NewGameOptions{Rules: mode, FEN: fen, Time: ts}); err != nil {
		t.Fatal(err)
	}
	return s
}

// In FIDE mode a touched piece must be moved, and the refusal says why.
func TestOTBTouchMoveTournament(t *testing.T) {
	ft := &fakeTime{t: fixedNow()}
	s := modeSession(t, ft, arbiter.RulesFIDE, "", nil)
	s.Press(sq(t, "g1"))
	if b := s.Board(); b.Touched != chess.G1 {
		t.Fatalf("touched square %v, want g1", b.Touched)
	}
	fb := drag(t, s, "e2", "e4")
	if fb.Moved || !strings.Contains(fb.Refused.String(), "knight on g1") {
		t.Fatalf("moving another piece after touching the knight: %+v", fb)
	}
	mustMove(t, s, "g1", "f3")
	// Black touches White's knight?—no: Black touches his own pawn, then must move it.
	s.Press(sq(t, "e7"))
	if fb := drag(t, s, "d7", "d5"); fb.Moved {
		t.Fatal("Black moved another pawn after touching e7")
	}
	mustMove(t, s, "e7", "e5")
	// Touching an enemy piece that can be captured obliges the capture.
	s.Press(sq(t, "e5"))
	if fb := drag(t, s, "d2", "d4"); fb.Moved {
		t.Fatal("White did not capture the touched pawn on e5")
	}
	mustMove(t, s, "f3", "e5")
	if got := movetext(t, s); got != "1. Nf3 e5 2. Nxe5 *" {
		t.Errorf("movetext %q", got)
	}
	// No takebacks in FIDE mode.
	if err := s.Takeback(); err == nil {
		t.Error("takeback accepted in FIDE mode")
	}
}

// J'adoube announced before touching makes the touch free.
func TestOTBJAdoube(t *testing.T) {
	ft := &fakeTime{t: fixedNow()}
	s := modeSession(t, ft, arbiter.RulesFIDE, "", nil)
	if err := s.ToggleAdjust(); err != nil || !s.Adjusting() {
		t.Fatalf("adjust: %v %v", err, s.Adjusting())
	}
	s.Press(sq(t, "b1"))
	if s.Adjusting() {
		t.Error("j'adoube still armed after the adjusting touch")
	}
	mustMove(t, s, "d2", "d4")
}

// A draw offer is recorded as (=) on the offerer's move and accepted.
func TestOTBDrawOffer(t *testing.T) {
	ft := &fakeTime{t: fixedNow()}
	s := modeSession(t, ft, arbiter.RulesFIDE, "", nil)
	mustMove(t, s, "e2", "e4")
	mustMove(t, s, "e7", "e5")
	mustMove(t, s, "g1", "f3")
	if err := s.OfferDraw(chess.White); err != nil {
		t.Fatal(err)
	}
	if s.PendingOffer() != chess.White {
		t.Fatal("no pending offer")
	}
	if err := s.AcceptDraw(chess.Black); err != nil {
		t.Fatal(err)
	}
	st := s.Status()
	if st.Result != chess.Draw || !strings.Contains(movetext(t, s), "2. Nf3 { (=)") {
		t.Fatalf("status %+v movetext %q", st, movetext(t, s))
	}
	if err := s.ConfirmResult(chess.White); err != nil {
		t.Fatal(err)
	}
	if s.ResultConfirmed() {
		t.Error("confirmed by one player only")
	}
	s.ConfirmResult(chess.Black)
	if !s.ResultConfirmed() {
		t.Error("not confirmed by both")
	}
}

// A wrong claim gives the opponent time and play goes on (rules.md §3 N6).
func TestOTBWrongClaimPenalty(t *testing.T) {
	ft := &fakeTime{t: fixedNow()}
	c := clock.Fischer(90*time.Minute, 30*time.Second)
	s := modeSession(t, ft, arbiter.RulesFIDE, "", &app.TimeSettings{White: c, Black: c})
	mustMove(t, s, "e2", "e4")
	before, _ := s.ClockFaces()
	if err := s.ClaimDrawWith(chess.NoMove); err == nil {
		// A wrong claim is not an error of the call: the decision penalises.
	}
	after, _ := s.ClockFaces()
	if d := after[chess.White].Time - before[chess.White].Time; d != 2*time.Minute {
		t.Errorf("White got %v for Black's wrong claim, want +2:00 (standard)", d)
	}
	if st := s.Status(); st.Over {
		t.Errorf("game ended on a wrong claim: %+v", st)
	}
	// The claim paused the clock; resume and play on.
	if s.ClocksPaused() {
		s.ResumeClocks()
	}
	mustMove(t, s, "e7", "e5")
}

// Arbiter mode: a completed illegal move restores the position and gives the
// opponent time; the second loses (rules.md §6.2).
func TestOTBArbiterIllegalMoves(t *testing.T) {
	ft := &fakeTime{t: fixedNow()}
	c := clock.Fischer(3*time.Minute, 2*time.Second)
	ts := &app.TimeSettings{White: c, Black: c, ManualPress: true}
	s := modeSession(t, ft, arbiter.RulesArbiter, "", ts)
	drag(t, s, "e2", "e5") // illegal: stands provisionally
	if b := s.Board(); b.Pieces[chess.E5] != chess.WhitePawn {
		t.Fatal("the provisional illegal move is not shown")
	}
	before, _ := s.ClockFaces()
	s.PressClock(chess.White) // completes the illegal move
	after, _ := s.ClockFaces()
	if b := s.Board(); b.Pieces[chess.E2] != chess.WhitePawn || b.Pieces[chess.E5] != chess.NoPiece {
		t.Fatal("the position was not restored")
	}
	if d := after[chess.Black].Time - before[chess.Black].Time; d != time.Minute {
		t.Errorf("Black got %v, want +1:00 (blitz)", d)
	}
	if got := movetext(t, s); !strings.Contains(got, "Illegal move by White") {
		t.Errorf("no comment for the illegal move: %q", got)
	}
	// The replacement move must be made with the same piece (7.5.1).
	mustMoveManual(t, s, chess.White, "e2", "e4")
	mustMoveManual(t, s, chess.Black, "e7", "e5")
	drag(t, s, "d1", "d5")
	s.PressClock(chess.White)
	if st := s.Status(); st.Result != chess.BlackWins {
		t.Fatalf("second illegal move: %+v", st)
	}
}

// Arbiter mode with the clock pressed by the move (the default): an illegal
// move stands provisionally and says that pressing the clock completes it,
// so the press must be there — the menu, the Shift keys and the faces go by
// Can — and completes it; with no illegal move standing the move presses.
func TestOTBArbiterIllegalMoveAutoPress(t *testing.T) {
	ft := &fakeTime{t: fixedNow()}
	c := clock.Fischer(3*time.Minute, 2*time.Second)
	s := modeSession(t, ft, arbiter.RulesArbiter, "", &app.TimeSettings{White: c, Black: c})
	mustMove(t, s, "e2", "e4")
	mustMove(t, s, "e7", "e5")
	if st := s.Can(app.ActionPressClock); st.Enabled {
		t.Fatal("a press by hand is offered where the move presses the clock")
	}
	drag(t, s, "d1", "d5") // illegal: stands provisionally
	if b := s.Board(); b.Pieces[chess.D5] != chess.WhiteQueen {
		t.Fatal("the provisional illegal move is not shown")
	}
	if st := s.Can(app.ActionPressClock); !st.Enabled {
		t.Fatalf("the clock cannot be pressed to complete the illegal move: %v", st.Why)
	}
	before, _ := s.ClockFaces()
	if err := s.PressClock(chess.White); err != nil {
		t.Fatal(err)
	}
	after, _ := s.ClockFaces()
	if b := s.Board(); b.Pieces[chess.D1] != chess.WhiteQueen || b.Pieces[chess.D5] != chess.NoPiece {
		t.Fatal("the position was not restored")
	}
	if d := after[chess.Black].Time - before[chess.Black].Time; d != time.Minute {
		t.Errorf("Black got %v, want +1:00 (blitz)", d)
	}
	if got := movetext(t, s); !strings.Contains(got, "Illegal move by White") {
		t.Errorf("no comment for the illegal move: %q", got)
	}
	// The replacement move presses the clock itself again.
	mustMove(t, s, "d1", "h5")
	if faces, _ := s.ClockFaces(); !faces[chess.Black].Running {
		t.Error("after the replacement move Black's clock does not run")
	}
	if st := s.Can(app.ActionPressClock); st.Enabled {
		t.Error("a press by hand is offered again with no illegal move standing")
	}
}

func mustMoveManual(t *testing.T, s *app.Session, c chess.Color, from, to string) {
	t.Helper()
	if fb := drag(t, s, from, to); !fb.Moved {
		t.Fatalf("%s-%s: %+v", from, to, fb)
	}
	if s.AwaitingPress() != c {
		t.Fatalf("not waiting for %v's press", c)
	}
	if err := s.PressClock(c); err != nil {
		t.Fatal(err)
	}
}

// Casual mode: no binding, takebacks.
func TestOTBCasual(t *testing.T) {
	ft := &fakeTime{t: fixedNow()}
	s := modeSession(t, ft, arbiter.RulesCasual, "", nil)
	s.Press(sq(t, "g1"))
	mustMove(t, s, "e2", "e4")
	if err := s.Takeback(); err != nil {
		t.Fatal(err)
	}
	if s.Game().PlyCount() != 0 {
		t.Fatal("takeback left the move")
	}
	mustMove(t, s, "d2", "d4")
}

// Arbiter actions are logged in the score.
func TestOTBArbiterActions(t *testing.T) {
	ft := &fakeTime{t: fixedNow()}
	c := clock.Fischer(5*time.Minute, 0)
	s := modeSession(t, ft, arbiter.RulesArbiter, "", &app.TimeSettings{White: c, Black: c})
	mustMove(t, s, "e2", "e4")
	if err := s.ArbiterPause(); err != nil || !s.ClocksPaused() {
		t.Fatalf("pause: %v paused %v", err, s.ClocksPaused())
	}
	if err := s.ArbiterSetTime(chess.White, 3*time.Minute); err != nil {
		t.Fatal(err)
	}
	if err := s.ArbiterSetMoves(chess.Black, 0); err != nil {
		t.Fatal(err)
	}
	if err := s.ArbiterPause(); err != nil || s.ClocksPaused() {
		t.Fatalf("resume: %v paused %v", err, s.ClocksPaused())
	}
	faces, _ := s.ClockFaces()
	if faces[chess.White].Time != 3*time.Minute {
		t.Errorf("White's time %v", faces[chess.White].Time)
	}
	if err := s.ArbiterDeclare(chess.NoColor, "Dead position since move 1"); err != nil {
		t.Fatal(err)
	}
	got := movetext(t, s)
	if !strings.Contains(got, "1/2-1/2") || !strings.Contains(strings.ToLower(got), "pause") {
		t.Errorf("score %q", got)
	}
}

// A threefold claim with a declared move entered on the board (rules.md §3 N6 b).
func TestOTBClaimWithDeclaredDrop(t *testing.T) {
	ft := &fakeTime{t: fixedNow()}
	s := modeSession(t, ft, arbiter.RulesFIDE, "", nil)
	for _, m := range [][2]string{{"g1", "f3"}, {"g8", "f6"}, {"f3", "g1"}, {"f6", "g8"}, {"g1", "f3"}, {"g8", "f6"}, {"f3", "g1"}} {
		mustMove(t, s, m[0], m[1])
	}
	if err := s.ClaimDrawWithDrop(chess.E7, chess.E2); !errors.Is(err, app.ErrRefused) || msg.TextOf(err).String() != "e7–e2 is not a legal move." {
		t.Errorf("an illegal declared move: %v, want the refusal \"e7–e2 is not a legal move.\"", err)
	}
	if err := s.ClaimDrawWithDrop(chess.F6, chess.G8); err != nil {
		t.Fatal(err)
	}
	if st := s.Status(); st.Result != chess.Draw || !strings.HasSuffix(strings.TrimSuffix(movetext(t, s), " 1/2-1/2"), "}") {
		t.Fatalf("claim with Ng8: %+v %q", st, movetext(t, s))
	}
	if !strings.Contains(movetext(t, s), "4. Ng1 Ng8 {") {
		t.Errorf("the declared move is not in the score: %q", movetext(t, s))
	}
}
