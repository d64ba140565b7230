package opponent

import (
	"errors"
	"fmt"
	"strconv"

	"touchmove/core/uci"
)

// Method is how a level weakens the engine.
type Method uint8

// The methods, strongest last.
const (
	// Weakened: levels 1–8; the engine searches to a fixed depth with the
	// moves scored (MultiPV), and the player chooses among them by their
	// scores, with occasional blunders (design.md §8). At fast controls
	// this ladder is steadier than stockfish's UCI_Elo, whose steps shrink
	// there (design.md §8.5).
	Weakened Method = iota + 1
	// LimitedElo: the engine's UCI_LimitStrength and UCI_Elo, or failing
	// them its Skill Level, set to the level's rating.
	LimitedElo
	// Full: the engine as it is.
	Full
)

// Level is one of the ten levels a person can choose.
type Level struct {
	// N is the level, 1 to 10.
	N int
	// Rating is the approximate Elo rating of the level; for Full, the
	// engine's own (unknown, shown as "full strength").
	Rating int
	Method Method
	// The weakening of a Weakened level: the search depth, how far (in
	// centipawns) a move's score may fall below the best before it is
	// e times less likely to be chosen, and the share, in per mille, of
	// moves chosen among all legal moves at random.
	Depth       int
	Temperature int
	Blunders    int
	// Lines is how many moves the engine scores (its MultiPV): 0 for
	// every legal move (MultiPV, 256). A deep level with a low temperature
	// needs only the best few, which take a fraction of the time.
	Lines int
}

// Levels returns the ten levels, weakest first (design.md §8 gives the
// reasons of the numbers).
func Levels() []Level {
	return []Level{
		{N: 1, Rating: 600, Method: Weakened, Depth: 1, Temperature: 400, Blunders: 300},
		{N: 2, Rating: 800, Method: Weakened, Depth: 1, Temperature: 200, Blunders: 150},
		{N: 3, Rating: 1000, Method: Weakened, Depth: 2, Temperature: 100, Blunders: 80},
		{N: 4, Rating: 1200, Method: Weakened, Depth: 3, Temperature: 70, Blunders: 50},
		{N: 5, Rating: 1400, Method: Weakened, Depth: 5, Temperature: 35, Blunders: 12},
		{N: 6, Rating: 1600, Method: Weakened, Depth: 6, Temperature: 30, Blunders: 6},
		{N: 7, Rating: 1800, Method: Weakened, Depth: 7, Temperature: 28, Blunders: 5, Lines: 16},
		{N: 8, Rating: 2000, Method: Weakened, Depth: 8, Temperature: 15, Blunders: 2, Lines: 8},
		{N: 9, Rating: 2400, Method: LimitedElo},
		{N: 10, Method: Full},
	}
}

// MinLevel and MaxLevel bound the levels.
const (
	MinLevel = 1
	MaxLevel = 10
)

// LevelOf returns level n, 1 to 10.
func LevelOf(n int) (Level, error) {
	if n < MinLevel || n > MaxLevel {
		return Level{}, fmt.Errorf("opponent: level %d: %w", n, ErrLevel)
	}
	return Levels()[n-1], nil
}

// Errors of the package.
var (
	// ErrLevel: a level outside 1 to 10, or an Elo outside what the engine
	// can play.
	ErrLevel = errors.New("opponent: no such level")
	// ErrUnsupported: the engine lacks an option the level needs.
	ErrUnsupported = errors.New("opponent: the engine cannot play this level")
)

// Strength is what a player is asked to play: a level, or (for matches) a
// rating given to the engine's UCI_Elo as it is. Exactly one is set.
type Strength struct {
	Level int
	Elo   int
}

// String returns "level 3" or "Elo 1500".
func (st Strength) String() string {
	if st.Elo > 0 {
		return "Elo " + strconv.Itoa(st.Elo)
	}
	return "level " + strconv.Itoa(st.Level)
}

// Options is what the package asks of an engine: the options it declared.
// *uci.Engine has it.
type Options interface {
	Option(name string) (uci.Option, bool)
}

