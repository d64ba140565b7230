package srs

import (
	"fmt"
	"math"
	"time"
)

// Grade is how well a card was recalled.
type Grade uint8

// The grades, as FSRS numbers them.
const (
	Again Grade = 1 + iota // forgotten
	Hard                   // recalled with serious difficulty
	Good                   // recalled after some hesitation
	Easy                   // recalled at once
)

// String returns "again", "hard", "good" or "easy".
func (g Grade) String() string {
	if g < Again || g > Easy {
		return fmt.Sprintf("Grade(%d)", uint8(g))
	}
	return [...]string{"again", "hard", "good", "easy"}[g-1]
}

// State is a card's memory: the zero State is a card never reviewed.
type State struct {
	// Stability is the interval, in days, after which the card is
	// recalled with probability 0.9; Difficulty is from 1 to 10.
	Stability  float64 `json:"stability"`
	Difficulty float64 `json:"difficulty"`
	// Due is when the card is to be reviewed next; Last when it was
	// reviewed last; Days the interval scheduled then.
	Due  time.Time `json:"due"`
	Last time.Time `json:"last"`
	Days int       `json:"days"`
	// Reps counts the reviews, Lapses those graded Again after the
	// first.
	Reps   int `json:"reps"`
	Lapses int `json:"lapses"`
}

// IsNew reports whether the card was never reviewed.
func (s State) IsNew() bool { return s.Reps == 0 }

// IsDue reports whether the card is to be reviewed at now: a new card
// always is.
func (s State) IsDue(now time.Time) bool { return s.IsNew() || !now.Before(s.Due) }

// Params are FSRS's parameters.
type Params struct {
	// W are the nineteen weights w0…w18 of FSRS-5: w0–w3 the initial
	// stability of each grade, w4–w5 the initial difficulty, w6–w7 its
	// change and mean reversion, w8–w10 the growth of stability on
	// recall, w11–w14 the stability after a lapse, w15–w16 the Hard
	// penalty and the Easy bonus, w17–w18 the short-term stability (not
	// used by the long-term scheduler).
	W [19]float64
	// Retention is the probability of recall the intervals aim at.
	Retention float64
	// MaxDays is the longest interval.
	MaxDays int
}

// DefaultParams returns FSRS-5's default weights, a retention of 0.9 and
// intervals of at most 36,500 days.
func DefaultParams() Params {
	return Params{
		W: [19]float64{0.40255, 1.18385, 3.173, 15.69105, 7.1949, 0.5345, 1.4604, 0.0046, 1.54575, 0.1192,
			1.01925, 1.9395, 0.11, 0.29605, 2.2698, 0.2315, 2.9898, 0.51655, 0.6621},
		Retention: 0.9,
		MaxDays:   36500,
	}
}

// decay and factor shape FSRS's forgetting curve
// R(t, S) = (1 + factor·t/S)^decay, chosen so that R(S, S) = 0.9:
// factor = 0.9^(1/decay) − 1 = 1/0.81 − 1 = 19/81.
const (
	decay  = -0.5
	factor = 19.0 / 81
)

// Retrievability returns the probability that the card is recalled at now
// (0 for a new card).
func (p Params) Retrievability(s State, now time.Time) float64 {
	if s.IsNew() {
		return 0
	}
	return forgetting(now.Sub(s.Last).Hours()/24, s.Stability)
}

func forgetting(days, stability float64) float64 {
	return math.Pow(1+factor*days/stability, decay)
}

// Interval returns the days until a card of stability s is recalled with
// probability p.Retention, rounded, from 1 to p.MaxDays.
func (p Params) Interval(stability float64) int {
	ivl := stability / factor * (math.Pow(p.Retention, 1/decay) - 1)
	return int(max(min(math.Round(ivl), float64(p.MaxDays)), 1))
}

