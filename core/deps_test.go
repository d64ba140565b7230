package core_test

import (
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// TestCoreImportsNoUI enforces the dependency rule of design.md §1: nothing
// under core imports Fyne, app or ui, and clock depends on nothing of ours.
func TestCoreImportsNoUI(t *testing.T) {
	needGo(t)
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

// TestAppLayers checks that the packages app is built on stay below it: the
// file safety (app/store) knows no session and no game list, and the game
// list (app/library) knows no session.
func TestAppLayers(t *testing.T) {
	needGo(t)
	for pkg, banned := range map[string][]string{
		"touchmove/app/store":   {"touchmove/app", "touchmove/app/library"},
		"touchmove/app/library": {"touchmove/app"},
	} {
		out, err := exec.Command("go", "list", "-deps", pkg).Output()
		if err != nil {
			t.Fatal(err)
		}
		for _, dep := range strings.Fields(string(out)) {
			if slices.Contains(banned, dep) {
				t.Errorf("%s depends on %s", pkg, dep)
			}
		}
	}
}

// uiMayImport lists the packages of ours that ui may import (design.md §1:
// ui talks to app, and reads core's types to show them; it starts no engine
// and touches no file format itself). A new import of ui is a decision to
// write down here, not one to make in passing.
var uiMayImport = map[string]bool{
	"touchmove/app":            true,
	"touchmove/app/analysis":   true,
	"touchmove/app/boardview":  true,
	"touchmove/app/opponent":   true, // the levels offered, with their names and ratings
	"touchmove/core/charset":   true, // a file's charset, named in Reopen with encoding…
	"touchmove/core/eco":       true, // the names of openings, in the game list, the tree and the report
	"touchmove/core/posindex":  true, // the tree's rows and the searches' specs and hits
	"touchmove/app/scoresheet": true,
	"touchmove/app/store":      true, // file safety: saves, origins, journals, their errors
	"touchmove/app/library":    true, // the game list of an open file, its filter and position index
	"touchmove/app/mistakes":   true, // Training › Find my mistakes: the names, the search and its progress
	"touchmove/app/training":   true, // the user's deck of positions to train, in the data folder
	"touchmove/app/hall":       true, // View › Hall: the boards of a hall, their tiles
	"touchmove/app/pairings":   true, // View › Hall: the round's pairing list, read for its names
	"touchmove/docs/guide":     true, // Help › User's guide: the guide's pages, embedded
	"touchmove/app/prepare":    true, // Training › Report on a player: the report, in the window's words
	"touchmove/assets":         true,
	"touchmove/audio":          true,
	"touchmove/core/arbiter":   true,
	"touchmove/core/chess":     true,
	"touchmove/core/clock":     true,
	"touchmove/core/game":      true,
	"touchmove/core/msg":       true,
	"touchmove/core/pgn":       true,
}

// TestUIImports checks the layer rule for ui: every package of ours that a
// package under ui imports (tests aside) is in uiMayImport, or is ui's own.
func TestUIImports(t *testing.T) {
	needGo(t)
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}}:{{join .Imports \" \"}}", "touchmove/ui/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) == 0 || !strings.HasPrefix(lines[0], "touchmove/ui") {
		t.Fatalf("go list found no ui package: %q", out)
	}
	for _, line := range lines {
		pkg, imports, _ := strings.Cut(line, ":")
		for _, dep := range strings.Fields(imports) {
			if !strings.HasPrefix(dep, "touchmove/") || dep == "touchmove/ui" || strings.HasPrefix(dep, "touchmove/ui/") {
				continue
			}
			if !uiMayImport[dep] {
				t.Errorf("%s imports %s, which ui may not (core/deps_test.go uiMayImport)", pkg, dep)
			}
		}
	}
}

// uiPackageMayImport lists, for each package below ui, all the packages of
// ours it may import (tests aside): each has one job, and none reaches up
// into the window (touchmove/ui) or sideways beyond what is listed. The
// board knows no rules: the view it is given (app/boardview), core/chess's
// squares and pieces, the piece drawings; the widgets take app for the
// clock face's reading and core/clock for its formats, and start no engine
// (no core/uci). A package below ui that is not listed here fails the test.
var uiPackageMayImport = map[string][]string{
	"touchmove/ui/board":           {"touchmove/app/boardview", "touchmove/assets", "touchmove/core/chess", "touchmove/ui/contrast"},
	"touchmove/ui/contrast":        {},
	"touchmove/ui/gamelist":        {"touchmove/app", "touchmove/app/library", "touchmove/app/store", "touchmove/core/charset", "touchmove/core/eco", "touchmove/core/pgn", "touchmove/ui/widgets"},
	"touchmove/ui/notation":        {"touchmove/core/chess", "touchmove/core/clock", "touchmove/core/game", "touchmove/core/msg", "touchmove/ui/widgets"},
	"touchmove/ui/tree":            {"touchmove/app", "touchmove/app/library", "touchmove/core/chess", "touchmove/core/eco", "touchmove/core/game", "touchmove/core/msg", "touchmove/core/posindex", "touchmove/ui/widgets"},
	"touchmove/ui/internal/uitest": {},
	"touchmove/ui/widgets":         {"touchmove/app", "touchmove/core/clock", "touchmove/ui/contrast"},
}

// TestUIPackagesImports checks uiPackageMayImport for every package below
// ui.
func TestUIPackagesImports(t *testing.T) {
	needGo(t)
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}}:{{join .Imports \" \"}}", "touchmove/ui/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	seen := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, imports, _ := strings.Cut(line, ":")
		if pkg == "touchmove/ui" {
			continue
		}
		allowed, ok := uiPackageMayImport[pkg]
		if !ok {
			t.Errorf("%s is not in uiPackageMayImport (core/deps_test.go): write down what it may import", pkg)
			continue
		}
		seen++
		for _, dep := range strings.Fields(imports) {
			if strings.HasPrefix(dep, "touchmove/") && !slices.Contains(allowed, dep) {
				t.Errorf("%s imports %s, which it may not (core/deps_test.go uiPackageMayImport)", pkg, dep)
			}
		}
	}
	if seen != len(uiPackageMayImport) {
		t.Errorf("go list found %d of the %d packages below ui in uiPackageMayImport", seen, len(uiPackageMayImport))
	}
}

// needGo skips a test that reads the sources with the go command where
// there is none: a Windows test binary run under Wine (make windows-test).
// The rules are checked by the same tests where the sources are built.
func needGo(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil && runtime.GOOS == "windows" {
		t.Skip("no go command here; the import rules are checked on Linux")
	}
}
