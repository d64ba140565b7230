package app_test

import (
	"strings"
	"testing"
	"time"

	"touchmove/app"
	"touchmove/app/boardview"
	"touchmove/core/chess"
	"touchmove/core/game"
	"touchmove/core/srs"
)

// dvorak is the mistake 4...g6 of testdata's club game (Nf6 was best).
var dvorak = app.DrillCard{
	Key:  "rn1qkbnr/ppp2ppp/3p4/4p3/2B1P1b1/2N2N2/PPPP1PPP/R1BQK2R b KQkq -",
	FEN:  "rn1qkbnr/ppp2ppp/3p4/4p3/2B1P1b1/2N2N2/PPPP1PPP/R1BQK2R b KQkq - 3 4",
	Best: "Nf6", Line: []string{"Nf6", "h3", "Bxf3", "Qxf3"}, Wrong: []string{"g6"},
	Context: strings.Fields("e4 e5 Nf3 d6 Bc4 Bg4 Nc3"), White: "Novak, Peter", Black: "Dvorak, Jan", Times: 1,
}

func drillMove(t *testing.T, s *app.Session, uci string) app.Feedback {
	t.Helper()
	p := s.Current().Position()
	m, err := p.ParseUCI(uci)
	if err != nil {
		t.Fatalf("%s: %v", uci, err)
	}
	return s.PlayMove(m)
}

// TestDrillPasses: the drill shows the position from the player's side
// over the game's moves; the best move passes, quickly: Easy; the file's
// game is as it was after the drill.
func TestDrillPasses(t *testing.T) {
	s, before := exploreLoad(t)
	s.First()
	drillMove(t, s, "e2e4") // an edit of the file's game, to undo after the drill
	before = gamePGN(t, s)
	if err := s.StartDrill(dvorak, nil); err != nil {
		t.Fatal(err)
	}
	st, ok := s.Drill()
	if !ok || st.Side != chess.Black || !s.Flipped() || s.Current().Ply() != 7 || s.Shown().Tags.Value("White") != "Novak, Peter" {
		t.Fatalf("drill %+v, flipped %v, ply %d", st, s.Flipped(), s.Current().Ply())
	}
	if got := s.Status().Message.String(); !strings.Contains(got, "g6 was played here") {
		t.Errorf("message %q", got)
	}
	if s.Can(app.ActionEngine).Enabled {
		t.Error("the engine is allowed while the question is open")
	}
	if fb := drillMove(t, s, "g8f6"); !fb.Moved {
		t.Fatalf("Nf6: %+v", fb)
	}
	st, _ = s.Drill()
	if st.Step != app.DrillPassed || st.Tries != 1 || s.Current().SAN() != "Nf6" || s.Current().Next() == nil {
		t.Errorf("after Nf6: %+v at %s", st, s.Current().SAN())
	}
	if got := s.Status().Message.String(); got != "Right: Nf6." {
		t.Errorf("message %q", got)
	}
	if st := s.Can(app.ActionUndo); st.Enabled || st.Why.String() != "There is nothing to undo." {
		t.Errorf("undo during the drill: %+v", st)
	}
	s.LeaveDrill()
	if _, ok := s.Drill(); ok || s.Flipped() || gamePGN(t, s) != before || !s.Dirty() {
		t.Errorf("after the drill: flipped %v, dirty %v\n%s", s.Flipped(), s.Dirty(), gamePGN(t, s))
	}
	if err := s.Undo(); err != nil || strings.Contains(gamePGN(t, s), "e4") {
		t.Errorf("the file's edit not undone after the drill: %v", err)
	}
}

// TestDrillWrong: the move played in the game is "Not that", the second
// wrong move shows the piece to move, the third the solution as an arrow
// with its line: graded Again.
func TestDrillWrong(t *testing.T) {
	s, _ := exploreLoad(t)
	if err := s.StartDrill(dvorak, nil); err != nil {
		t.Fatal(err)
	}
	if fb := drillMove(t, s, "g7g6"); fb.Moved || fb.Refused.String() != "Not that. Try again." {
		t.Fatalf("g6: %+v", fb)
	}
	drillMove(t, s, "h7h6")
	st, _ := s.Drill()
	b := s.Board()
	if !st.Hint || st.Step != app.DrillAsking || len(b.Marks) != 1 || b.Marks[0].Square != chess.G8 {
		t.Errorf("after two: %+v, marks %v", st, b.Marks)
	}
	drillMove(t, s, "a7a6")
	st, _ = s.Drill()
	b = s.Board()
	if st.Step != app.DrillSolved || len(b.Arrows) != 1 || b.Arrows[0] != (boardview.Arrow{From: chess.G8, To: chess.F6, Color: boardview.Engine}) {
		t.Errorf("after three: %+v, arrows %v", st, b.Arrows)
	}
	if got := s.Status().Message.String(); got != "The solution: Nf6 h3 Bxf3 Qxf3." {
		t.Errorf("message %q", got)
	}
	if g := srs.GradeOf(st.Answer()); g != srs.Again {
		t.Errorf("grade %v", g)
	}
}

