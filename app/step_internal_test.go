package app

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestOneChangePath holds the session to one change path: outside the
// step's commit (step.go), no code of the package assigns the version or
// the dirty flag of a Session, so that every change of the tree is
// journaled, recorded and told the same way.
func TestOneChangePath(t *testing.T) {
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fields := map[string]bool{"version": true, "dirty": true}
	fset := token.NewFileSet()
	found := 0
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			owner := fn.Name.Name
			if fn.Recv != nil && len(fn.Recv.List) == 1 {
				if star, ok := fn.Recv.List[0].Type.(*ast.StarExpr); ok {
					if id, ok := star.X.(*ast.Ident); ok {
						owner = id.Name + "." + owner
					}
				}
			}
			check := func(x ast.Expr) {
				sel, ok := x.(*ast.SelectorExpr)
				if !ok || !fields[sel.Sel.Name] {
					return
				}
				if id, ok := sel.X.(*ast.Ident); !ok || id.Name != "s" {
					return // another type's field of that name (a JournalEntry's Dirty is spelt apart)
				}
				if owner == "Session.commit" {
					found++
					return
				}
				t.Errorf("%s: %s assigns s.%s: only the step's commit may (step.go)", fset.Position(sel.Pos()), owner, sel.Sel.Name)
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.AssignStmt:
					for _, x := range n.Lhs {
						check(x)
					}
				case *ast.IncDecStmt:
					check(n.X)
				case *ast.UnaryExpr:
					if n.Op == token.AND {
						check(n.X) // a pointer to the field would let anyone change it
					}
				}
				return true
			})
		}
	}
	if found == 0 {
		t.Fatal("the commit of the step assigns neither the version nor the dirty flag: the test looks at nothing")
	}
}
