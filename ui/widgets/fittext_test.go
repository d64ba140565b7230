package widgets

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// TestFitText cuts texts that are too wide with an ellipsis.
func TestFitText(t *testing.T) {
	test.NewTempApp(t)
	const size = 14
	wide := fyne.MeasureText("Carlsen, Magnus", size, fyne.TextStyle{}).Width
	tests := []struct {
		text  string
		width float32
		want  string
	}{
		{"", 10, ""},
		{"Carlsen, Magnus", wide, "Carlsen, Magnus"},
		{"Carlsen, Magnus", wide - 1, ""}, // cut: checked below
		{"Øster, Åse", 1, "…"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%q in %.0f", tt.text, tt.width), func(t *testing.T) {
			got := FitText(tt.text, tt.width, size)
			if tt.want != "" && got != tt.want {
				t.Errorf("FitText = %q, want %q", got, tt.want)
			}
			if got != tt.text {
				if !strings.HasSuffix(got, "…") || !strings.HasPrefix(tt.text, strings.TrimSuffix(got, "…")) {
					t.Errorf("FitText = %q: not a cut of %q", got, tt.text)
				}
				if w := fyne.MeasureText(got, size, fyne.TextStyle{}).Width; w > tt.width && got != "…" {
					t.Errorf("FitText = %q, %v wide, more than %v", got, w, tt.width)
				}
				longer := []rune(strings.TrimSuffix(got, "…"))
				if n := len(longer); n < len([]rune(tt.text)) {
					next := string([]rune(tt.text)[:n+1]) + "…"
					if fyne.MeasureText(next, size, fyne.TextStyle{}).Width <= tt.width {
						t.Errorf("FitText = %q, but %q fits too", got, next)
					}
				}
			}
		})
	}
}