// TestDrillEngine: a move neither best nor played goes to the check; its
// verdict decides.
func TestDrillEngine(t *testing.T) {
	s, _ := exploreLoad(t)
	var pending func(bool)
	check := func(_ chess.Position, m chess.Move, done func(bool)) { pending = done }
	if err := s.StartDrill(dvorak, check); err != nil {
		t.Fatal(err)
	}
	drillMove(t, s, "b8c6")
	if st, _ := s.Drill(); st.Step != app.DrillChecking || pending == nil {
		t.Fatalf("checking: %+v", st)
	}
	if fb := drillMove(t, s, "g8f6"); fb.Moved {
		t.Error("a move was taken while checking")
	}
	pending(true)
	if st, _ := s.Drill(); st.Step != app.DrillPassed || s.Current().SAN() != "Nc6" {
		t.Errorf("after the verdict: %+v", st)
	}
}

// TestDrillFromFEN: a card whose moves do not lead to it is set up from
// its FEN; a drill is refused during a game played here.
func TestDrillFromFEN(t *testing.T) {
	s, _ := exploreLoad(t)
	c := dvorak
	c.Context = nil
	if err := s.StartDrill(c, nil); err != nil {
		t.Fatal(err)
	}
	if p := s.Current().Position(); p.FEN() != c.FEN || !s.Current().IsRoot() {
		t.Errorf("position %s", p.FEN())
	}
	s.DrillSolution()
	if st, _ := s.Drill(); st.Step != app.DrillSolved {
		t.Errorf("solution: %+v", st)
	}
}

// TestDrillTimesAndLive: a mistake made in several games says how often;
// a drill is refused during a game played here.
func TestDrillTimesAndLive(t *testing.T) {
	s, _ := exploreLoad(t)
	c := dvorak
	c.Times = 3
	if err := s.StartDrill(c, nil); err != nil {
		t.Fatal(err)
	}
	if got := s.Status().Message.String(); got != "Training: g6 was played here, in 3 games. Find a better move." {
		t.Errorf("message %q", got)
	}
	s.LeaveDrill()
	if err := s.NewGame(app.NewGameOptions{}); err != nil {
		t.Fatal(err)
	}
	// A new game not begun: the drill, then the game again.
	if err := s.StartDrill(dvorak, nil); err != nil {
		t.Fatal(err)
	}
	s.LeaveDrill()
	if s.Phase() != app.Playing {
		t.Errorf("after the drill: %v", s.Phase())
	}
	s.PlayMove(chess.NewMove(chess.E2, chess.E4))
	if err := s.StartDrill(dvorak, nil); err == nil {
		t.Error("a drill started during a game played here")
	}
	if _, ok := s.Drill(); ok || !strings.HasPrefix(s.Status().Message.String(), "Training is not available") {
		t.Errorf("message %q", s.Status().Message.String())
	}
}

// TestDrillRepertoire: a repertoire card passes only its move; a wrong
// move shows it at once with its line.
func TestDrillRepertoire(t *testing.T) {
	s, _ := exploreLoad(t)
	c := app.DrillCard{Key: "repertoire start", FEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		Best: "e4", Line: []string{"e4", "e5", "Nf3"}, Repertoire: true}
	if err := s.StartDrill(c, nil); err != nil {
		t.Fatal(err)
	}
	if got := s.Status().Message.String(); got != "Repertoire: your move." {
		t.Errorf("message %q", got)
	}
	drillMove(t, s, "d2d4")
	st, _ := s.Drill()
	if st.Step != app.DrillSolved || s.Status().Message.String() != "Not that. Your repertoire plays: e4 e5 Nf3." {
		t.Errorf("after d4: %+v, %q", st.Step, s.Status().Message.String())
	}
}

