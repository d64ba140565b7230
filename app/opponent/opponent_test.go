package opponent_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"touchmove/app/opponent"
	"touchmove/core/chess"
	"touchmove/core/uci"
	"touchmove/internal/reftools"
)

// options is an engine's declared options, for SettingFor.
type options []string

func (o options) Option(name string) (uci.Option, bool) {
	for _, l := range o {
		opt, err := uci.ParseOption(l)
		if err != nil {
			panic(err)
		}
		if strings.EqualFold(opt.Name, name) {
			return opt, true
		}
	}
	return uci.Option{}, false
}

var stockfish151 = options{
	"option name MultiPV type spin default 1 min 1 max 500",
	"option name Skill Level type spin default 20 min 0 max 20",
	"option name UCI_LimitStrength type check default false",
	"option name UCI_Elo type spin default 1350 min 1350 max 2850",
}

func TestLevelsTable(t *testing.T) {
	lv := opponent.Levels()
	if len(lv) != opponent.MaxLevel {
		t.Fatalf("%d levels, want %d", len(lv), opponent.MaxLevel)
	}
	for i, l := range lv {
		if l.N != i+1 {
			t.Errorf("level %d has N %d", i+1, l.N)
		}
		if i > 0 && l.Method != opponent.Full && l.Rating <= lv[i-1].Rating {
			t.Errorf("level %d (%d) is not rated above level %d (%d)", l.N, l.Rating, i, lv[i-1].Rating)
		}
		if i > 0 && l.Method < lv[i-1].Method {
			t.Errorf("level %d uses a weaker method than level %d", l.N, i)
		}
		if l.Method == opponent.Weakened && (l.Depth < 1 || l.Temperature < 1 || l.Blunders < 0 || l.Blunders > 1000) {
			t.Errorf("level %d: bad weakening %+v", l.N, l)
		}
		if i > 0 && l.Method == opponent.Weakened && (l.Temperature > lv[i-1].Temperature || l.Blunders > lv[i-1].Blunders || l.Depth < lv[i-1].Depth) {
			t.Errorf("level %d is weakened more than level %d", l.N, i)
		}
	}
	if lv[0].Rating > 700 {
		t.Errorf("level 1 is rated %d: a beginner cannot beat it", lv[0].Rating)
	}
	for _, n := range []int{0, 11, -1} {
		if _, err := opponent.LevelOf(n); !errors.Is(err, opponent.ErrLevel) {
			t.Errorf("LevelOf(%d): %v, want ErrLevel", n, err)
		}
	}
}

func TestSettingFor(t *testing.T) {
	skillOnly := options{"option name Skill Level type spin default 20 min 0 max 20", "option name MultiPV type spin default 1 min 1 max 50"}
	bare := options{"option name Hash type spin default 16 min 1 max 1024"}
	lowCeiling := options{"option name UCI_LimitStrength type check default false", "option name UCI_Elo type spin default 1500 min 1000 max 2200"}
	highFloor := options{"option name UCI_LimitStrength type check default false", "option name UCI_Elo type spin default 1500 min 1500 max 2500"}
	tests := []struct {
		name string
		o    options
		st   opponent.Strength
		want [][2]string
		weak bool
		err  error
	}{
		{"level 1 stockfish", stockfish151, opponent.Strength{Level: 1},
			[][2]string{{"UCI_LimitStrength", "false"}, {"Skill Level", "20"}, {"MultiPV", "256"}}, true, nil},
		{"level 5 stockfish", stockfish151, opponent.Strength{Level: 5},
			[][2]string{{"UCI_LimitStrength", "false"}, {"Skill Level", "20"}, {"MultiPV", "256"}}, true, nil},
		{"level 8 stockfish", stockfish151, opponent.Strength{Level: 8},
			[][2]string{{"UCI_LimitStrength", "false"}, {"Skill Level", "20"}, {"MultiPV", "8"}}, true, nil},
		{"level 9 stockfish", stockfish151, opponent.Strength{Level: 9},
			[][2]string{{"UCI_LimitStrength", "true"}, {"UCI_Elo", "2400"}}, false, nil},
		{"level 10 stockfish", stockfish151, opponent.Strength{Level: 10},
			[][2]string{{"UCI_LimitStrength", "false"}, {"Skill Level", "20"}}, false, nil},
		{"elo stockfish", stockfish151, opponent.Strength{Elo: 1500},
			[][2]string{{"UCI_LimitStrength", "true"}, {"UCI_Elo", "1500"}}, false, nil},
		{"elo below the floor", stockfish151, opponent.Strength{Elo: 1000}, nil, false, opponent.ErrLevel},
		{"level 9 by skill", skillOnly, opponent.Strength{Level: 9},
			[][2]string{{"Skill Level", "12"}}, false, nil},
		{"level 8 with few lines", skillOnly, opponent.Strength{Level: 8},
			[][2]string{{"Skill Level", "20"}, {"MultiPV", "8"}}, true, nil},
		{"level 2 with few lines", skillOnly, opponent.Strength{Level: 2},
			[][2]string{{"Skill Level", "20"}, {"MultiPV", "50"}}, true, nil},
		{"level 5 without MultiPV", highFloor, opponent.Strength{Level: 5}, nil, false, opponent.ErrUnsupported},
		{"level 9 within the engine's range", highFloor, opponent.Strength{Level: 9},
			[][2]string{{"UCI_LimitStrength", "true"}, {"UCI_Elo", "2400"}}, false, nil},
		{"level 9 above the engine's range", lowCeiling, opponent.Strength{Level: 9}, nil, false, opponent.ErrUnsupported},
		{"level 1 without MultiPV", bare, opponent.Strength{Level: 1}, nil, false, opponent.ErrUnsupported},
		{"level 9 without limits", bare, opponent.Strength{Level: 9}, nil, false, opponent.ErrUnsupported},
		{"level 10 bare", bare, opponent.Strength{Level: 10}, nil, false, nil},
		{"elo bare", bare, opponent.Strength{Elo: 2000}, nil, false, opponent.ErrUnsupported},
		{"level 11", stockfish151, opponent.Strength{Level: 11}, nil, false, opponent.ErrLevel},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set, err := opponent.SettingFor(tt.o, tt.st)
			if !errors.Is(err, tt.err) || (tt.err == nil) != (err == nil) {
				t.Fatalf("err = %v, want %v", err, tt.err)
			}
			if !slices.Equal(set.Options, tt.want) {
				t.Errorf("options %v, want %v", set.Options, tt.want)
			}
			if (set.Weak != nil) != tt.weak {
				t.Errorf("weakened %v, want %v", set.Weak != nil, tt.weak)
			}
		})
	}
}

