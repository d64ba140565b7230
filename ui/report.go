package ui

import (
	"errors"
	"path/filepath"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"touchmove/app"
	"touchmove/app/library"
	"touchmove/app/prepare"
	"touchmove/ui/gamelist"
)

// reportHost is what the report pane asks of its window (*Window,
// hosts.go): the session and the open file's games to show a game of the
// report in, the tabs, the dialogs and the message line, a PDF to save and
// show, and work off the UI goroutine.
type reportHost interface {
	gameSession() *app.Session
	openLibrary() *library.Library
	gamesTab() *gamelist.Tab
	windowDialogs() *dialogs
	notice(text string)
	unsavedThen(f func())
	showNotationTab()
	showTab(item *container.TabItem)
	savePDF(name string, then func(path string))
	viewFile(path string) error
	background(f func())
}

// reportPane is the Report tab beside the Game and Games tabs: the report
// on a player (Training › Report on a player…, app/prepare) as its Page —
// his totals, his first moves, his openings, his positions after move 10
// and where the games leave the user's repertoire. A line opens its game
// at its move; a place where a game left the repertoire can be added to
// it; Print as PDF… writes the report in the window's language.
type reportPane struct {
	host   reportHost
	item   *container.TabItem
	body   *fyne.Container
	scroll *container.Scroll // body, scrolled
	print  *widget.Button
	report *prepare.Report // nil until a report is made
	path   string          // the file of the report's games
	rep    string          // the user's repertoire, "" for none
	// links are the lines that open a game and adds the buttons that add
	// to the repertoire, in the order shown (for the tests).
	links []*widget.Hyperlink
	adds  []*widget.Button
}

// newReportPane returns the pane, empty and not among the tabs yet.
func newReportPane(host reportHost) *reportPane {
	p := &reportPane{host: host, body: container.NewVBox()}
	p.print = widget.NewButton(lang.L("Print as PDF…"), p.printPDF)
	hint := widget.NewLabel(lang.L("Click a line: its game opens at that move."))
	hint.Wrapping = fyne.TextWrapWord
	top := container.NewBorder(nil, nil, nil, p.print, hint)
	p.scroll = container.NewVScroll(p.body)
	p.item = container.NewTabItem(lang.L("Report"), container.NewBorder(top, nil, nil, nil, p.scroll))
	return p
}

// reportSay fills a template of the report in the window's language.
func reportSay(tmpl string, args map[string]any) string { return lang.L(tmpl, args) }

// show shows the report r on the games of the file at path, made against
// the repertoire in the file rep ("" for none), and brings its tab to the
// front.
func (p *reportPane) show(r prepare.Report, path, rep string) {
	p.report, p.path, p.rep = &r, path, rep
	p.links, p.adds = nil, nil
	page := r.Page(reportSay)
	p.body.RemoveAll()
	title := widget.NewLabel(page.Title)
	title.TextStyle.Bold = true
	p.body.Add(title)
	for _, line := range page.Summary {
		p.body.Add(widget.NewLabel(line))
	}
	for _, sec := range page.Sections {
		head := widget.NewLabel(sec.Title)
		head.TextStyle.Bold = true
		p.body.Add(head)
		if len(sec.Items) == 0 {
			p.body.Add(widget.NewLabel("    " + lang.L("(none)")))
		}
		for _, it := range sec.Items {
			p.body.Add(p.itemRow(sec.Kind, it))
		}
	}
	p.body.Refresh()
	p.scroll.ScrollToTop()
	p.host.showTab(p.item)
}

// itemRow is one line of a section: its text, which opens its game, and
// at the right its results or the button that adds it to the repertoire.
func (p *reportPane) itemRow(kind prepare.ItemKind, it prepare.Item) fyne.CanvasObject {
	link := widget.NewHyperlink(it.Text, nil)
	link.Wrapping = fyne.TextWrapWord
	link.OnTapped = func() { p.openGame(it.Game, it.Ply) }
	p.links = append(p.links, link)
	var right fyne.CanvasObject
	switch {
	case it.Tally != "":
		right = widget.NewLabel(it.Tally)
	case kind == prepare.Deviations || kind == prepare.Leaves:
		var add *widget.Button
		add = widget.NewButton(lang.L("Add to my repertoire"), func() { p.add(kind, it.Index, add) })
		p.adds = append(p.adds, add)
		right = add
	}
	return container.NewBorder(nil, nil, nil, right, link)
}

// openGame opens game number (from 1) of the report's file at ply, once
// the game on the board is saved or given up.
func (p *reportPane) openGame(number, ply int) {
	lib := p.host.openLibrary()
	if lib == nil || lib.Path() != p.path || number < 1 || number > lib.Len() {
		p.host.notice(lang.L("Open {{.Name}} in the Games tab to see its games.", map[string]any{"Name": filepath.Base(p.path)}))
		return
	}
	p.host.unsavedThen(func() {
		p.host.gamesTab().Load(lib, number-1)
		s := p.host.gameSession()
		n := s.Game().Root()
		for range ply {
			if n.Next() == nil {
				break
			}
			n = n.Next()
		}
		s.GoTo(n)
		p.host.showNotationTab()
	})
}

// add adds the place where a game left the repertoire (kind Deviations or
// Leaves, its index in the report) to the repertoire's file, which keeps
// every other byte (app.AddToRepertoireFile, as the tree adds), and marks
// its button done.
func (p *reportPane) add(kind prepare.ItemKind, i int, button *widget.Button) {
	var after, line []string
	if kind == prepare.Deviations {
		d := p.report.Deviations[i]
		after, line = d.Before, []string{d.Played}
	} else {
		l := p.report.Leaves[i]
		after, line = l.Before, l.Line()
	}
	moves, err := app.SANMoves(append(slices.Clone(after), line...))
	if err == nil {
		_, err = app.AddToRepertoireFile(p.rep, moves)
	}
	switch {
	case errors.Is(err, app.ErrInRepertoire):
		p.host.notice(lang.L("That is in your repertoire already."))
	case err != nil:
		p.host.windowDialogs().showError(err)
		return
	default:
		p.host.notice(lang.L("{{.Moves}} added to your repertoire, {{.Name}}.",
			map[string]any{"Moves": prepare.MoveText(after, line[0]), "Name": filepath.Base(p.rep)}))
	}
	button.SetText(lang.L("Added"))
	button.Disable()
}

// printPDF writes the report as a PDF in the window's language where the
// user chooses (Print as PDF…, Training › Print the report as PDF…), then
// opens it in the desktop's viewer to be printed.
func (p *reportPane) printPDF() {
	if p.report == nil {
		p.host.notice(lang.L("Make a report first: Training › Report on a player…"))
		return
	}
	r := *p.report
	paper := paperFor(string(lang.SystemLocale()))
	p.host.savePDF(fileWord(r.Player)+".pdf", func(path string) {
		p.host.notice(lang.L("Writing the report…"))
		p.host.background(func() {
			err := prepare.WritePDFFile(path, r, reportSay, paper)
			fyne.Do(func() { p.printed(path, err) })
		})
	})
}

// printed tells how writing the PDF to path went, and shows it.
func (p *reportPane) printed(path string, err error) {
	p.host.notice("")
	if err != nil {
		p.host.windowDialogs().showError(err)
		return
	}
	p.host.notice(lang.L("Report written to {{.Name}}.", map[string]any{"Name": filepath.Base(path)}))
	if err := p.host.viewFile(path); err != nil {
		p.host.windowDialogs().showProblem(withDetail(lang.L("The report is in {{.Path}}, but no viewer opened it.", map[string]any{"Path": path}), err))
	}
}