// TestDrillJournalRestores: a journal written in the middle of a drill
// brings the drill back at the same card, the same try, the board turned
// the same way; leaving it brings back the file's game as it was (issue
// 47, point 4).
func TestDrillJournalRestores(t *testing.T) {
	dir := t.TempDir()
	s := newSession(t, app.WithJournal(app.NewJournal(dir)))
	g := game.New()
	g.Root().AddSAN("d4")
	s.Load(g, "games.pgn", 0)
	if err := s.StartDrill(dvorak, nil); err != nil {
		t.Fatal(err)
	}
	drillMove(t, s, "g7g6") // the game's move: "Not that"
	// The process dies here; the next start reads the journal.
	e, ok, err := app.LoadJournal(app.NewJournal(dir))
	if err != nil || !ok {
		t.Fatalf("load: %v %v", ok, err)
	}
	r := newSession(t)
	if err := r.Restore(e); err != nil {
		t.Fatal(err)
	}
	st, ok := r.Drill()
	if !ok || st.Card.Key != dvorak.Key || st.Tries != 1 || st.Step != app.DrillAsking || !r.Flipped() || r.Current().Ply() != 7 {
		t.Fatalf("restored: drill %v %+v, flipped %v, ply %d", ok, st, r.Flipped(), r.Current().Ply())
	}
	if fb := drillMove(t, r, "g8f6"); !fb.Moved {
		t.Fatalf("Nf6 after the restore: %+v", fb)
	}
	if st, _ = r.Drill(); st.Step != app.DrillPassed || st.Tries != 2 {
		t.Errorf("after Nf6: %+v", st)
	}
	r.LeaveDrill()
	if got := movetext(t, r); got != "1. d4 *" || r.Flipped() {
		t.Errorf("after the drill: %q, flipped %v", got, r.Flipped())
	}
}

// repStart is the repertoire card of the initial position: 1. e4.
var repStart = app.DrillCard{Key: "repertoire start", FEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	Best: "e4", Line: []string{"e4", "c5", "Nf3"}, Repertoire: true}

// TestDrillFollowsLine: after the repertoire's move, the drill plays the
// opponent's reply that next chooses and asks the card due after it on
// the same board; the answer given goes to next to be kept; a reply with
// nothing due after it ends the line there (issue 47, point 2).
func TestDrillFollowsLine(t *testing.T) {
	s, _ := exploreLoad(t)
	if err := s.StartDrill(repStart, nil); err != nil {
		t.Fatal(err)
	}
	var answered []app.DrillState
	due := true
	s.SetDrillOptions(app.DrillOptions{Next: func(st app.DrillState, after chess.Position) (string, app.DrillCard, bool) {
		answered = append(answered, st)
		if after.Turn() != chess.Black {
			t.Errorf("asked for a reply with %v to move", after.Turn())
		}
		reply := map[bool]string{true: "c5", false: "d6"}[due]
		return reply, app.DrillCard{Key: "repertoire sicilian", Best: "Nf3", Line: []string{"Nf3"}, Repertoire: true}, due
	}})
	drillMove(t, s, "e2e4")
	st, _ := s.Drill()
	if len(answered) != 1 || answered[0].Step != app.DrillPassed || answered[0].Card.Key != repStart.Key {
		t.Fatalf("answers given to next: %+v", answered)
	}
	if st.Card.Key != "repertoire sicilian" || st.Step != app.DrillAsking || s.Current().SAN() != "c5" || s.Current().Next() != nil {
		t.Fatalf("after e4: %+v at %s", st, s.Current().SAN())
	}
	if got := s.Status().Message.String(); got != "Right: e4. The opponent replies c5: your move." {
		t.Errorf("message %q", got)
	}
	due = false
	drillMove(t, s, "g1f3")
	if st, _ = s.Drill(); st.Card.Key != "repertoire sicilian" || st.Step != app.DrillPassed || s.Current().SAN() != "d6" || s.Current().Ply() != 4 {
		t.Fatalf("after Nf3: %+v at %d", st, s.Current().Ply())
	}
	if got := s.Status().Message.String(); got != "Right: Nf3. The opponent replies d6; nothing more of this line is due." {
		t.Errorf("message %q", got)
	}
}

// TestDrillTimed: a timed drill counts the time left down; once it is
// out the solution is shown and the answer is Again (issue 47, point 3).
func TestDrillTimed(t *testing.T) {
	now := time.Date(2026, 12, 6, 10, 0, 0, 0, time.UTC)
	s := newSession(t, app.WithClock(func() time.Time { return now }))
	g := game.New()
	s.Load(g, "games.pgn", 0)
	if err := s.StartDrill(dvorak, nil); err != nil {
		t.Fatal(err)
	}
	if _, ok := s.DrillTimeLeft(); ok {
		t.Error("an untimed drill has a time left")
	}
	s.SetDrillOptions(app.DrillOptions{Limit: 20 * time.Second})
	now = now.Add(15 * time.Second)
	s.DrillTimeout()
	if left, ok := s.DrillTimeLeft(); !ok || left != 5*time.Second {
		t.Fatalf("left %v %v", left, ok)
	}
	now = now.Add(6 * time.Second)
	s.DrillTimeout()
	st, _ := s.Drill()
	if !st.TimedOut || st.Step != app.DrillSolved || st.Answer().Solved != true || srs.GradeOf(st.Answer()) != srs.Again {
		t.Fatalf("after the time: %+v", st)
	}
	if got := s.Status().Message.String(); got != "Time is up. The solution: Nf6 h3 Bxf3 Qxf3." {
		t.Errorf("message %q", got)
	}
	if _, ok := s.DrillTimeLeft(); ok {
		t.Error("a time left after the answer")
	}
}