func cp(n int) uci.Score { return uci.Score{Centipawns: n} }

// candidates returns the legal moves of the start position scored from
// +50 down by 40 a move.
func candidates() ([]opponent.Candidate, []chess.Move) {
	p := chess.StartPosition()
	legal := p.LegalMoves()
	var cs []opponent.Candidate
	for i, m := range legal {
		cs = append(cs, opponent.Candidate{Move: m, Score: cp(50 - 40*i)})
	}
	return cs, legal
}

func TestChooseIsSeeded(t *testing.T) {
	cs, legal := candidates()
	for _, lv := range weakened() {
		draw := func(seed uint64) []chess.Move {
			rng := opponent.NewRand(seed)
			var ms []chess.Move
			for range 50 {
				ms = append(ms, opponent.Choose(lv, cs, legal, rng))
			}
			return ms
		}
		if a, b := draw(7), draw(7); !slices.Equal(a, b) {
			t.Errorf("level %d: the same seed drew different moves", lv.N)
		}
		if a, b := draw(7), draw(8); slices.Equal(a, b) {
			t.Errorf("level %d: seeds 7 and 8 drew the same 50 moves", lv.N)
		}
	}
}

// weakened returns the Weakened levels, 1 to 8.
func weakened() []opponent.Level {
	var ws []opponent.Level
	for _, lv := range opponent.Levels() {
		if lv.Method == opponent.Weakened {
			ws = append(ws, lv)
		}
	}
	return ws
}

// The weaker the level, the worse its average choice; level 4 mostly plays
// one of the best three moves, level 1 often not, level 8 nearly always
// the best.
func TestChooseWeakensByLevel(t *testing.T) {
	cs, legal := candidates()
	score := map[chess.Move]int{}
	for _, c := range cs {
		score[c.Move] = c.Score.Centipawns
	}
	prev := -1 << 30
	ws := weakened()
	if len(ws) != 8 {
		t.Fatalf("%d weakened levels, want 8", len(ws))
	}
	for i := len(ws) - 1; i >= 0; i-- {
		lv := ws[i]
		rng := opponent.NewRand(1)
		sum, top3, best := 0, 0, 0
		const n = 4000
		for range n {
			m := opponent.Choose(lv, cs, legal, rng)
			sum += score[m]
			if score[m] >= 50-80 {
				top3++
			}
			if score[m] == 50 {
				best++
			}
		}
		mean := sum / n
		if i < len(ws)-1 && mean >= prev {
			t.Errorf("level %d chooses moves averaging %d, not worse than level %d's %d", lv.N, mean, lv.N+1, prev)
		}
		prev = mean
		if lv.N == 4 && top3 < n*3/4 {
			t.Errorf("level 4 played a top-3 move %d times in %d", top3, n)
		}
		if lv.N == 8 && best < n*85/100 {
			t.Errorf("level 8 played the best move %d times in %d", best, n)
		}
		if lv.N == 1 && top3 > n*7/10 {
			t.Errorf("level 1 played a top-3 move %d times in %d", top3, n)
		}
	}
}

