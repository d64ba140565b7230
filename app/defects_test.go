package app_test

import (
	"strings"
	"testing"
	"time"

	"touchmove/app"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/core/clock"
	"touchmove/core/game"
	"touchmove/internal/corpus"
)

// storedGame is a finished game with a side line and a closing comment, as
// the games of an annotated file are.
const storedGame = `[Event "Club"]
[Site "?"]
[Date "2024.01.02"]
[Round "6"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 e5 2. Nf3 (2. f4 exf4 3. Nf3) 2... Nc6 3. Bb5 a6 4. Ba4 { White keeps the bishop. } 1-0 {Black resigns}
`

// Defect 1: Take back in a stored game, in a side line, deleted the last
// main-line move, the result and the closing comment, and made the game
// live. It is now refused with the reason, and nothing changes; removing
// moves is Delete from here, an undoable edit.
func TestTakebackRefusedInStoredGame(t *testing.T) {
	s, e := editLoad(t, storedGame)
	before := editExport(t, s)
	s.GoTo(editFind(t, s, "e4", "e5", "f4", "exf4"))
	st := s.Can(app.ActionTakeback)
	if st.Enabled || !strings.Contains(st.Why.String(), "Delete from here") {
		t.Fatalf("Can(Takeback) in a stored game = %+v", st)
	}
	if err := s.Takeback(); err == nil {
		t.Fatal("Takeback in a stored game succeeded")
	}
	if got := editExport(t, s); got != before || s.Phase() != app.Browsing || s.Dirty() {
		t.Fatalf("a refused takeback changed the game (mode %v, dirty %v):\n%s", s.Phase(), s.Dirty(), got)
	}
	if s.CanUndo() {
		t.Fatal("something to undo after a refused takeback")
	}
	// Delete from here is the edit, and Undo brings the bytes back.
	if err := e.DeleteFrom(s.Current()); err != nil {
		t.Fatal(err)
	}
	if err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	if got := editExport(t, s); got != before {
		t.Fatalf("undo of delete:\n%s\nwant\n%s", got, before)
	}
	if err := s.Redo(); err != nil || strings.Contains(editExport(t, s), "exf4") {
		t.Fatalf("redo of delete: %v", err)
	}
}

func claimThreefold(t *testing.T, s *app.Session) {
	t.Helper()
	for range 2 {
		for _, m := range [][2]string{{"g1", "f3"}, {"g8", "f6"}, {"f3", "g1"}, {"f6", "g8"}} {
			mustMove(t, s, m[0], m[1])
		}
	}
	if err := s.ClaimDraw(); err != nil {
		t.Fatalf("claim: %v", err)
	}
}

// Defect 2: after a FIDE game ended by a threefold claim and both players
// confirmed, Take back broke the game (list, board and arbiter apart). No
// takeback exists under FIDE rules: it is refused, with the reason, and the
// finished game stays exactly as it was.
func TestFIDEFinishedGameRefusesTakeback(t *testing.T) {
	ft := &fakeTime{t: fixedNow()}
	s := modeSession(t, ft, arbiter.RulesFIDE, "", ptr(blitz32()))
	claimThreefold(t, s)
	if s.Phase() != app.Finished || s.Game().Result() != chess.Draw {
		t.Fatalf("after the claim: mode %v, result %s", s.Phase(), s.Game().Result())
	}
	for _, c := range []chess.Color{chess.White, chess.Black} {
		if err := s.ConfirmResult(c); err != nil {
			t.Fatal(err)
		}
	}
	before := movetext(t, s)
	board := s.Board().Pieces
	st := s.Can(app.ActionTakeback)
	if st.Enabled || !strings.Contains(st.Why.String(), "FIDE") {
		t.Fatalf("Can(Takeback) = %+v", st)
	}
	if err := s.Takeback(); err == nil {
		t.Fatal("takeback allowed in a FIDE game")
	}
	if movetext(t, s) != before || s.Board().Pieces != board || s.Phase() != app.Finished || s.Status().Claimable != nil {
		t.Fatalf("the finished game changed: %q, mode %v", movetext(t, s), s.Phase())
	}
	for _, a := range []app.Action{app.ActionOfferDraw, app.ActionClaimDraw, app.ActionResign, app.ActionAdjust, app.ActionPressClock, app.ActionConfirmResult} {
		if s.Can(a).Enabled {
			t.Errorf("action %d enabled after the game ended and was confirmed", a)
		}
	}
}

