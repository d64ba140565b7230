package guide

import (
	"embed"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
)

//go:embed en.md ru.md sk.md shots/*.png
var files embed.FS

// Languages are the codes of the languages the guide is written in.
func Languages() []string { return []string{"en", "ru", "sk"} }

// Text returns the guide in the language code ("en", "ru", "sk"), the
// English one for a language it is not written in. Its images are links
// relative to the guide, shots/LANG-NAME.png.
func Text(code string) string {
	data, err := files.ReadFile(code + ".md")
	if err != nil {
		data, _ = files.ReadFile("en.md")
	}
	return string(data)
}

// imageLink matches a Markdown image whose link is relative to the guide.
var imageLink = regexp.MustCompile(`!\[([^\]]*)\]\((shots/[^)]+)\)`)

// WithImagesIn returns the guide in the language code with its images
// written into dir (created if need be) and its links made absolute file
// URLs there, for a viewer that shows the Markdown outside the guide's
// folder.
func WithImagesIn(code, dir string) (string, error) {
	text := Text(code)
	if err := os.MkdirAll(filepath.Join(dir, "shots"), 0o755); err != nil {
		return "", fmt.Errorf("guide: %w", err)
	}
	var werr error
	text = imageLink.ReplaceAllStringFunc(text, func(link string) string {
		m := imageLink.FindStringSubmatch(link)
		data, err := fs.ReadFile(files, m[2])
		if err != nil {
			werr = fmt.Errorf("guide: %s: %w", m[2], err)
			return ""
		}
		path := filepath.Join(dir, filepath.FromSlash(m[2]))
		if err := os.WriteFile(path, data, 0o644); err != nil {
			werr = fmt.Errorf("guide: %w", err)
			return ""
		}
		return "![" + m[1] + "](file://" + filepath.ToSlash(path) + ")"
	})
	return text, werr
}

// Images returns the paths of the images the guide in code links to,
// relative to the guide.
func Images(code string) []string {
	var out []string
	for _, m := range imageLink.FindAllStringSubmatch(Text(code), -1) {
		out = append(out, m[2])
	}
	return out
}