func TestChooseEdges(t *testing.T) {
	lv, _ := opponent.LevelOf(3)
	rng := opponent.NewRand(1)
	if m := opponent.Choose(lv, nil, nil, rng); m != chess.NoMove {
		t.Errorf("no legal move: %v", m)
	}
	p := chess.StartPosition()
	legal := p.LegalMoves()
	if m := opponent.Choose(lv, nil, legal, rng); !slices.Contains(legal, m) {
		t.Errorf("no candidates: %v is not legal", m)
	}
	// A mate is chosen over any material.
	mate := []opponent.Candidate{{Move: legal[0], Score: uci.Score{Mate: true, Moves: 1}}, {Move: legal[1], Score: cp(900)}}
	lv.Blunders = 0
	for range 100 {
		if m := opponent.Choose(lv, mate, legal, rng); m != legal[0] {
			t.Fatalf("chose %v over a mate in one", m)
		}
	}
}

func TestClockLimits(t *testing.T) {
	s := time.Second
	c := opponent.Clock{Remaining: [2]time.Duration{60 * s, 50 * s}, Increment: [2]time.Duration{2 * s, 0},
		Delay: [2]time.Duration{0, 5 * s}, MovesToGo: [2]int{0, 12}}
	got := c.Limits(chess.Black, 100*time.Millisecond)
	want := uci.Limits{WTime: 60 * s, BTime: 49900 * time.Millisecond, WInc: 2 * s, BInc: 5 * s, MovesToGo: 12}
	if got != want {
		t.Errorf("Limits = %+v, want %+v", got, want)
	}
	c.Remaining[chess.White] = -s
	if got := c.Limits(chess.White, 0); got.WTime != time.Millisecond || got.MovesToGo != 0 {
		t.Errorf("a flagged side: %+v", got)
	}
}

func TestResignAndDraw(t *testing.T) {
	lost := []uci.Score{cp(-700), cp(-650), {Mate: true, Moves: -3}}
	if !opponent.Resigns(lost) {
		t.Error("does not resign three lost moves in a row")
	}
	if opponent.Resigns(lost[1:]) {
		t.Error("resigns after two moves")
	}
	if opponent.Resigns([]uci.Score{cp(-700), cp(-100), cp(-700), cp(-700)}) {
		t.Error("resigns after a recovery")
	}
	for _, tt := range []struct {
		s    uci.Score
		want bool
	}{{cp(0), true}, {cp(-30), true}, {cp(31), false}, {cp(-200), false}, {uci.Score{Mate: true, Moves: 5}, false}} {
		if got := opponent.AcceptsDraw(tt.s); got != tt.want {
			t.Errorf("AcceptsDraw(%v) = %v", tt.s, got)
		}
	}
}

func stockfishPath(t *testing.T) string {
	t.Helper()
	return reftools.Stockfish(t)
}

// Each kind of level plays a legal move with stockfish, on a clock and
// without one, and a hint is a legal move.
func TestPlayerStockfish(t *testing.T) {
	path := stockfishPath(t)
	ctx := context.Background()
	for _, st := range []opponent.Strength{{Level: 1}, {Level: 4}, {Level: 5}, {Level: 8}, {Level: 9}, {Level: 10}, {Elo: 2000}} {
		t.Run(st.String(), func(t *testing.T) {
			p, err := opponent.Start(ctx, opponent.Config{Engine: uci.Config{Path: path}, Strength: st, Seed: 1,
				Options: map[string]string{"Threads": "1"}, Untimed: 100 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			defer p.Close()
			if !strings.HasPrefix(p.Label(), "Stockfish") || !strings.HasSuffix(p.Label(), "("+st.String()+")") {
				t.Errorf("label %q", p.Label())
			}
			pos := uci.NewPosition(chess.StartPosition())
			clk := &opponent.Clock{Remaining: [2]time.Duration{2 * time.Second, 2 * time.Second}}
			for _, c := range []*opponent.Clock{clk, nil} {
				ch, err := p.Move(ctx, pos, c)
				if err != nil {
					t.Fatal(err)
				}
				start := pos.Current()
				if !start.IsLegal(ch.Move) {
					t.Errorf("move %v is not legal", ch.Move)
				}
			}
			h, err := p.Hint(ctx, pos, 50*time.Millisecond)
			if err != nil {
				t.Fatal(err)
			}
			start := pos.Current()
			if !start.IsLegal(h.Move) {
				t.Errorf("hint %v is not legal", h.Move)
			}
		})
	}
}