func ptr[T any](v T) *T { return &v }

// Defect 6: a casual game with clocks allows takebacks; the clocks go back
// to the times they had at that position, and Redo plays the move again
// with the times it had.
func TestCasualTakebackWithClocks(t *testing.T) {
	ft := &fakeTime{t: fixedNow()}
	s := modeSession(t, ft, arbiter.RulesCasual, "", ptr(blitz32()))
	faces := func() [2]time.Duration {
		f, _ := s.ClockFaces()
		return [2]time.Duration{f[0].Time, f[1].Time}
	}
	ft.advance(10 * time.Second)
	mustMove(t, s, "e2", "e4")
	atBlackTurn := faces()
	ft.advance(5 * time.Second)
	mustMove(t, s, "e7", "e5")
	afterE5 := faces()
	ft.advance(7 * time.Second)
	if st := s.Can(app.ActionTakeback); !st.Enabled {
		t.Fatalf("takeback refused in a casual game with clocks: %s", st.Why.String())
	}
	if err := s.Takeback(); err != nil {
		t.Fatal(err)
	}
	// Black to move again, at the time he had when his turn began.
	got := faces()
	if !strings.HasPrefix(movetext(t, s), "1. e4 {") || strings.Contains(movetext(t, s), "e5") || got != atBlackTurn {
		t.Fatalf("after takeback: %q, clocks %v, want %v", movetext(t, s), got, atBlackTurn)
	}
	if f, _ := s.ClockFaces(); !f[chess.Black].Running {
		t.Fatal("Black's clock does not run after the takeback")
	}
	if err := s.Redo(); err != nil {
		t.Fatal(err)
	}
	if got := faces(); !strings.Contains(movetext(t, s), "e5") || got != afterE5 {
		t.Fatalf("after redo: %q, clocks %v, want %v", movetext(t, s), got, afterE5)
	}
}

// A casual game ended by mate is reopened by a takeback: board, arbiter,
// result and Termination together.
func TestCasualTakebackReopensMate(t *testing.T) {
	s := newSession(t)
	for _, m := range [][2]string{{"f2", "f3"}, {"e7", "e5"}, {"g2", "g4"}, {"d8", "h4"}} {
		mustMove(t, s, m[0], m[1])
	}
	if s.Phase() != app.Finished {
		t.Fatalf("mode after mate %v", s.Phase())
	}
	if err := s.Takeback(); err != nil {
		t.Fatal(err)
	}
	g := s.Game()
	if s.Phase() != app.Playing || g.Result() != chess.Unfinished || g.Tags.Value("Termination") != "" && g.Tags.Value("Termination") != "unterminated" || g.EndComment() != "" {
		t.Fatalf("after takeback: mode %v, result %s, termination %q, end comment %q", s.Phase(), g.Result(), g.Tags.Value("Termination"), g.EndComment())
	}
	mustMove(t, s, "d8", "g5") // the arbiter follows: Black to move
	if movetext(t, s) != "1. f3 e5 2. g4 Qg5 *" {
		t.Fatalf("movetext %q", movetext(t, s))
	}
}

