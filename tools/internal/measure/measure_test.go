package measure

import (
	"os"
	"path/filepath"
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
	home := filepath.Join("h", "home")
	env := FreshEnv(home)
	for _, want := range []string{"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, ".config"), "LANG=C.UTF-8", "GSETTINGS_BACKEND=memory"} {
		if !slices.Contains(env, want) {
			t.Errorf("FreshEnv lacks %s", want)
		}
	}
	// The fresh values come last, so they win over this process's own.
	if env[len(env)-1] != "GSETTINGS_BACKEND=memory" {
		t.Errorf("FreshEnv ends with %q", env[len(env)-1])
	}
}

func TestWorkdir(t *testing.T) {
	for _, keep := range []bool{false, true} {
		dir, cleanup, err := Workdir("measure-test-", keep)
		if err != nil {
			t.Fatal(err)
		}
		cleanup()
		_, err = os.Stat(dir)
		if kept := err == nil; kept != keep {
			t.Errorf("keep %v: the folder kept is %v (%v)", keep, kept, err)
		}
		os.RemoveAll(dir)
	}
}

func TestAppGiven(t *testing.T) {
	// A binary given is used as it is: nothing is built.
	if got, err := App("/opt/tm/touchmove", "/nonexistent"); got != "/opt/tm/touchmove" || err != nil {
		t.Errorf("App(given) = %q, %v", got, err)
	}
}

func TestNeedX(t *testing.T) {
	t.Setenv("DISPLAY", "")
	if err := NeedX(); err == nil {
		t.Error("NeedX without DISPLAY: no error")
	}
	t.Setenv("DISPLAY", ":99")
	if err := NeedX("no-such-tool-touchmove"); err == nil {
		t.Error("NeedX with a missing tool: no error")
	}
	self, err := os.Executable() // a path, so looked up on every system
	if err != nil {
		t.Fatal(err)
	}
	if err := NeedX(self); err != nil {
		t.Errorf("NeedX(%s): %v", self, err)
	}
}
