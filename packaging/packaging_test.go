package packaging_test

import (
	"encoding/xml"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

const (
	appID    = "io.github.touchmove.Touchmove"
	desktop  = appID + ".desktop"
	metainfo = appID + ".metainfo.xml"
)

// validate runs a validator on path; it fails, never skips, when the tool is
// missing (make test-deps installs it).
func validate(t *testing.T, path, tool string, args ...string) (string, error) {
	t.Helper()
	if _, err := exec.LookPath(tool); err != nil {
		t.Fatalf("%s is missing: install desktop-file-utils and appstream (make test-deps)", tool)
	}
	out, err := exec.Command(tool, append(args, path)...).CombinedOutput()
	return string(out), err
}

func TestValidators(t *testing.T) {
	broken := t.TempDir()
	brokenDesktop := filepath.Join(broken, desktop)
	os.WriteFile(brokenDesktop, []byte("[Desktop Entry]\nType=Application\nExec=touchmove\nCategories=NoSuchCategory;\n"), 0o644)
	brokenMeta := filepath.Join(broken, metainfo)
	os.WriteFile(brokenMeta, []byte(`<?xml version="1.0"?><component type="desktop-application"><id>`+appID+`</id></component>`), 0o644)
	tests := []struct {
		name   string
		path   string
		tool   string
		args   []string
		wantOK bool
	}{
		{"desktop entry", desktop, "desktop-file-validate", nil, true},
		{"AppStream metadata", metainfo, "appstreamcli", []string{"validate", "--no-net", "--strict"}, true},
		// The validators do find faults: a check that cannot fail is no check.
		{"broken desktop entry", brokenDesktop, "desktop-file-validate", nil, false},
		{"broken AppStream metadata", brokenMeta, "appstreamcli", []string{"validate", "--no-net", "--strict"}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := validate(t, tc.path, tc.tool, tc.args...)
			// desktop-file-validate reports errors on stdout but exits 0 for hints.
			ok := err == nil && !strings.Contains(out, "error:")
			if ok != tc.wantOK {
				t.Errorf("%s %s: ok=%v, want %v\n%s", tc.tool, tc.path, ok, tc.wantOK, out)
			}
		})
	}
}

// fyneApp is the part of FyneApp.toml that `fyne package` puts into a bundle.
type fyneApp struct {
	Description string
	CanOpen     struct{ MimeTypes string }
	Details     struct {
		Icon, Name, ID, Version string
	}
	LinuxAndBSD struct {
		GenericName, Comment string
		Categories, Keywords []string
	}
}

// desktopEntry reads the keys of a .desktop file's [Desktop Entry] group.
func desktopEntry(t *testing.T, path string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]string{}
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, "="); ok {
			keys[k] = v
		}
	}
	return keys
}

// list splits a desktop entry's ;-terminated list.
func list(s string) []string { return strings.FieldsFunc(s, func(r rune) bool { return r == ';' }) }