// Defect 4: a refusal lasts until the next gesture; the end of the game
// clears it.
func TestRefusalLastsUntilNextGesture(t *testing.T) {
	ft := &fakeTime{t: fixedNow()}
	s := modeSession(t, ft, arbiter.RulesFIDE, "", ptr(blitz32()))
	s.Press(sq(t, "e2"))
	if fb := drag(t, s, "d2", "d4"); fb.Refused.String() == "" || s.Status().Message.String() == "" {
		t.Fatalf("no refusal for another piece: %+v", fb)
	}
	mustMove(t, s, "e2", "e4")
	if m := s.Status().Message.String(); strings.Contains(m, "must move") {
		t.Fatalf("refusal still shown after the move: %q", m)
	}
	s.Press(sq(t, "e7"))
	drag(t, s, "d7", "d5") // refused: e7 is touched
	ft.advance(4 * time.Minute)
	s.Tick() // Black's flag falls
	if st := s.Status(); !st.Over || strings.Contains(st.Message.String(), "must move") {
		t.Fatalf("after the flag: over %v, message %q", st.Over, st.Message.String())
	}
}

// Defect 7: White offers a draw on White's turn, before moving, and Black
// accepts at once: the score never puts "(=)" after Black's move.
func TestDrawOfferBeforeMovingAttributed(t *testing.T) {
	ft := &fakeTime{t: fixedNow()}
	s := modeSession(t, ft, arbiter.RulesFIDE, "", nil)
	for _, m := range [][2]string{{"e2", "e4"}, {"e7", "e5"}} {
		mustMove(t, s, m[0], m[1])
	}
	if err := s.OfferDraw(chess.White); err != nil {
		t.Fatal(err)
	}
	if err := s.AcceptDraw(chess.Black); err != nil {
		t.Fatal(err)
	}
	text := movetext(t, s)
	if strings.Contains(text, "e5 { (=)") || strings.Contains(text, "e5 {(=)") || !strings.Contains(text, "White offered a draw") {
		t.Fatalf("the offer is attributed wrongly:\n%s", text)
	}
	// Made before moving and followed by the move, it goes after that move.
	s = modeSession(t, ft, arbiter.RulesFIDE, "", nil)
	mustMove(t, s, "e2", "e4")
	if err := s.OfferDraw(chess.Black); err != nil {
		t.Fatal(err)
	}
	mustMove(t, s, "e7", "e5")
	if text := movetext(t, s); !strings.Contains(text, "e5 { (=) }") && !strings.Contains(text, "e5 {(=)}") {
		t.Fatalf("an offer before moving is not after the offerer's move:\n%s", text)
	}
}

// Defect 8: actions that cannot act are disabled, with a reason, and called
// anyway they refuse with it.
func TestActionsEnabledOnlyWhenTheyAct(t *testing.T) {
	ft := &fakeTime{t: fixedNow()}
	s := modeSession(t, ft, arbiter.RulesCasual, "", ptr(blitz32()))
	for _, a := range []app.Action{app.ActionArbiter, app.ActionArbiterTime, app.ActionPressClock, app.ActionAdjust, app.ActionConfirmResult} {
		if st := s.Can(a); st.Enabled || st.Why.String() == "" {
			t.Errorf("casual game with moves pressing the clock: action %d = %+v", a, st)
		}
	}
	if err := s.ArbiterAddTime(chess.White, time.Minute); err == nil {
		t.Error("arbiter's +1:00 in a casual game succeeded")
	}
	if err := s.PressClock(chess.White); err == nil {
		t.Error("a press that does nothing was not refused")
	}
	s = modeSession(t, ft, arbiter.RulesArbiter, "", ptr(blitz32()))
	if !s.Can(app.ActionArbiterTime).Enabled || !s.Can(app.ActionArbiter).Enabled {
		t.Error("arbiter actions disabled in arbiter mode")
	}
	if err := s.ArbiterAddTime(chess.White, time.Minute); err != nil {
		t.Errorf("arbiter's +1:00: %v", err)
	}
}

