package ui

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// dialogsOutsideShow are the files allowed to show a dialog without
// dialogs.show, and why.
var dialogsOutsideShow = map[string]string{
	"picker.go": "Fyne's file dialogs, where no native chooser is; the crawl answers the choosers with its own picker",
}

// TestEveryDialogIsRegistered reads the package's source: every dialog is
// shown through dialogs.show (no dialog.Show… function, no Show on a
// dialog made with dialog.New…, no pop-up of its own), and every
// dialogKind constant is listed in dialogKinds, which the crawl
// (TestCrawl) visits whole.
func TestEveryDialogIsRegistered(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	consts := map[string]dialogKind{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		made := map[string]bool{} // the expressions given a dialog.New… value
		var shows []*ast.CallExpr
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ValueSpec:
				if id, ok := n.Type.(*ast.Ident); ok && id.Name == "dialogKind" {
					for i, v := range n.Values {
						if lit, ok := v.(*ast.BasicLit); ok {
							s, _ := strconv.Unquote(lit.Value)
							consts[n.Names[i].Name] = dialogKind(s)
						}
					}
				}
			case *ast.AssignStmt:
				for i, r := range n.Rhs {
					if call, ok := r.(*ast.CallExpr); ok && i < len(n.Lhs) && pkgCall(call, "dialog", "New") {
						made[exprText(n.Lhs[i])] = true
					}
				}
			case *ast.CallExpr:
				switch {
				case pkgCall(n, "dialog", "Show"), pkgCall(n, "widget", "NewModalPopUp"), pkgCall(n, "widget", "NewPopUp"), pkgCall(n, "widget", "ShowPopUp"), pkgCall(n, "widget", "ShowModalPopUp"):
					if _, ok := dialogsOutsideShow[name]; !ok {
						t.Errorf("%s: %s shows a dialog without dialogs.show", fset.Position(n.Pos()), exprText(n.Fun))
					}
				default:
					if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Show" && len(n.Args) == 0 {
						shows = append(shows, n)
					}
				}
			}
			return true
		})
		for _, call := range shows {
			recv := exprText(call.Fun.(*ast.SelectorExpr).X)
			if _, ok := dialogsOutsideShow[name]; made[recv] && !ok && !(name == "dialogs.go" && recv == "d") {
				t.Errorf("%s: %s.Show() shows a dialog without dialogs.show", fset.Position(call.Pos()), recv)
			}
		}
	}
	listed := dialogKinds()
	for name, kind := range consts {
		if _, ok := listed[kind]; !ok {
			t.Errorf("dialogKinds does not list %s (%q)", name, kind)
		}
	}
	if len(listed) != len(consts) {
		t.Errorf("dialogKinds lists %d kinds, the package declares %d", len(listed), len(consts))
	}
}

// pkgCall reports whether call calls a function of package pkg whose name
// begins with prefix.
func pkgCall(call *ast.CallExpr, pkg, prefix string) bool {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && id.Name == pkg && strings.HasPrefix(sel.Sel.Name, prefix)
}

// exprText returns an identifier or a selector as written ("pe.d").
func exprText(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return exprText(e.X) + "." + e.Sel.Name
	}
	return ""
}
