package core_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestCoreImportsNoUI enforces the dependency rule of design.md §1: nothing
// under core imports Fyne, app or ui, and clock depends on nothing of ours.
func TestCoreImportsNoUI(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "touchmove/core/...").Output()
	if err != nil {
		t.Skip("go list unavailable:", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.HasPrefix(dep, "fyne.io/") || dep == "touchmove/app" || strings.HasPrefix(dep, "touchmove/app/") ||
			dep == "touchmove/ui" || strings.HasPrefix(dep, "github.com/sqweek/") {
			t.Errorf("core depends on %s", dep)
		}
	}
	out, err = exec.Command("go", "list", "-deps", "touchmove/core/clock").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.HasPrefix(dep, "touchmove/") && dep != "touchmove/core/clock" {
			t.Errorf("core/clock depends on %s", dep)
		}
	}
	// app/boardview is the board's view, shared by app and the board
	// widget: data in the types of core/chess, with no rules of game,
	// pgn, clock or arbiter, and nothing of Fyne, app or ui.
	out, err = exec.Command("go", "list", "-deps", "touchmove/app/boardview").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.HasPrefix(dep, "fyne.io/") || strings.HasPrefix(dep, "touchmove/") && dep != "touchmove/app/boardview" && dep != "touchmove/core/chess" {
			t.Errorf("app/boardview depends on %s", dep)
		}
	}
	// arbiter → clock, game?, chess; pgn → game → chess, clock; uci →
	// chess: no arrow back up.
	for pkg, banned := range map[string][]string{
		"touchmove/core/chess": {"touchmove/core/game", "touchmove/core/pgn", "touchmove/core/clock", "touchmove/core/arbiter"},
		"touchmove/core/game":  {"touchmove/core/pgn", "touchmove/core/arbiter"},
		"touchmove/core/pgn":   {"touchmove/core/arbiter"},
		"touchmove/core/uci":   {"touchmove/core/game", "touchmove/core/pgn", "touchmove/core/arbiter", "touchmove/core/clock"},
		"touchmove/core/msg":   {"touchmove/core/game", "touchmove/core/pgn", "touchmove/core/arbiter", "touchmove/core/clock"},
	} {
		out, err := exec.Command("go", "list", "-deps", pkg).Output()
		if err != nil {
			t.Fatal(err)
		}
		deps := " " + strings.Join(strings.Fields(string(out)), " ") + " "
		for _, b := range banned {
			if strings.Contains(deps, " "+b+" ") {
				t.Errorf("%s depends on %s", pkg, b)
			}
		}
	}
}
