package scoresheet

import (
	"fmt"
	"io"
	"strings"

	"github.com/go-pdf/fpdf"
)

// Paper is a paper size.
type Paper uint8

// The paper sizes a scoresheet is printed on.
const (
	A4     Paper = iota // 210 × 297 mm
	Letter              // 8.5 × 11 in
)

// ParsePaper reads a paper size: "a4" or "letter", in any case.
func ParsePaper(s string) (Paper, error) {
	switch strings.ToLower(s) {
	case "a4":
		return A4, nil
	case "letter":
		return Letter, nil
	}
	return 0, fmt.Errorf("scoresheet: unknown paper %q (want a4 or letter)", s)
}

// String returns "a4" or "letter".
func (p Paper) String() string {
	if p == Letter {
		return "letter"
	}
	return "a4"
}

// Page geometry in millimetres.
const (
	marginX     = 12.0
	marginY     = 10.0
	titleH      = 8.0
	fieldH      = 9.5 // a labelled box of the header
	footerH     = 32.0
	blockGap    = 4.0
	numberW     = 9.0
	font        = "Noto"
	labelSize   = 6.0 // points
	valueSize   = 10.0
	moveSize    = 10.0
	clockSize   = 6.0
	minTextSize = 6.0
)

// WritePDF draws the sheet on paper and writes the PDF to w: a header with
// the event and the players, the grid of moves, and on the last page the
// result, the termination and the signature lines.
func (s *Sheet) WritePDF(w io.Writer, paper Paper) error {
	pdf := NewDocument(paper, strings.TrimSpace(s.White.Name+" – "+s.Black.Name+", "+s.Event))
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetMargins(marginX, marginY, marginX)
	r := renderer{pdf: pdf, s: s}
	for _, page := range s.Pages() {
		r.page(page)
	}
	if err := pdf.Output(w); err != nil {
		return fmt.Errorf("scoresheet: %w", err)
	}
	return nil
}

// Font is the family of NewDocument's fonts: Noto Sans, regular ("") and
// bold ("B"), with every Slovak and Cyrillic letter.
const Font = font

// NewDocument returns an empty PDF document in millimetres on paper, with
// the scoresheet's fonts (Font) and title: the writer of the app's other
// printed pages too (the report on a player).
func NewDocument(paper Paper, title string) *fpdf.Fpdf {
	size := "A4"
	if paper == Letter {
		size = "Letter"
	}
	pdf := fpdf.NewCustom(&fpdf.InitType{OrientationStr: "P", UnitStr: "mm", SizeStr: size})
	pdf.AddUTF8FontFromBytes(font, "", notoRegular)
	pdf.AddUTF8FontFromBytes(font, "B", notoBold)
	pdf.SetTitle(title, true)
	pdf.SetCreator("Touchmove", true)
	return pdf
}

// renderer draws the pages of one sheet.
type renderer struct {
	pdf *fpdf.Fpdf
	s   *Sheet
}

// t returns the sheet's words for key (Words), English when the sheet was
// made without a Translate.
func (r *renderer) t(key string, data ...any) string {
	if r.s.tr == nil {
		return english(key, data...)
	}
	return r.s.tr(key, data...)
}

func (r *renderer) page(p Page) {
	pdf := r.pdf
	pdf.AddPage()
	pageW, pageH := pdf.GetPageSize()
	width := pageW - 2*marginX
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetTextColor(0, 0, 0)
	pdf.SetLineWidth(0.2)

	y := marginY
	pdf.SetFont(font, "B", 14)
	pdf.Text(marginX, y+5.5, r.t(wTitle))
	pdf.SetFont(font, "", 8)
	pageText := r.t(wPage, map[string]any{"Number": p.Number, "Of": p.Of})
	pdf.Text(pageW-marginX-pdf.GetStringWidth(pageText), y+5.5, pageText)
	y += titleH

	s := r.s
	y = r.fields(y, width, []field{{r.t(wEvent), s.Event, 0.75}, {r.t(wDate), s.Date, 0.25}})
	y = r.fields(y, width, []field{{r.t(wSite), s.Site, 0.6}, {r.t(wRound), s.Round, 0.2}, {r.t(wBoard), s.Board, 0.2}})
	for _, pl := range []struct {
		side string
		p    Player
	}{{r.t(wWhite), s.White}, {r.t(wBlack), s.Black}} {
		fed := pl.p.Federation
		if pl.p.Team != "" {
			fed = strings.TrimSpace(fed + " " + pl.p.Team)
		}
		y = r.fields(y, width, []field{{pl.side, pl.p.Name, 0.55}, {r.t(wRating), pl.p.Rating, 0.12}, {r.t(wFederation), fed, 0.18}, {r.t(wFideID), pl.p.FideID, 0.15}})
	}
	y = r.fields(y, width, []field{{r.t(wTimeControl), s.TimeControl, 0.7}, {r.t(wRules), s.Rules, 0.3}})
	y += 3

	gridBottom := pageH - marginY - footerH
	rowH := (gridBottom - y) / float64(RowsPerBlock+1)
	blockW := (width - blockGap*(BlocksPerPage-1)) / BlocksPerPage
	for b, rows := range p.Blocks {
		r.block(marginX+float64(b)*(blockW+blockGap), y, blockW, rowH, rows)
	}
	if p.Number < p.Of {
		pdf.SetFont(font, "", 9)
		text := r.t(wContinued, map[string]any{"Number": p.Number + 1})
		pdf.Text(marginX+(width-pdf.GetStringWidth(text))/2, gridBottom+footerH/2, text)
		return
	}
	r.footer(gridBottom+3, width)
}

