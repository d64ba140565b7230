//go:build e2e

package e2e

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const appID = "io.github.touchmove.Touchmove"

// installed lists the files `make install` lays out under a prefix.
func installed(prefix string) []string {
	share := filepath.Join(prefix, "share")
	files := []string{
		filepath.Join(prefix, "bin", "touchmove"),
		filepath.Join(share, "applications", appID+".desktop"),
		filepath.Join(share, "metainfo", appID+".metainfo.xml"),
		filepath.Join(share, "mime", "packages", appID+".xml"),
		filepath.Join(share, "icons", "hicolor", "scalable", "apps", appID+".svg"),
	}
	for _, n := range []int{16, 24, 32, 48, 64, 128, 256, 512} {
		files = append(files, filepath.Join(share, "icons", "hicolor", fmt.Sprintf("%dx%d", n, n), "apps", appID+".png"))
	}
	return files
}

// makeIn runs make in the repository with env added to the environment.
func makeIn(t *testing.T, env []string, args ...string) {
	t.Helper()
	cmd := exec.Command("make", append([]string{"-s", "-C", "..", "BIN=" + binary}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// regularFiles lists the files (not folders) under dir.
func regularFiles(t *testing.T, dir string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, path)
		}
		return err
	})
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	slices.Sort(files)
	return files
}

func TestMakeInstallStaged(t *testing.T) {
	// A packager's staged install: DESTDIR, PREFIX=/usr, no cache updates.
	dest := t.TempDir()
	makeIn(t, nil, "install", "DESTDIR="+dest, "PREFIX=/usr")
	want := installed(filepath.Join(dest, "usr"))
	slices.Sort(want)
	if got := regularFiles(t, dest); !slices.Equal(got, want) {
		t.Errorf("installed\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	entry, err := os.ReadFile(filepath.Join(dest, "usr", "share", "applications", appID+".desktop"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(entry), "\nExec=/usr/bin/touchmove %f\n") {
		t.Errorf("the desktop entry does not start the installed binary:\n%s", entry)
	}
	if fi, err := os.Stat(filepath.Join(dest, "usr", "bin", "touchmove")); err != nil || fi.Mode().Perm()&0o111 == 0 {
		t.Errorf("binary not executable: %v", err)
	}
	makeIn(t, nil, "uninstall", "DESTDIR="+dest, "PREFIX=/usr")
	if got := regularFiles(t, dest); len(got) != 0 {
		t.Errorf("make uninstall left %q", got)
	}
}

func TestMakeInstallOpensPGN(t *testing.T) {
	// A user's install into a fresh XDG data home: afterwards the desktop
	// knows .pgn files and opens them with Touchmove (what a file manager's
	// double-click asks xdg-mime), and after uninstalling it no longer does.
	home := t.TempDir()
	prefix := filepath.Join(home, ".local")
	share := filepath.Join(prefix, "share")
	env := []string{
		"HOME=" + home,
		"XDG_DATA_HOME=" + share,
		"XDG_CONFIG_HOME=" + filepath.Join(home, ".config"),
		"XDG_DATA_DIRS=" + share + ":/usr/share",
		"XDG_CURRENT_DESKTOP=", "DISPLAY=", // xdg-mime's generic, desktop-neutral lookup
	}
	for _, tool := range []string{"xdg-mime", "update-mime-database", "update-desktop-database"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is missing: install xdg-utils, shared-mime-info and desktop-file-utils (make test-deps)", tool)
		}
	}
	queryDefault := func() string {
		cmd := exec.Command("xdg-mime", "query", "default", "application/x-chess-pgn")
		cmd.Env = append(os.Environ(), env...)
		out, _ := cmd.Output()
		return strings.TrimSpace(string(out))
	}
	makeIn(t, env, "install", "PREFIX="+prefix)
	if got := queryDefault(); got != appID+".desktop" {
		t.Errorf("xdg-mime query default application/x-chess-pgn = %q, want %s", got, appID+".desktop")
	}
	globs, err := os.ReadFile(filepath.Join(share, "mime", "globs2"))
	if err != nil || !strings.Contains(string(globs), "application/x-chess-pgn:*.pgn") {
		t.Errorf("the MIME database does not map *.pgn: %v\n%s", err, globs)
	}
	entry, err := os.ReadFile(filepath.Join(share, "applications", appID+".desktop"))
	if err != nil || !strings.Contains(string(entry), "\nExec="+filepath.Join(prefix, "bin", "touchmove")+" %f\n") {
		t.Errorf("the desktop entry does not start the installed binary: %v\n%s", err, entry)
	}
	makeIn(t, env, "uninstall", "PREFIX="+prefix)
	if got := queryDefault(); got == appID+".desktop" {
		t.Error("after make uninstall, .pgn files still open with Touchmove")
	}
	for _, f := range installed(prefix) {
		if _, err := os.Stat(f); err == nil {
			t.Errorf("make uninstall left %s", f)
		}
	}
}