// Review returns the card's state after a review at now graded g. The
// days since the last review count whole (as FSRS counts them); the
// intervals of the four grades are kept apart as FSRS keeps them: Hard at
// least a day more than Again, Good than Hard, Easy than Good.
func (p Params) Review(s State, now time.Time, g Grade) State {
	g = min(max(g, Again), Easy)
	var d, st [5]float64 // by grade
	if s.IsNew() {
		for r := Again; r <= Easy; r++ {
			d[r], st[r] = p.initDifficulty(r), max(p.W[r-1], 0.1)
		}
	} else {
		elapsed := math.Floor(now.Sub(s.Last).Hours() / 24)
		ret := forgetting(elapsed, s.Stability)
		for r := Again; r <= Easy; r++ {
			d[r] = p.nextDifficulty(s.Difficulty, r)
			if r == Again {
				st[r] = min(s.Stability, p.forgetStability(s.Difficulty, s.Stability, ret))
			} else {
				st[r] = p.recallStability(s.Difficulty, s.Stability, ret, r)
			}
		}
	}
	var days [5]int
	for r := Again; r <= Easy; r++ {
		days[r] = p.Interval(st[r])
	}
	days[Again] = min(days[Again], days[Hard])
	days[Hard] = max(days[Hard], days[Again]+1)
	days[Good] = max(days[Good], days[Hard]+1)
	days[Easy] = max(days[Easy], days[Good]+1)
	next := State{Stability: st[g], Difficulty: d[g], Last: now, Days: days[g],
		Due: now.Add(time.Duration(days[g]) * 24 * time.Hour), Reps: s.Reps + 1, Lapses: s.Lapses}
	if g == Again && !s.IsNew() {
		next.Lapses++
	}
	return next
}

// initDifficulty is D0(G) = w4 − e^(w5·(G−1)) + 1, within 1–10.
func (p Params) initDifficulty(g Grade) float64 {
	return clampDifficulty(p.W[4] - math.Exp(p.W[5]*float64(g-1)) + 1)
}

// nextDifficulty is D' = w7·D0(Easy) + (1−w7)·(D + ΔD·(10−D)/9), with
// ΔD = −w6·(G−3), within 1–10.
func (p Params) nextDifficulty(d float64, g Grade) float64 {
	delta := -p.W[6] * (float64(g) - 3)
	next := d + (10-d)*delta/9
	return clampDifficulty(p.W[7]*p.initDifficulty(Easy) + (1-p.W[7])*next)
}

// recallStability is S' = S·(1 + e^w8·(11−D)·S^−w9·(e^(w10·(1−R))−1)·
// hard·easy), hard = w15 for Hard, easy = w16 for Easy, else 1.
func (p Params) recallStability(d, s, r float64, g Grade) float64 {
	hard, easy := 1.0, 1.0
	switch g {
	case Hard:
		hard = p.W[15]
	case Easy:
		easy = p.W[16]
	}
	return s * (1 + math.Exp(p.W[8])*(11-d)*math.Pow(s, -p.W[9])*(math.Exp((1-r)*p.W[10])-1)*hard*easy)
}

// forgetStability is S' = w11·D^−w12·((S+1)^w13 − 1)·e^(w14·(1−R)).
func (p Params) forgetStability(d, s, r float64) float64 {
	return p.W[11] * math.Pow(d, -p.W[12]) * (math.Pow(s+1, p.W[13]) - 1) * math.Exp((1-r)*p.W[14])
}

func clampDifficulty(d float64) float64 { return min(max(d, 1), 10) }

// Answer is how a drill's question was answered.
type Answer struct {
	// Tries is the number of moves played to find the answer (1: found
	// at once); Hint is set when the hint was shown, Solved when the
	// solution was (the answer was not found).
	Tries        int
	Hint, Solved bool
	// Took is how long the answer took.
	Took time.Duration
}

// The times that grade a right first answer: within Quick it is Easy,
// within Slow Good, after it Hard.
const (
	Quick = 10 * time.Second
	Slow  = 60 * time.Second
)

// GradeOf grades an answer: shown the solution, or helped by the hint, it
// was forgotten (Again); found at a later try, Hard; found at once, Easy
// within Quick, Good within Slow, else Hard.
func GradeOf(a Answer) Grade {
	switch {
	case a.Solved || a.Hint:
		return Again
	case a.Tries > 1:
		return Hard
	case a.Took <= Quick:
		return Easy
	case a.Took <= Slow:
		return Good
	}
	return Hard
}