func TestMetadataAgrees(t *testing.T) {
	// FyneApp.toml (for `fyne package`), the desktop entry and the AppStream
	// file say the same things.
	var fa fyneApp
	if _, err := toml.DecodeFile("../FyneApp.toml", &fa); err != nil {
		t.Fatal(err)
	}
	de := desktopEntry(t, desktop)
	var meta struct {
		ID         string   `xml:"id"`
		Name       string   `xml:"name"`
		Summary    string   `xml:"summary"`
		Categories []string `xml:"categories>category"`
		Keywords   []string `xml:"keywords>keyword"`
		Launchable string   `xml:"launchable"`
		MediaTypes []string `xml:"provides>mediatype"`
		Releases   []struct {
			Version string `xml:"version,attr"`
		} `xml:"releases>release"`
	}
	b, err := os.ReadFile(metainfo)
	if err != nil {
		t.Fatal(err)
	}
	if err := xml.Unmarshal(b, &meta); err != nil {
		t.Fatal(err)
	}
	mime, err := os.ReadFile("x-chess-pgn.xml")
	if err != nil {
		t.Fatal(err)
	}
	checks := []struct {
		what      string
		got, want any
	}{
		{"toml ID vs metainfo id", fa.Details.ID, meta.ID},
		{"desktop file name vs toml ID", desktop, fa.Details.ID + ".desktop"},
		{"metainfo launchable", meta.Launchable, desktop},
		{"toml Name vs desktop Name", fa.Details.Name, de["Name"]},
		{"metainfo name vs desktop Name", meta.Name, de["Name"]},
		{"toml GenericName vs desktop", fa.LinuxAndBSD.GenericName, de["GenericName"]},
		{"toml Comment vs desktop Comment", fa.LinuxAndBSD.Comment, de["Comment"]},
		{"metainfo summary vs desktop Comment", meta.Summary, de["Comment"]},
		{"toml Categories vs desktop", fa.LinuxAndBSD.Categories, list(de["Categories"])},
		{"metainfo categories vs desktop", meta.Categories, list(de["Categories"])},
		{"toml Keywords vs desktop", fa.LinuxAndBSD.Keywords, list(de["Keywords"])},
		{"metainfo keywords vs desktop", meta.Keywords, list(de["Keywords"])},
		{"desktop Icon", de["Icon"], appID},
		{"toml Version vs latest release", fa.Details.Version, meta.Releases[0].Version},
		{"desktop MimeType vs metainfo", list(de["MimeType"]), meta.MediaTypes},
		{"toml CanOpen vs desktop MimeType", list(fa.CanOpen.MimeTypes), list(de["MimeType"])},
		{"toml Description vs metainfo summary", fa.Description, meta.Summary},
		{"MIME type file declares it", strings.Contains(string(mime), `type="application/x-chess-pgn"`), true},
		{"desktop Exec takes a file", strings.HasSuffix(de["Exec"], " %f"), true},
	}
	for _, c := range checks {
		if g, w := c.got, c.want; !equal(g, w) {
			t.Errorf("%s: %q, want %q", c.what, g, w)
		}
	}
}

func equal(a, b any) bool {
	as, ok1 := a.([]string)
	bs, ok2 := b.([]string)
	if ok1 && ok2 {
		return slices.Equal(as, bs)
	}
	return a == b
}

func TestIcons(t *testing.T) {
	// The hicolor PNGs `make install` copies exist at the sizes they claim
	// (go run ./tools/icons makes them from assets/icon.svg).
	for _, n := range []int{16, 24, 32, 48, 64, 128, 256, 512} {
		dir := filepath.Join("icons", "hicolor", fmt.Sprintf("%dx%d", n, n), "apps")
		f, err := os.Open(filepath.Join(dir, appID+".png"))
		if err != nil {
			t.Error(err)
			continue
		}
		cfg, err := png.DecodeConfig(f)
		f.Close()
		if err != nil || cfg.Width != n || cfg.Height != n {
			t.Errorf("%d×%d icon: %v×%v, %v", n, n, cfg.Width, cfg.Height, err)
		}
	}
	if _, err := os.Stat(filepath.Join("icons", "hicolor", "scalable", "apps", appID+".svg")); err != nil {
		t.Error(err)
	}
}

// testTools are the commands that `make test` runs, directly or through
// another tool (xvfb-run runs xauth).
var testTools = []string{
	"gcc", "pkg-config", "stockfish", "Xvfb", "xvfb-run", "xauth", "xdotool", "import",
	"pgn-extract", "pdftotext", "pdfinfo", "desktop-file-validate", "appstreamcli",
	"update-mime-database", "xdg-mime",
}

// TestEveryToolIsInstalled checks that every command the tests run comes
// from a package that `make test-deps` installs without recommends: one of
// the Makefile's packages or a package they depend on. xvfb only recommends
// xauth, so a clean machine had xvfb-run and no xauth (issue 45, point 0).
func TestEveryToolIsInstalled(t *testing.T) {
	checkTools(t, "packages", "test-deps", testTools)
}

// windowsTools are the commands that `make windows` and `make
// windows-test` run (packaging/windows/wine-test.sh, e2e/wine_test.go).
var windowsTools = []string{
	"x86_64-w64-mingw32-gcc", "x86_64-w64-mingw32-windres", "makensis", "zip",
	"wine", "wineboot", "wineserver", "Xvfb", "xdotool", "import",
}

