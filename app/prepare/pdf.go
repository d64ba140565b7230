package prepare

import (
	"fmt"
	"io"

	"touchmove/app/scoresheet"
)

// Page geometry of the PDF, in millimetres and points.
const (
	pdfMargin   = 15.0
	pdfLine     = 5.0 // the height of a line of text
	pdfTextSize = 10.0
	pdfTallyW   = 62.0 // the width of the results column
)

// WritePDF writes the report as a PDF on paper, in the words of say, with
// the scoresheet's writer and fonts (every Slovak and Cyrillic letter):
// the title, the totals, then each section, its items with the results in
// a column at the right.
func WritePDF(w io.Writer, r Report, say Say, paper scoresheet.Paper) error {
	p := r.Page(say)
	pdf := scoresheet.NewDocument(paper, p.Title)
	pdf.SetMargins(pdfMargin, pdfMargin, pdfMargin)
	pdf.SetAutoPageBreak(true, pdfMargin)
	pdf.AddPage()
	pageW, _ := pdf.GetPageSize()
	width := pageW - 2*pdfMargin
	pdf.SetFont(scoresheet.Font, "B", 15)
	pdf.MultiCell(width, 8, p.Title, "", "L", false)
	pdf.Ln(2)
	pdf.SetFont(scoresheet.Font, "", pdfTextSize)
	for _, line := range p.Summary {
		pdf.MultiCell(width, pdfLine, line, "", "L", false)
	}
	for _, sec := range p.Sections {
		pdf.Ln(3)
		pdf.SetFont(scoresheet.Font, "B", 11)
		pdf.MultiCell(width, 6, sec.Title, "B", "L", false)
		pdf.Ln(1)
		pdf.SetFont(scoresheet.Font, "", pdfTextSize)
		if len(sec.Items) == 0 {
			pdf.MultiCell(width, pdfLine, say("(none)", nil), "", "L", false)
		}
		for _, it := range sec.Items {
			if it.Tally == "" {
				pdf.MultiCell(width, pdfLine, it.Text, "", "L", false)
				continue
			}
			x, y := pdf.GetXY()
			pdf.MultiCell(width-pdfTallyW-2, pdfLine, it.Text, "", "L", false)
			below := pdf.GetY()
			if below < y { // the text went on to a new page
				y = pdfMargin
			}
			pdf.SetXY(x+width-pdfTallyW, y)
			pdf.MultiCell(pdfTallyW, pdfLine, it.Tally, "", "R", false)
			pdf.SetXY(x, max(below, pdf.GetY()))
		}
	}
	if err := pdf.Output(w); err != nil {
		return fmt.Errorf("prepare: the report's PDF: %w", err)
	}
	return nil
}

// WritePDFFile writes the report's PDF (WritePDF) to path, replacing only
// a PDF or an empty file (scoresheet.WritePDFFile).
func WritePDFFile(path string, r Report, say Say, paper scoresheet.Paper) error {
	return scoresheet.WritePDFFile(path, func(w io.Writer) error { return WritePDF(w, r, say, paper) })
}
