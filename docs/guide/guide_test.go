package guide

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The guide is written in each language with the same sections, each
// linking the screenshots of its own language, every one of which is
// built in; no screenshot is left unlinked.
func TestGuideInEveryLanguage(t *testing.T) {
	section := regexp.MustCompile(`(?m)^## \d+\. `)
	want := len(section.FindAllString(Text("en"), -1))
	if want < 5 {
		t.Fatalf("the English guide has %d sections", want)
	}
	linked := map[string]bool{}
	for _, code := range Languages() {
		text := Text(code)
		if n := len(section.FindAllString(text, -1)); n != want {
			t.Errorf("%s: %d sections, English has %d", code, n, want)
		}
		images := Images(code)
		if len(images) < want-1 {
			t.Errorf("%s: only %d screenshots", code, len(images))
		}
		for _, img := range images {
			if !strings.HasPrefix(img, "shots/"+code+"-") {
				t.Errorf("%s links %s, a screenshot of another language", code, img)
			}
			if _, err := fs.Stat(files, img); err != nil {
				t.Errorf("%s: %v", code, err)
			}
			linked[img] = true
		}
	}
	shots, _ := fs.Glob(files, "shots/*.png")
	for _, s := range shots {
		if !linked[s] {
			t.Errorf("%s is linked by no guide", s)
		}
	}
	if got := Text("de"); got != Text("en") {
		t.Error("a language without a guide does not get the English one")
	}
}

// WithImagesIn writes the screenshots out and links them where they are.
func TestGuideWithImagesIn(t *testing.T) {
	dir := t.TempDir()
	text, err := WithImagesIn("ru", dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, img := range Images("ru") {
		path := filepath.Join(dir, filepath.FromSlash(img))
		if _, err := os.Stat(path); err != nil {
			t.Error(err)
		}
		if !strings.Contains(text, "(file://"+filepath.ToSlash(path)+")") {
			t.Errorf("the guide does not link %s", path)
		}
	}
	if slices.Contains(strings.Fields(text), "(shots/") {
		t.Error("a relative link is left")
	}
}
