package widgets

import (
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"
)

// longTextWidth is the most characters a line of the long-text viewer
// holds; longer lines are broken, at a space where there is one.
const longTextWidth = 100

// ShowLongText shows text whole in a pop-up over the canvas of o: its
// lines in a list, which lays out only the lines in view. Cutting the text
// into lines is linear and quick (milliseconds for the megabyte a comment
// holds at most); laying it all out at once is what froze the window.
func ShowLongText(o fyne.CanvasObject, title, text string) {
	if c := fyne.CurrentApp().Driver().CanvasForObject(o); c != nil {
		popUpLines(c, title, LongTextLines(text))
	}
}

// LongTextLines returns the lines ShowLongText shows text in: its own lines,
// broken at longTextWidth characters.
func LongTextLines(text string) []string { return textLines(text, longTextWidth) }

// textLines cuts s into its lines, and those into lines of at most width
// characters, broken after a space where there is one.
func textLines(s string, width int) []string {
	var out []string
	for line := range strings.SplitSeq(s, "\n") {
		for utf8.RuneCountInString(line) > width {
			cut, n := 0, 0
			for i := range line {
				if n == width {
					cut = i
					break
				}
				n++
			}
			if sp := strings.LastIndexByte(line[:cut], ' '); sp > cut/2 {
				cut = sp + 1
			}
			out = append(out, line[:cut])
			line = line[cut:]
		}
		out = append(out, line)
	}
	return out
}

// popUpLines shows lines under title in a modal pop-up over c, with a
// Close button.
func popUpLines(c fyne.Canvas, title string, lines []string) *widget.PopUp {
	list := widget.NewList(
		func() int { return len(lines) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(lines[i]) })
	var pop *widget.PopUp
	closeBtn := widget.NewButton(lang.L("Close"), func() { pop.Hide() })
	head := widget.NewLabelWithStyle(lang.N("{{.Title}} ({{.Count}} lines)", len(lines), map[string]any{"Title": title, "Count": len(lines)}), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	pop = widget.NewModalPopUp(container.NewBorder(head, container.NewHBox(layout.NewSpacer(), closeBtn), nil, nil, list), c)
	pop.Resize(fyne.NewSize(c.Size().Width*0.85, c.Size().Height*0.85))
	pop.Show()
	return pop
}