// field is one labelled box of the header; share is its part of the width.
type field struct {
	label, value string
	share        float64
}

// fields draws a row of labelled boxes at y and returns the y below it.
func (r *renderer) fields(y, width float64, fs []field) float64 {
	pdf := r.pdf
	x := marginX
	for _, f := range fs {
		w := width * f.share
		pdf.Rect(x, y, w, fieldH, "D")
		pdf.SetFont(font, "", labelSize)
		pdf.SetTextColor(90, 90, 90)
		pdf.Text(x+1.2, y+2.6, f.label)
		pdf.SetTextColor(0, 0, 0)
		pdf.SetFont(font, "B", valueSize)
		pdf.Text(x+1.2, y+fieldH-1.8, r.fit(f.value, w-2.4, valueSize))
		x += w
	}
	return y + fieldH
}

// fit shrinks the current font until text fits in width, down to
// minTextSize, and returns text, cut short with "…" if it still does not fit.
func (r *renderer) fit(text string, width, size float64) string {
	for size > minTextSize && r.pdf.GetStringWidth(text) > width {
		size -= 0.5
		r.pdf.SetFontSize(size)
	}
	if r.pdf.GetStringWidth(text) <= width {
		return text
	}
	runes := []rune(text)
	for len(runes) > 0 && r.pdf.GetStringWidth(string(runes)+"…") > width {
		runes = runes[:len(runes)-1]
	}
	return string(runes) + "…"
}

// block draws one block of the grid: a heading row, then rows of number,
// White's move and Black's move.
func (r *renderer) block(x, y, w, rowH float64, rows []Row) {
	pdf := r.pdf
	moveW := (w - numberW) / 2
	pdf.SetFillColor(230, 230, 230)
	pdf.Rect(x, y, w, rowH, "FD")
	pdf.SetFont(font, "B", 8)
	baseline := y + rowH/2 + 1.1
	pdf.Text(x+1.2, baseline, r.t(wNumber))
	for i, name := range []string{r.t(wWhite), r.t(wBlack)} {
		cx := x + numberW + float64(i)*moveW
		pdf.Text(cx+1.5, baseline, name)
		if r.s.HasClock {
			pdf.SetFont(font, "", 5.5)
			hint := r.t(wClockUsed)
			pdf.Text(cx+moveW-1.2-pdf.GetStringWidth(hint), baseline, hint)
			pdf.SetFont(font, "B", 8)
		}
	}
	for i, row := range rows {
		ry := y + float64(i+1)*rowH
		pdf.Rect(x, ry, numberW, rowH, "D")
		pdf.Rect(x+numberW, ry, moveW, rowH, "D")
		pdf.Rect(x+numberW+moveW, ry, moveW, rowH, "D")
		pdf.SetFont(font, "", 8)
		num := fmt.Sprint(row.Number)
		pdf.Text(x+numberW-1.2-pdf.GetStringWidth(num), ry+rowH/2+1.1, num)
		r.cell(x+numberW, ry, moveW, rowH, row.White)
		r.cell(x+numberW+moveW, ry, moveW, rowH, row.Black)
	}
	pdf.SetLineWidth(0.5)
	pdf.Rect(x, y, w, rowH*float64(len(rows)+1), "D")
	pdf.SetLineWidth(0.2)
}

// cell writes a move in its box: the move on the left, the clock and the
// time used in small print on the right, one above the other.
func (r *renderer) cell(x, y, w, h float64, c Cell) {
	if c.Move == "" {
		return
	}
	pdf := r.pdf
	small := 0.0
	if c.Clock != "" || c.Used != "" {
		pdf.SetFont(font, "", clockSize)
		small = max(pdf.GetStringWidth(c.Clock), pdf.GetStringWidth(c.Used)) + 1.2
		if c.Clock != "" {
			pdf.Text(x+w-1.2-pdf.GetStringWidth(c.Clock), y+h-3.2, c.Clock)
		}
		if c.Used != "" {
			pdf.SetTextColor(90, 90, 90)
			pdf.Text(x+w-1.2-pdf.GetStringWidth(c.Used), y+h-0.95, c.Used)
			pdf.SetTextColor(0, 0, 0)
		}
	}
	text := c.Move
	if c.DrawOffer {
		text += " (=)"
	}
	pdf.SetFont(font, "", moveSize)
	pdf.Text(x+1.5, y+h/2+1.3, r.fit(text, w-3-small, moveSize))
}

// footer draws the result, the termination and the three signature lines.
func (r *renderer) footer(y, width float64) {
	pdf := r.pdf
	s := r.s
	result := "" // an unfinished game leaves the field to the players
	if s.Result.Over() {
		result = s.Result.String()
	}
	y = r.fields(y, width, []field{{r.t(wResult), result, 0.25}, {r.t(wTermination), s.Termination, 0.75}})
	lineY := y + 15
	third := width / 3
	for i, who := range []string{r.t(wSignWhite), r.t(wSignBlack), r.t(wSignArbiter)} {
		x := marginX + float64(i)*third
		pdf.Line(x+2, lineY, x+third-4, lineY)
		pdf.SetFont(font, "", 7)
		pdf.Text(x+2, lineY+3.2, who)
	}
}
