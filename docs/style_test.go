package docs

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// maxFuncLines is style.md rule 21's limit: the lines of a function, from
// its func to its closing brace.
const maxFuncLines = 100

// TestFunctionsAreShort holds style.md rule 21: no function of app, ui or
// device, nor a func literal in one, is over maxFuncLines lines. A dialog
// is a type with methods, a menu a table, a command named steps.
func TestFunctionsAreShort(t *testing.T) {
	// longFuncsLeft are the functions over the limit that another change
	// of issue 46 shortens, by path and name; each is reported when it is
	// no longer long, to be taken off the list.
	longFuncsLeft := map[string]bool{}
	fset := token.NewFileSet()
	funcs := 0
	left := map[string]bool{}
	for _, dir := range []string{"app", "ui", "device"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if name := d.Name(); strings.HasPrefix(name, ".") || name == "testdata" {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			rel, err := filepath.Rel(root, path)
			if err != nil {
				return err
			}
			ast.Inspect(f, func(n ast.Node) bool {
				name, body := "", (*ast.BlockStmt)(nil)
				switch fn := n.(type) {
				case *ast.FuncDecl:
					name, body = fn.Name.Name, fn.Body
				case *ast.FuncLit:
					name, body = "a func literal", fn.Body
				}
				if body == nil {
					return true
				}
				funcs++
				lines := fset.Position(body.Rbrace).Line - fset.Position(n.Pos()).Line + 1
				key := filepath.ToSlash(rel) + " " + name
				switch {
				case lines <= maxFuncLines:
				case longFuncsLeft[key]:
					left[key] = true
				default:
					t.Errorf("%s: %s is %d lines, over %d (style.md rule 21): make it named steps, a type with methods or a table", fset.Position(n.Pos()), name, lines, maxFuncLines)
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d functions and func literals", funcs)
	if funcs < 1000 {
		t.Errorf("read %d functions: the walk missed the code", funcs)
	}
	for key := range longFuncsLeft {
		if !left[key] {
			t.Errorf("%s is no longer over %d lines: take it off longFuncsLeft", key, maxFuncLines)
		}
	}
}
