package measure

import (
	"slices"
	"testing"
	"time"
)

func TestMedian(t *testing.T) {
	tests := []struct {
		in   []int
		want int
	}{
		{[]int{5}, 5},
		{[]int{3, 1, 2}, 2},
		{[]int{4, 1, 3, 2}, 2}, // (2+3)/2 in integers
		{[]int{10, 20}, 15},
	}
	for _, tt := range tests {
		in := slices.Clone(tt.in)
		if got := Median(tt.in); got != tt.want {
			t.Errorf("Median(%v) = %d, want %d", in, got, tt.want)
		}
		if !slices.Equal(tt.in, in) {
			t.Errorf("Median sorted its argument: %v", tt.in)
		}
	}
	if got := Median([]time.Duration{3 * time.Second, time.Second}); got != 2*time.Second {
		t.Errorf("Median of durations = %v, want 2s", got)
	}
	if got := Median([]float64{1.5, 4.5, 2}); got != 2 {
		t.Errorf("Median of floats = %v, want 2", got)
	}
}

func TestFreshEnv(t *testing.T) {
	env := FreshEnv("/h")
	for _, want := range []string{"HOME=/h", "XDG_CONFIG_HOME=/h/.config", "LANG=C.UTF-8", "GSETTINGS_BACKEND=memory"} {
		if !slices.Contains(env, want) {
			t.Errorf("FreshEnv lacks %s", want)
		}
	}
	// The fresh values come last, so they win over this process's own.
	if env[len(env)-1] != "GSETTINGS_BACKEND=memory" {
		t.Errorf("FreshEnv ends with %q", env[len(env)-1])
	}
}
