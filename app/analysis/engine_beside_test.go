package analysis_test

import (
	"os"
	"path/filepath"
	"testing"

	"touchmove/app/analysis"
)

// The engine beside touchmove.exe is stockfish.exe, else the .exe of
// Stockfish's own download, by its name; a folder of that name is none.
func TestEngineBeside(t *testing.T) {
	dir := t.TempDir()
	touch := func(name string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("MZ"), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	if got := analysis.EngineBeside(dir); got != "" {
		t.Errorf("empty folder: %q", got)
	}
	if err := os.Mkdir(filepath.Join(dir, "stockfish-old.exe"), 0o755); err != nil {
		t.Fatal(err)
	}
	touch("touchmove.exe")
	avx2 := touch("stockfish-windows-x86-64-avx2.exe")
	touch("stockfish-windows-x86-64.exe")
	if got := analysis.EngineBeside(dir); got != avx2 {
		t.Errorf("Stockfish's download: %q, want %q", got, avx2)
	}
	plain := touch("stockfish.exe")
	if got := analysis.EngineBeside(dir); got != plain {
		t.Errorf("with stockfish.exe: %q, want %q", got, plain)
	}
}

// FindEngine finds stockfish on the PATH.
func TestFindEngineOnThePath(t *testing.T) {
	dir := t.TempDir()
	name := "stockfish"
	if filepath.Separator == '\\' {
		name += ".exe"
	}
	sf := filepath.Join(dir, name)
	if err := os.WriteFile(sf, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir)
	got, err := analysis.FindEngine()
	if err != nil || got != sf {
		t.Errorf("FindEngine = %q, %v; want %q", got, err, sf)
	}
}
