package srs_test

import (
	"math"
	"slices"
	"testing"
	"time"

	"touchmove/core/srs"
)

func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }

// TestWorkedExample is the long-term scheduler's worked example of the
// reference implementation (go-fsrs v3.3.1, TestLongTermScheduler): a new
// card reviewed on each due date with the grades below gives these
// intervals, stabilities and difficulties (docs/training.md).
func TestWorkedExample(t *testing.T) {
	p := srs.DefaultParams()
	now := time.Date(2022, 11, 29, 12, 30, 0, 0, time.UTC)
	G, A := srs.Good, srs.Again
	grades := []srs.Grade{G, G, G, G, G, G, A, A, G, G, G, G, G}
	wantDays := []int{3, 11, 35, 101, 269, 669, 12, 2, 5, 12, 26, 55, 112}
	wantS := []float64{3.173, 10.7389, 34.5776, 100.7483, 269.2838, 669.3093, 11.8987, 2.236, 5.2001, 11.8993, 26.4917, 55.4949, 111.9726}
	wantD := []float64{5.2824, 5.273, 5.2635, 5.2542, 5.2448, 5.2355, 6.7654, 7.794, 7.773, 7.7521, 7.7312, 7.7105, 7.6899}
	var days []int
	var s, d []float64
	var c srs.State
	for _, g := range grades {
		c = p.Review(c, now, g)
		days, s, d = append(days, c.Days), append(s, round4(c.Stability)), append(d, round4(c.Difficulty))
		now = c.Due
	}
	if !slices.Equal(days, wantDays) {
		t.Errorf("intervals %v, want %v", days, wantDays)
	}
	if !slices.Equal(s, wantS) {
		t.Errorf("stabilities %v, want %v", s, wantS)
	}
	if !slices.Equal(d, wantD) {
		t.Errorf("difficulties %v, want %v", d, wantD)
	}
	if c.Reps != 13 || c.Lapses != 2 {
		t.Errorf("reps %d, lapses %d", c.Reps, c.Lapses)
	}
}

// TestInterval is the reference's TestNextInterval: the interval of a
// card of stability 1 at retentions 0.1 to 1.
func TestInterval(t *testing.T) {
	want := []int{422, 102, 43, 22, 13, 8, 4, 2, 1, 1}
	var got []int
	for i := 1; i <= 10; i++ {
		p := srs.DefaultParams()
		p.Retention = float64(i) / 10
		got = append(got, p.Interval(1))
	}
	if !slices.Equal(got, want) {
		t.Errorf("intervals %v, want %v", got, want)
	}
}

// TestRetrievability: the forgetting curve gives 0.9 after the stability's
// days, and 0 for a new card.
func TestRetrievability(t *testing.T) {
	p := srs.DefaultParams()
	now := time.Date(2022, 11, 29, 12, 30, 0, 0, time.UTC)
	var c srs.State
	if r := p.Retrievability(c, now); r != 0 {
		t.Errorf("new card: %v", r)
	}
	c = p.Review(c, now, srs.Good)
	if r := round4(p.Retrievability(c, now.Add(time.Duration(c.Stability*24*float64(time.Hour))))); r != 0.9 {
		t.Errorf("after S days: %v", r)
	}
	if !c.IsDue(c.Due) || c.IsDue(c.Due.Add(-time.Second)) || !(srs.State{}).IsDue(now) {
		t.Error("IsDue")
	}
}

func TestGradeOf(t *testing.T) {
	for _, c := range []struct {
		a    srs.Answer
		want srs.Grade
	}{
		{srs.Answer{Tries: 1, Took: 3 * time.Second}, srs.Easy},
		{srs.Answer{Tries: 1, Took: 20 * time.Second}, srs.Good},
		{srs.Answer{Tries: 1, Took: 2 * time.Minute}, srs.Hard},
		{srs.Answer{Tries: 2, Took: 3 * time.Second}, srs.Hard},
		{srs.Answer{Tries: 3, Hint: true}, srs.Again},
		{srs.Answer{Tries: 3, Hint: true, Solved: true}, srs.Again},
	} {
		if got := srs.GradeOf(c.a); got != c.want {
			t.Errorf("GradeOf(%+v) = %v, want %v", c.a, got, c.want)
		}
	}
}