// Setting is the engine's options for a strength, in the order they are
// sent, and the weakening the player applies itself (nil when none).
type Setting struct {
	Options [][2]string
	Weak    *Level
}

// spinAllows reports whether the engine has spin option name and it takes v.
func spinAllows(o Options, name string, v int) bool {
	opt, ok := o.Option(name)
	return ok && opt.Type == uci.Spin && int64(v) >= opt.Min && int64(v) <= opt.Max
}

// has reports whether the engine has option name.
func has(o Options, name string) bool {
	_, ok := o.Option(name)
	return ok
}

// MultiPV is how many moves a Weakened level has scored unless its Lines
// says fewer: every legal move of nearly every position.
const MultiPV = 256

// skillRange is the Elo Stockfish's Skill Level 0 and 20 stand for, used
// to map a rating onto the Skill Level of an engine without UCI_Elo.
const skillLow, skillHigh = 1320, 3190

// SettingFor returns how the engine with options o plays st, or why it
// cannot (an error wrapping ErrUnsupported or ErrLevel).
func SettingFor(o Options, st Strength) (Setting, error) {
	var set Setting
	add := func(name, v string) { set.Options = append(set.Options, [2]string{name, v}) }
	unlimit := func() {
		if has(o, "UCI_LimitStrength") {
			add("UCI_LimitStrength", "false")
		}
		if opt, ok := o.Option("Skill Level"); ok && opt.Type == uci.Spin {
			add("Skill Level", strconv.FormatInt(opt.Max, 10))
		}
	}
	if st.Elo > 0 {
		if !has(o, "UCI_LimitStrength") || !has(o, "UCI_Elo") {
			return set, fmt.Errorf("opponent: Elo %d needs the options UCI_LimitStrength and UCI_Elo: %w", st.Elo, ErrUnsupported)
		}
		if !spinAllows(o, "UCI_Elo", st.Elo) {
			opt, _ := o.Option("UCI_Elo")
			return set, fmt.Errorf("opponent: Elo %d: the engine plays from %d to %d: %w", st.Elo, opt.Min, opt.Max, ErrLevel)
		}
		add("UCI_LimitStrength", "true")
		add("UCI_Elo", strconv.Itoa(st.Elo))
		return set, nil
	}
	lv, err := LevelOf(st.Level)
	if err != nil {
		return set, err
	}
	switch lv.Method {
	case Full:
		unlimit()
	case Weakened:
		opt, ok := o.Option("MultiPV")
		if !ok || opt.Type != uci.Spin || opt.Max < 8 {
			return set, fmt.Errorf("opponent: level %d needs the option MultiPV (at least 8 lines): %w", lv.N, ErrUnsupported)
		}
		lines := int64(MultiPV)
		if lv.Lines > 0 {
			lines = int64(lv.Lines)
		}
		unlimit()
		add("MultiPV", strconv.FormatInt(min(opt.Max, lines), 10))
		set.Weak = &lv
	case LimitedElo:
		switch {
		case has(o, "UCI_LimitStrength") && spinAllows(o, "UCI_Elo", lv.Rating):
			add("UCI_LimitStrength", "true")
			add("UCI_Elo", strconv.Itoa(lv.Rating))
		case has(o, "Skill Level"):
			opt, _ := o.Option("Skill Level")
			if opt.Type != uci.Spin {
				return set, fmt.Errorf("opponent: level %d: the option Skill Level is not a number: %w", lv.N, ErrUnsupported)
			}
			add("Skill Level", strconv.FormatInt(skillFor(lv.Rating, opt.Min, opt.Max), 10))
		default:
			return set, fmt.Errorf("opponent: level %d needs the options UCI_LimitStrength and UCI_Elo (reaching %d) or Skill Level: %w",
				lv.N, lv.Rating, ErrUnsupported)
		}
	}
	return set, nil
}

// skillFor maps rating onto a Skill Level from lo to hi, linearly between
// skillLow and skillHigh.
func skillFor(rating int, lo, hi int64) int64 {
	f := float64(rating-skillLow) / float64(skillHigh-skillLow)
	v := lo + int64(f*float64(hi-lo)+0.5)
	return min(max(v, lo), hi)
}