// TestEveryWindowsToolIsInstalled is TestEveryToolIsInstalled for the
// Windows build and its Wine checks, once `make windows-deps` has run:
// make test does not install them.
func TestEveryWindowsToolIsInstalled(t *testing.T) {
	if _, err := exec.LookPath("makensis"); err != nil {
		t.Skip("the Windows build's packages are not installed (make windows-deps)")
	}
	checkTools(t, "windows-packages", "windows-deps", windowsTools)
}

// checkTools checks that each of tools comes from one of the packages
// `make list` prints, or one they depend on; install is the make target
// that installs them.
func checkTools(t *testing.T, list, install string, tools []string) {
	t.Helper()
	if _, err := exec.LookPath("dpkg-query"); err != nil {
		t.Fatal("dpkg-query is missing: the tests run on Debian or Ubuntu")
	}
	out, err := exec.Command("make", "-s", "-C", "..", list).Output()
	if err != nil {
		t.Fatalf("make %s: %v", list, err)
	}
	installed := installedPackages(t)
	closure := dependencyClosure(strings.Fields(string(out)), installed)
	for _, tool := range tools {
		path, err := exec.LookPath(tool)
		if err != nil {
			if path, err = exec.LookPath("/usr/games/" + tool); err != nil {
				t.Errorf("%s is not installed (make %s)", tool, install)
				continue
			}
		}
		if real, err := filepath.EvalSymlinks(path); err == nil {
			path = real
		}
		owner, err := exec.Command("dpkg-query", "-S", path).Output()
		if err != nil {
			t.Errorf("%s (%s) belongs to no package", tool, path)
			continue
		}
		pkg, _, _ := strings.Cut(strings.TrimSpace(string(owner)), ":")
		if !closure[pkg] {
			t.Errorf("%s comes from %s, which the Makefile's packages (make %s) do not pull in without recommends", tool, pkg, list)
		}
	}
}

// dpkgPackage is what dpkg knows of an installed package.
type dpkgPackage struct {
	depends  string // Depends and Pre-Depends, comma-separated
	provides []string
}

// installedPackages reads dpkg's database: each installed package's
// dependencies and the virtual packages it provides.
func installedPackages(t *testing.T) map[string]dpkgPackage {
	t.Helper()
	out, err := exec.Command("dpkg-query", "-W", "-f", "${db:Status-Abbrev}\t${Package}\t${Pre-Depends}, ${Depends}\t${Provides}\n").Output()
	if err != nil {
		t.Fatalf("dpkg-query: %v", err)
	}
	pkgs := map[string]dpkgPackage{}
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 4 || !strings.HasPrefix(f[0], "ii") {
			continue
		}
		p := dpkgPackage{depends: f[2]}
		for _, v := range strings.Split(f[3], ",") {
			if name := packageName(v); name != "" {
				p.provides = append(p.provides, name)
			}
		}
		pkgs[f[1]] = p
	}
	return pkgs
}

// packageName is the name in a dependency such as "libc6 (>= 2.34)" or "gcc:amd64".
func packageName(dep string) string {
	name, _, _ := strings.Cut(strings.TrimSpace(dep), " ")
	name, _, _ = strings.Cut(name, ":")
	return name
}

// dependencyClosure is the set of installed packages that roots pull in
// through Depends and Pre-Depends, as apt installs them without recommends:
// of alternatives, the first one installed; a virtual package, its providers.
func dependencyClosure(roots []string, installed map[string]dpkgPackage) map[string]bool {
	providers := map[string][]string{}
	for name, p := range installed {
		for _, v := range p.provides {
			providers[v] = append(providers[v], name)
		}
	}
	seen := map[string]bool{}
	queue := slices.Clone(roots)
	for len(queue) > 0 {
		name := queue[0]
		queue = queue[1:]
		candidates := append([]string{name}, providers[name]...)
		for _, c := range candidates {
			p, ok := installed[c]
			if !ok || seen[c] {
				continue
			}
			seen[c] = true
			for _, dep := range strings.Split(p.depends, ",") {
				for _, alt := range strings.Split(dep, "|") {
					if n := packageName(alt); installed[n].depends != "" || len(providers[n]) > 0 {
						queue = append(queue, n)
						break
					}
				}
			}
		}
	}
	return seen
}