// Defect 3: the journal is written at least once a second while a clock
// runs, and restore brings the clocks back within a second of the kill and
// the touched piece with them.
func TestJournalHeartbeatAndTouchRestored(t *testing.T) {
	dir := t.TempDir()
	ft := &fakeTime{t: fixedNow()}
	s := app.NewSession(app.WithClock(ft.now), app.WithJournal(app.NewJournal(dir)))
	c := clock.Fischer(3*time.Minute, 2*time.Second)
	if err := s.NewGame(app.NewGameOptions{Rules: arbiter.RulesFIDE, Time: &app.TimeSettings{White: c, Black: c}}); err != nil {
		t.Fatal(err)
	}
	mustMove(t, s, "e2", "e4")
	mustMove(t, s, "e7", "e5")
	f0, _ := s.ClockFaces()
	s.Press(sq(t, "g1")) // White touches his knight
	for range 250 {      // 25 s of ticks
		ft.advance(100 * time.Millisecond)
		s.Tick()
	}
	// kill -9 here: only what is on disk counts.
	e, ok, err := app.LoadJournal(app.NewJournal(dir))
	if err != nil || !ok {
		t.Fatalf("journal: %v %v", ok, err)
	}
	r := app.NewSession(app.WithClock(ft.now))
	if err := r.Restore(e); err != nil {
		t.Fatal(err)
	}
	f, _ := r.ClockFaces()
	want := f0[chess.White].Time - 25*time.Second
	if d := f[chess.White].Time - want; d < 0 || d > time.Second {
		t.Fatalf("White's clock after restore %v, want within 1 s of %v", f[chess.White].Time, want)
	}
	if !f[chess.White].Paused {
		t.Error("restored clocks are not paused")
	}
	if b := r.Board(); b.Touched != chess.G1 {
		t.Fatalf("touched piece after restore %v, want g1", b.Touched)
	}
	r.ResumeClocks()
	if fb := drag(t, r, "d2", "d4"); fb.Moved {
		t.Fatal("another piece moved after the knight was touched")
	}
}

// Defect 1 on the file it was found with: game 6 of the lichess sample, a
// side line entered, Take back and Undo change nothing of the game.
func TestTakebackRefusedInLichessGame6(t *testing.T) {
	games := strings.Split(string(corpus.Read(t, "pgn/lichess_annotated_1k.pgn.gz")), "\n[Event ")
	if len(games) < 6 {
		t.Fatalf("the sample has %d games", len(games))
	}
	s, _ := editLoad(t, "[Event "+games[5])
	before := editExport(t, s)
	var side *game.Node
	for n := range s.Game().Nodes() {
		if !n.IsMainLine() {
			side = n
			break
		}
	}
	if side == nil {
		t.Fatal("game 6 has no side line")
	}
	s.GoTo(side)
	if err := s.Takeback(); err == nil {
		t.Fatal("takeback in a stored game succeeded")
	}
	if err := s.Undo(); err == nil {
		t.Fatal("undo with nothing to undo succeeded")
	}
	if got := editExport(t, s); got != before || s.Dirty() || s.Phase() != app.Browsing {
		t.Fatalf("the game changed (dirty %v, mode %v)", s.Dirty(), s.Phase())
	}
	if !strings.Contains(before, "53. Ra6") || !strings.Contains(before, "Black resigns") {
		t.Fatalf("the export lacks the end of the game:\n%s", before)
	}
}

// A stall (a stopped process, a sleeping laptop) found at the next tick
// pauses the clocks as of the last tick: the dialog says they were paused,
// and the arithmetic agrees — nobody is charged the stall.
func TestStallIsChargedToNobody(t *testing.T) {
	ft := &fakeTime{t: fixedNow()}
	s := modeSession(t, ft, arbiter.RulesCasual, "", ptr(blitz32()))
	ft.advance(3 * time.Second)
	lastTick := ft.now()
	before, _ := s.ClockFaces()
	ft.advance(8 * time.Second) // the process was stopped
	if err := s.PauseClocksAt(lastTick); err != nil {
		t.Fatal(err)
	}
	after, _ := s.ClockFaces()
	if after[chess.White].Time != before[chess.White].Time || !after[chess.White].Paused {
		t.Fatalf("White's clock %v (paused %v), want %v as at the last tick", after[chess.White].Time, after[chess.White].Paused, before[chess.White].Time)
	}
}
